// Writing mail in a real browser (two users of one company): A writes to B picking B from the autocomplete, a
// Korean subject, bold text and an attachment through the picker (progress to done), and sends; B has it with
// the attachment; B replies with an attachment from the reply route and A gets it. The send checks show their
// messages (no To, an invalid address, an empty subject asks); a scheduled mail waits in Sent as RESERVE and is
// delivered by the scheduled job when due; saving a draft switches the route to the draft. Screens in ko, en
// and id; axe on the compose screen. Then (user C): auto-save fires on time while the user keeps typing and
// switches the route to the draft in place; leaving with unsaved text asks (and the page's beforeunload);
// the secure-mail password is not kept in sessionStorage; with tabs on, the list tab and back keeps the
// mail; files dropped on the screen are attached; the quoted original loads no remote image; a compose that
// cannot load ends in a usable blank compose; the preview before sending.
import { afterEach, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { processScheduled } from "../../server/modules/mail/outbound/scheduled.ts";
import { mailsIn } from "../mail/compose/helpers.ts";
import { axe as axeOf, seriousViolations, startE2E } from "./support/browser.ts";
import { login } from "../support/test-app.ts";
import { deliver, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-compose");
const co = await mailCompany(e, "compose.test");
const A = await co.member("ana");
const B = await co.member("bora");
const C = await co.member("cara");
const SUBJECT = "분기 보고서 검토 요청";

const writeUrl = (action: Record<string, unknown> = {}) => `${e.base}/#/mail/write/-1/1/${encodeURIComponent(JSON.stringify(action))}`;
const form = (page: Page) => page.locator("form.cmp");

async function openCompose(page: Page, action: Record<string, unknown> = {}) {
  // Through the list: leaving a compose screen normally drops what it kept, so each test starts clean.
  await page.goto(`${e.base}/#/mail/-1/1`);
  await page.waitForURL(/#\/mail\/-1\/1/);
  await page.goto(writeUrl(action));
  await form(page).getByRole("textbox", { name: /^(내용|Message|Isi)$/ }).waitFor();
}

async function attach(page: Page, name: string, text: string) {
  await form(page).locator("input[type=file]").setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
  const row = form(page).locator(".cmp-file", { hasText: name });
  await row.getByText("완료").waitFor();
}

const a = await e.newPage();
const b = await e.newPage();
for (const p of [a.page, b.page]) p.on("console", (m) => m.type() === "error" && console.error(`[console] ${m.text()}`));

for (const p of [a.page, b.page]) p.setDefaultTimeout(12_000);
afterEach(async (ctx) => {
  // A failed step leaves both users' screens for the report.
  if (ctx.task.result?.state === "fail") {
    await e.shot(a.page, `FAILED-a-${ctx.task.name.slice(0, 20)}`).catch(() => {});
    await e.shot(b.page, `FAILED-b-${ctx.task.name.slice(0, 20)}`).catch(() => {});
  }
});

describe("compose", () => {
  test("A writes to B: autocomplete, Korean subject, bold text, an attachment; B has it", async () => {
    const { page } = a;
    await signIn(e, page, "ana", co.domain, USER_PASSWORD);
    await openCompose(page);
    const f = form(page);
    await f.getByRole("combobox", { name: "받는 사람" }).fill("bora");
    await page.getByRole("option", { name: /User bora/ }).click();
    await f.locator(".cmp-chip", { hasText: "bora@compose.test" }).waitFor();
    await f.getByLabel("제목", { exact: true }).fill(SUBJECT);
    const editor = f.getByRole("textbox", { name: "내용" });
    await editor.click();
    await page.keyboard.type("검토 부탁드립니다.");
    await page.keyboard.press("Control+A");
    await f.getByRole("button", { name: "굵게" }).click();
    await expect(f.getByRole("button", { name: "굵게" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await attach(page, "report.txt", "quarterly numbers");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "compose-filled-ko");

    await f.getByRole("button", { name: "보내기", exact: true }).click();
    await page.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();
    await e.shot(page, "result-sent");

    const [got] = await mailsIn(e.t, B.username, "INBOX");
    expect(got.message.subject).toBe(SUBJECT);
    expect(got.message.htmlBody).toMatch(/<(strong|b)>검토 부탁드립니다\.<\/(strong|b)>/);
    expect(got.message.attachments.map((x) => x.name)).toEqual(["report.txt"]);
  });

  test("B replies with an attachment from the reply route; A gets it", async () => {
    const { page } = b;
    await signIn(e, page, "bora", co.domain, USER_PASSWORD);
    const [inbox] = await mailsIn(e.t, B.username, "INBOX");
    await openCompose(page, { type: 1, mailId: inbox.mail.id });
    const f = form(page);
    await expect(f.getByLabel("제목", { exact: true }).inputValue()).resolves.toBe(`RE: ${SUBJECT}`);
    await f.locator(".cmp-chip", { hasText: A.username }).waitFor();
    await f.getByRole("region", { name: "원본 메일" }).waitFor();
    await f.getByRole("textbox", { name: "내용" }).click();
    await page.keyboard.type("수정본을 첨부합니다.");
    await attach(page, "answer.txt", "revised numbers");
    await e.shot(page, "reply");
    await f.getByRole("button", { name: "보내기", exact: true }).click();
    await page.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();

    const [got] = await mailsIn(e.t, A.username, "INBOX");
    expect(got.message.subject).toBe(`RE: ${SUBJECT}`);
    expect(got.message.attachments.map((x) => x.name)).toEqual(["answer.txt"]);
    expect(got.message.htmlBody).toContain("수정본을 첨부합니다.");
    expect(got.message.htmlBody).toContain("-----원본 메시지-----"); // the quote header in the writer's language (ko)
  });

  test("the send checks: no To, an invalid address, an empty subject asks first", async () => {
    const { page } = a;
    await openCompose(page);
    const f = form(page);
    const send = f.getByRole("button", { name: "보내기", exact: true });
    await send.click();
    await page.getByText("받는 사람을 한 명 이상 입력하세요.").first().waitFor();

    const to = f.getByRole("combobox", { name: "받는 사람" });
    await to.fill("not-an-address");
    await to.press("Enter");
    await f.locator(".cmp-chip-invalid", { hasText: "not-an-address" }).waitFor();
    await send.click();
    await page.getByText("받는 사람에 잘못된 주소가 있습니다.").first().waitFor();
    await e.shot(page, "invalid-address");

    await to.press("Backspace");
    await expect(f.locator(".cmp-chip").count()).resolves.toBe(0);
    await to.fill(B.username);
    await to.press(";");
    await f.locator(".cmp-chip", { hasText: B.username }).waitFor();
    const before = (await mailsIn(e.t, B.username, "INBOX")).length;
    await send.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("제목이 없습니다. 제목 없이 보내시겠습니까?").waitFor();
    await e.shot(page, "empty-subject-confirm");
    await dialog.getByRole("button", { name: "취소" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await mailsIn(e.t, B.username, "INBOX")).length).toBe(before);
  });

  test("a scheduled mail waits in Sent as RESERVE and goes out when due", async () => {
    const { page } = a;
    const f = form(page);
    await f.getByLabel("제목", { exact: true }).fill("예약 메일");
    await f.getByText("예약 발송").click();
    await f.getByRole("group", { name: "예약 시간" }).waitFor();
    await e.shot(page, "schedule");
    await f.getByRole("button", { name: "예약 보내기" }).click();
    await page.getByRole("heading", { name: "메일 발송을 예약했습니다." }).waitFor();
    await e.shot(page, "result-reserved");

    const [sent] = await mailsIn(e.t, A.username, "SENT");
    expect(sent.message.subject).toBe("예약 메일");
    expect(sent.mail.mailType).toBe("RESERVE");
    const due = sent.mail.reserveAt!.getTime();
    expect(due).toBeGreaterThan(e.t.clock.now().getTime());
    expect((await mailsIn(e.t, B.username, "INBOX")).map((m) => m.message.subject)).not.toContain("예약 메일");

    e.t.clock.advance(due - e.t.clock.now().getTime() + 1000);
    expect(await processScheduled(e.t.deps)).toBe(1);
    expect((await mailsIn(e.t, B.username, "INBOX")).map((m) => m.message.subject)).toContain("예약 메일");
  });

  test("saving a draft switches the route to the draft, which is in DRAFTS", async () => {
    const { page } = a;
    await openCompose(page);
    const f = form(page);
    await f.getByRole("combobox", { name: "받는 사람" }).fill(`${B.username},`);
    await f.getByLabel("제목", { exact: true }).fill("임시 저장 테스트");
    await f.getByRole("textbox", { name: "내용" }).click();
    await page.keyboard.type("나중에 마저 쓰기");
    await f.getByRole("button", { name: "임시 저장" }).click();
    await page.getByText("임시 저장했습니다.").first().waitFor();
    const [draft] = await mailsIn(e.t, A.username, "DRAFTS");
    expect(draft.message.subject).toBe("임시 저장 테스트");
    await page.waitForURL((u) => decodeURIComponent(u.hash).includes(`"mailId":${draft.mail.id}`) && decodeURIComponent(u.hash).includes(`"type":4`));
    // The draft route shows the same mail.
    await expect(form(page).getByLabel("제목", { exact: true }).inputValue()).resolves.toBe("임시 저장 테스트");
    await expect(form(page).getByRole("textbox", { name: "내용" }).textContent()).resolves.toContain("나중에 마저 쓰기");
  });

  test("the compose screen in English and Indonesian", async () => {
    const { page } = a;
    for (const [lng, send] of [["en", "Send"], ["id", "Kirim"]] as const) {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.goto(writeUrl({ type: 6 }));
      await page.reload();
      await form(page).getByRole("button", { name: send, exact: true }).waitFor();
      await form(page).locator(".cmp-chip", { hasText: A.username }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `compose-to-me-${lng}`);
    }
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
  });
});

// C's page has the fake clock (time flows; the test jumps it for the auto-save interval).
const c = await e.newPage();
c.page.setDefaultTimeout(12_000);
c.page.on("console", (m) => m.type() === "error" && console.error(`[console c] ${m.text()}`));

/** Sets one of C's mail settings (a fresh token: the scheduled-mail test moved the server clock past C's). */
async function setConfig(setting: string, json: Record<string, unknown>) {
  const token = (await login(e.t, C.username, USER_PASSWORD)).access_token;
  expect((await e.t.call("PUT", `/api/mail/config/${setting}`, { token, json })).status).toBe(200);
}

describe("compose: keeping, guarding, dropping, loading", () => {
  const editorOf = (page: Page) => form(page).getByRole("textbox", { name: /^(내용|Message|Isi)$/ });
  const subjectOf = (page: Page) => form(page).getByLabel("제목", { exact: true });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === "fail") await e.shot(c.page, `FAILED-c-${ctx.task.name.slice(0, 20)}`).catch(() => {});
  });

  test("auto-save fires on time while the user keeps typing; the route becomes the draft, the cursor stays", async () => {
    const { page } = c;
    await page.clock.install();
    await signIn(e, page, "cara", co.domain, USER_PASSWORD);
    await openCompose(page);
    await form(page).getByRole("combobox", { name: "받는 사람" }).fill(`${B.username},`);
    await subjectOf(page).fill("자동 저장 테스트");
    await page.evaluate(() => ((window as unknown as { cmpForm: Element | null }).cmpForm = document.querySelector("form.cmp")));
    await editorOf(page).click();
    // Typing every 20 s: the 60 s timer (the default autoSave) must not restart on each keystroke.
    for (const ch of ["가", "나", "다"]) {
      await page.keyboard.type(ch);
      await page.clock.runFor(20_000);
    }
    await page.clock.runFor(5_000);
    await expect.poll(async () => (await mailsIn(e.t, C.username, "DRAFTS")).map((m) => m.message.subject)).toEqual(["자동 저장 테스트"]);
    const [draft] = await mailsIn(e.t, C.username, "DRAFTS");
    await page.waitForURL((u) => decodeURIComponent(u.hash).includes(`"type":4,"mailId":${draft.mail.id}`));
    // The same form, the cursor where it was: typing goes on after the saved text.
    await page.keyboard.type("라");
    await expect(editorOf(page).textContent()).resolves.toBe("가나다라");
    expect(await page.evaluate(() => document.querySelector("form.cmp") === (window as unknown as { cmpForm: Element | null }).cmpForm)).toBe(true);
  });

  test("leaving with unsaved text asks: cancel stays with the text, leave discards it", async () => {
    const { page } = c;
    const writeHash = await page.evaluate(() => location.hash);
    await page.getByRole("row", { name: /^받은메일함/ }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("작성 중인 메일이 저장되지 않았습니다.", { exact: false }).waitFor();
    await e.shot(page, "leave-confirm");
    await dialog.getByRole("button", { name: "취소" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => location.hash)).toBe(writeHash);
    await expect(editorOf(page).textContent()).resolves.toBe("가나다라");

    await page.getByRole("row", { name: /^받은메일함/ }).first().click();
    await dialog.getByRole("button", { name: "떠나기" }).click();
    await page.waitForURL((u) => !u.hash.includes("/mail/write/"));
    // Nothing kept: the draft opens as the server has it (before "라").
    const [draft] = await mailsIn(e.t, C.username, "DRAFTS");
    await openCompose(page, { type: 4, mailId: draft.mail.id });
    await expect(subjectOf(page).inputValue()).resolves.toBe("자동 저장 테스트");
    await expect(editorOf(page).textContent()).resolves.toBe("가나다");
  });

  test("a reload asks first and restores the mail, but never stored the secure-mail password", async () => {
    const { page } = c;
    await subjectOf(page).fill("보안 메일 복원");
    await form(page).getByText("보안 메일", { exact: true }).click();
    await form(page).getByLabel("보안 메일 비밀번호").fill("secret123");
    await page.waitForTimeout(600);
    const stored = await page.evaluate(() => Object.entries(sessionStorage).filter(([k]) => k.startsWith("gw.compose:")).map(([, v]) => v).join());
    expect(stored).toContain("보안 메일 복원");
    expect(stored).not.toContain("secret123");

    const asked = new Promise<string>((resolve) => page.once("dialog", (d) => (resolve(d.type()), void d.accept())));
    await page.reload();
    expect(await asked).toBe("beforeunload");
    await page.getByText("보안 메일 비밀번호를 다시 입력하세요.", { exact: false }).first().waitFor();
    await expect(subjectOf(page).inputValue()).resolves.toBe("보안 메일 복원");
    await expect(form(page).getByLabel("보안 메일 비밀번호").inputValue()).resolves.toBe("");
    await e.shot(page, "restored-secure");
    // Reset: nothing left to keep or ask about.
    await form(page).getByRole("button", { name: "다시 쓰기" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "다시 쓰기" }).click();
    await expect(subjectOf(page).inputValue()).resolves.toBe("");
  });

  test("with tabs on, the list tab and back keeps the mail being written", async () => {
    const { page } = c;
    await setConfig("useTab", { useTab: true });
    await page.goto(`${e.base}/#/mail/-1/1`);
    await page.reload();
    await page.getByRole("tab", { name: "목록", selected: true }).waitFor();
    await page.getByRole("navigation", { name: "메일함" }).getByRole("button", { name: "메일쓰기" }).click();
    await editorOf(page).waitFor();
    await subjectOf(page).fill("탭 사이 보관");
    await editorOf(page).click();
    await page.keyboard.type("탭을 오가도 남아 있어야 합니다");
    await page.getByRole("tab", { name: "목록" }).click();
    await page.waitForURL(/#\/mail\/-1\/1/);
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await page.getByRole("tab", { name: "쓰기" }).click();
    await expect(subjectOf(page).inputValue()).resolves.toBe("탭 사이 보관");
    await expect(editorOf(page).textContent()).resolves.toBe("탭을 오가도 남아 있어야 합니다");
    await e.shot(page, "tabs-kept");
    await form(page).getByRole("button", { name: "다시 쓰기" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "다시 쓰기" }).click();
    await setConfig("useTab", { useTab: false });
    await page.reload();
  });

  test("a file dropped on the compose screen is attached and uploaded", async () => {
    const { page } = c;
    await openCompose(page);
    const data = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(["dropped numbers"], "dropped.txt", { type: "text/plain" }));
      return dt;
    });
    const zone = page.locator(".cmp-drop");
    for (const type of ["dragenter", "dragover", "drop"]) await zone.dispatchEvent(type, { dataTransfer: data });
    const row = form(page).locator(".cmp-file", { hasText: "dropped.txt" });
    await row.getByText("완료").waitFor();
    // The upload is real: the saved draft carries it.
    await subjectOf(page).fill("끌어 놓은 첨부");
    await form(page).getByRole("button", { name: "임시 저장" }).click();
    await page.getByText("임시 저장했습니다.").first().waitFor();
    const drafts = await mailsIn(e.t, C.username, "DRAFTS");
    expect(drafts.find((d) => d.message.subject === "끌어 놓은 첨부")?.message.attachments.map((x) => x.name)).toEqual(["dropped.txt"]);
  });

  test("the quoted original of a reply loads no remote image", async () => {
    const { page } = c;
    let remote = 0;
    await page.route("http://remote.test/**", (r) => (remote++, r.fulfill({ status: 200, contentType: "image/gif", body: Buffer.from("R0lGODlhAQABAAAAACw=", "base64") })));
    const mailId = await deliver(e, C, { subject: "원격 이미지 원문", to: C.username, html: '<p>원문 본문</p><img src="http://remote.test/pixel.gif" alt="pixel">' });
    await openCompose(page, { type: 1, mailId });
    const quote = page.frameLocator(".cmp-quote-frame");
    await quote.getByText("원문 본문").waitFor();
    await page.waitForTimeout(500);
    expect(remote).toBe(0);
    await page.unroute("http://remote.test/**");
  });

  test("a compose that cannot load shows the error and ends in a usable blank compose", async () => {
    const { page } = c;
    // A reply to a mail that does not exist: the error, then the blank compose route.
    await page.goto(`${e.base}/#/mail/-1/1`);
    await page.goto(writeUrl({ type: 1, mailId: 987654321 }));
    await page.getByText("메일 쓰기 화면을 불러오지 못했습니다.").first().waitFor();
    await page.waitForURL((u) => decodeURIComponent(u.hash).endsWith("/{}"));
    await editorOf(page).waitFor();

    // The blank compose itself failing (the server answers 500 once: injected, the server has no such fault):
    // the screen still becomes a working compose form, and the mail goes out.
    await page.goto(`${e.base}/#/mail/-1/1`);
    await page.route("**/api/mails/v2/compose*", (r) => r.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: "common.500" }) }), { times: 1 });
    await page.goto(writeUrl({}));
    await page.getByText("메일 쓰기 화면을 불러오지 못했습니다.").first().waitFor();
    await editorOf(page).waitFor();
    await form(page).getByRole("combobox", { name: "받는 사람" }).fill(`${B.username},`);
    await subjectOf(page).fill("불러오기 실패 뒤 보내기");
    await form(page).getByRole("button", { name: "보내기", exact: true }).click();
    await page.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();
    expect((await mailsIn(e.t, B.username, "INBOX")).map((m) => m.message.subject)).toContain("불러오기 실패 뒤 보내기");
  });

  test("the preview before sending shows the mail; cancel keeps writing, send sends", async () => {
    const { page } = c;
    await setConfig("write", { previewBeforeSend: true });
    await page.reload();
    await openCompose(page);
    await form(page).getByRole("combobox", { name: "받는 사람" }).fill(`${B.username},`);
    await subjectOf(page).fill("미리 보기 메일");
    await editorOf(page).click();
    await page.keyboard.type("미리 보기 본문");
    const send = form(page).getByRole("button", { name: "보내기", exact: true });
    await send.click();
    const dialog = page.getByRole("dialog", { name: "보내기 전 미리 보기" });
    await dialog.getByText(B.username).waitFor();
    await dialog.getByText("미리 보기 메일").waitFor();
    await dialog.frameLocator("iframe").getByText("미리 보기 본문").waitFor();
    // axe cannot enter the script-less frame (seriousViolations skips only the reader's): checked around it.
    const axe = await axeOf(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).exclude(".cmp-preview-frame").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await e.shot(page, "preview");
    const before = (await mailsIn(e.t, B.username, "INBOX")).length;
    await dialog.getByRole("button", { name: "취소" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await mailsIn(e.t, B.username, "INBOX")).length).toBe(before);

    await send.click();
    await dialog.getByRole("button", { name: "보내기", exact: true }).click();
    await page.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();
    expect((await mailsIn(e.t, B.username, "INBOX")).map((m) => m.message.subject)).toContain("미리 보기 메일");
    await setConfig("write", { previewBeforeSend: false });
  });
});
