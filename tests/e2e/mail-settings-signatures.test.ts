// Signatures in a real browser: the settings tab (#/mail/config/-1/1/sign) adds a signature written in the
// compose editor, sets it as the default for new mail, and at the limit of 5 the add button is off with the
// reason shown; a delete asks first. A new compose starts with the default signature; the toolbar's picker
// removes it and puts another in. The sender select offers the user's alias and the mail goes out from it.
// Screens in ko and en; axe on the tab.
import { afterEach, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { and, eq } from "drizzle-orm";
import { mailAliases, mailSignatures } from "../../db/schema/index.ts";
import { mailsIn } from "../mail/compose/helpers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { deliver, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-settings-signatures");
const co = await mailCompany(e, "sign.test");
const A = await co.member("sina");
const B = await co.member("bomi");
await e.t.db.db.insert(mailAliases).values({ companyId: A.companyId, userId: A.userId, address: "hello@sign.test" });

const signTab = `${e.base}/#/mail/config/-1/1/sign`;
const writeUrl = `${e.base}/#/mail/write/-1/1/${encodeURIComponent("{}")}`;
const rows = () => e.t.db.db.select().from(mailSignatures).where(eq(mailSignatures.userId, A.userId)).orderBy(mailSignatures.id);
const form = (page: Page) => page.locator("form.cmp");

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
page.on("console", (m) => m.type() === "error" && console.error(`[console] ${m.text()}`));
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

async function openCompose() {
  await page.goto(`${e.base}/#/mail/-1/1`);
  await page.waitForURL(/#\/mail\/-1\/1/);
  await page.goto(writeUrl);
  await form(page).getByRole("textbox", { name: "내용" }).waitFor();
}

describe("signatures", () => {
  test("the tab adds a signature written in the editor and makes it the default for new mail", async () => {
    await signIn(e, page, "sina", co.domain, USER_PASSWORD);
    await page.goto(signTab);
    await page.getByText("등록된 서명이 없습니다.").waitFor();
    await page.getByRole("button", { name: "서명 추가" }).click();
    const dialog = page.getByRole("dialog", { name: "서명 추가" });
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("서명 제목을 입력하세요.").waitFor();
    await dialog.getByRole("textbox", { name: "서명 제목" }).fill("회사 서명");
    await dialog.getByRole("textbox", { name: "서명 내용" }).click();
    await page.keyboard.type("김서나 드림");
    await page.keyboard.press("Enter");
    await page.keyboard.type("영업팀");
    await e.shot(page, "dialog-ko");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "회사 서명" }).waitFor();
    expect((await rows()).map((r) => [r.title, r.contents])).toEqual([["회사 서명", "<p>김서나 드림</p><p>영업팀</p>"]]);

    await page.getByRole("switch", { name: "새 메일 작성 시 기본 서명" }).click({ force: true });
    await expect.poll(async () => (await rows())[0].useNewMail).toBe(true);
    expect((await rows())[0].useReplyForward).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a new compose starts with the default signature; the picker removes it and puts another in", async () => {
    const token = A.token;
    const r = await e.t.call("POST", "/api/mail/config/sign", { token, json: { title: "짧은 서명", signStyle: "LINE", contents: "<p>— 서나</p>" } });
    expect(r.status).toBe(201);
    await openCompose();
    const f = form(page);
    const body = f.getByRole("textbox", { name: "내용" });
    const sig = body.locator("[data-mail-signature]");
    await expect.poll(() => sig.textContent()).toContain("김서나 드림");
    await e.shot(page, "compose-with-signature");

    await f.getByRole("button", { name: "서명 넣기" }).click();
    await page.getByRole("menuitemradio", { name: "서명 없음" }).click();
    await expect.poll(() => sig.count()).toBe(0);
    await f.getByRole("button", { name: "서명 넣기" }).click();
    await page.getByRole("menuitemradio", { name: "짧은 서명" }).click();
    await expect.poll(() => sig.textContent()).toBe("— 서나");
    await expect(sig.getAttribute("data-sign-style")).resolves.toBe("LINE");

    // The sender: the own address or the alias; the mail goes out from the alias with the signature.
    await f.getByRole("button", { name: /보내는 사람/ }).click();
    await page.getByRole("option", { name: /hello@sign\.test/ }).click();
    await f.getByRole("combobox", { name: "받는 사람" }).fill(B.username);
    await page.keyboard.press("Enter");
    await f.getByLabel("제목", { exact: true }).fill("서명 확인");
    await body.click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.type("안녕하세요.");
    await e.shot(page, "compose-alias-sender");
    await f.getByRole("button", { name: "보내기", exact: true }).click();
    await page.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();
    const [got] = await mailsIn(e.t, B.username, "INBOX");
    expect(got.message.fromAddress).toBe("hello@sign.test");
    expect(got.message.htmlBody).toContain("안녕하세요.");
    expect(got.message.htmlBody).toContain("— 서나");
    expect(got.message.htmlBody).not.toContain("김서나 드림");
  });

  test("a reply starts with the reply/forward default, above the quoted original", async () => {
    const [short] = (await rows()).filter((r) => r.title === "짧은 서명");
    expect((await e.t.call("PUT", `/api/mail/config/sign/${short.id}/useReplyForward`, { token: A.token, json: { useReplyForward: true } })).status).toBe(200);
    const mailId = await deliver(e, A, { from: "partner@outside.example", subject: "견적 문의", text: "견적 부탁드립니다." });
    await page.goto(`${e.base}/#/mail/-1/1`);
    await page.waitForURL(/#\/mail\/-1\/1/);
    await page.goto(`${e.base}/#/mail/write/-1/1/${encodeURIComponent(JSON.stringify({ type: 1, mailId }))}`);
    const f = form(page);
    await f.getByRole("region", { name: "원본 메일" }).waitFor();
    const sig = f.getByRole("textbox", { name: "내용" }).locator("[data-mail-signature]");
    await expect.poll(() => sig.textContent()).toBe("— 서나");
    await e.shot(page, "reply-with-signature");
  });

  test("at 5 signatures the add button is off with the reason; a delete asks first and makes room", async () => {
    for (const title of ["셋", "넷", "다섯"]) {
      expect((await e.t.call("POST", "/api/mail/config/sign", { token: A.token, json: { title, contents: `<p>${title}</p>` } })).status).toBe(201);
    }
    await page.goto(signTab);
    await page.getByRole("heading", { name: "다섯" }).waitFor();
    const add = page.getByRole("button", { name: "서명 추가" });
    await expect(add.isDisabled()).resolves.toBe(true);
    await page.getByText("서명은 최대 5개까지 등록할 수 있습니다. 추가하려면 서명을 삭제하세요.").waitFor();
    await e.shot(page, "tab-full-ko");

    await page.getByRole("button", { name: "다섯 삭제" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "삭제", exact: true }).click();
    await page.getByRole("heading", { name: "다섯" }).waitFor({ state: "detached" });
    await expect(add.isDisabled()).resolves.toBe(false);
    expect((await rows()).map((r) => r.title)).toEqual(["회사 서명", "짧은 서명", "셋", "넷"]);
    const kept = await e.t.db.db.select().from(mailSignatures).where(and(eq(mailSignatures.userId, A.userId), eq(mailSignatures.useNewMail, true)));
    expect(kept.map((r) => r.title)).toEqual(["회사 서명"]);

    await page.evaluate(() => localStorage.setItem("gw.language", "en"));
    await page.reload();
    await page.getByRole("button", { name: "Add signature" }).waitFor();
    await e.shot(page, "tab-en");
  });
});
