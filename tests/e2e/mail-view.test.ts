// Reading a mail in a real browser (issue 6 "View"; 000 §4 "Mail read and star", "Mail type"; §8 mail.408-412):
// an HTML mail with a remote image, an inline (cid) image and a PNG attachment, opened from the list. The
// remote image is never requested until "show images"; the inline image shows; the attachment previews and
// downloads; reading lowers the inbox's unread count on the server; the star sticks; the original message
// popup shows the raw headers; printing opens the print popup, which prints once; reporting moves the mail
// to spam and "not spam" brings it back; a blocked mail hides its content until unblocked; a Korean subject
// with an EUC-KR body reads correctly; a missing mail says so. Deleting from the reader goes on to the next
// mail (then the list) and the mail is in the trash; the Move menu moves to a private folder and never offers
// spam; a starred mail moved from spam to the trash asks with the move text; a mail of a shared folder offers no
// reply or forward; previous/next cross a page boundary and say 'last mail' / 'last page' at the ends. Screens
// in ko, en and id, with axe.
import { afterAll, afterEach, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";
import { startE2E } from "./support/browser.ts";
import { build, deliver, file, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-view");
const co = await mailCompany(e, "view.test");
const reader = await co.member("reader");
const box = await folders(e.t, reader);
const colleague1 = await co.member("minji");
await co.member("jisu");

const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const LOGO = b64("iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR4nGP4v0yFKohh1KBRg0YNGjVo1KBRgwbeIABM5wR9NB2N7wAAAABJRU5ErkJggg==");
const CHART = b64(
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAAWElEQVR4nO3PwQkAIBDAsFvIGZ3bn0P4CEKhA6Sz9vm64YIGtKABLWhACxrQgga0oAEtaEALGtCCBrSgAS1oQAsa0IIGtKABLWhACxrQgga0oAEtaEALHruV+3LxbqFsOwAAAABJRU5ErkJggg==",
);

// A remote image server that counts what reaches it (a request the frame's policy blocks never does).
const remoteHits: string[] = [];
const remoteServer = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req) => {
  remoteHits.push(new URL(req.url).pathname);
  return new Response(CHART, { headers: { "content-type": "image/png" } });
});
afterAll(() => remoteServer.shutdown());

const SUBJECT = "3분기 실적 보고서 검토 요청";
const REMOTE = `http://127.0.0.1:${remoteServer.addr.port}/x.png`;
const htmlId = await deliver(e, reader, {
  subject: SUBJECT,
  to: reader.username,
  html: `<p>안녕하세요, 보고서를 첨부합니다.</p><p><img src="${REMOTE}" alt="원격 이미지" width="40" height="40"></p>` +
    `<p><img src="cid:logo@view.test" alt="회사 로고"></p><p><a href="https://example.com/report">보고서 링크</a></p>`,
  attachments: [
    { filename: "logo.png", content: LOGO, contentType: "image/png", cid: "logo@view.test" },
    { filename: "chart.png", content: CHART, contentType: "image/png" },
  ],
});
const spamId = await deliver(e, reader, { subject: "광고 메일입니다", to: reader.username, text: "지금 바로 구매하세요." });
const blockedId = await file(e.t, reader, build({ subject: "차단된 발신자의 메일", to: reader.username, text: "숨겨진 본문 내용" }), {
  folder: "SPAM",
  spamReason: "RULE",
});
// A Korean subject (EUC-KR encoded word) and an EUC-KR body, as older Korean mail programs send them.
const EUC_KR_HELLO = "bec8b3e7c7cfbcbcbfe4"; // "안녕하세요" in EUC-KR
const hex = (h: string) => Uint8Array.from(h.match(/../g)!.map((x) => parseInt(x, 16)));
const eucKrBody = btoa(String.fromCharCode(...hex(EUC_KR_HELLO), 0x0d, 0x0a));
const eucId = await file(
  e.t,
  reader,
  new TextEncoder().encode([
    "From: =?EUC-KR?B?" + btoa(String.fromCharCode(...hex("b1e8b0fcb8ae"))) + "?= <old@legacy.example>", // 김관리
    `To: ${reader.username}`,
    "Subject: =?EUC-KR?B?" + btoa(String.fromCharCode(...hex(EUC_KR_HELLO))) + "?=",
    "Date: Sun, 01 Nov 2026 09:00:00 +0900",
    "Message-ID: <euc-kr@legacy.example>",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=EUC-KR",
    "Content-Transfer-Encoding: base64",
    "",
    eucKrBody,
    "",
  ].join("\r\n")),
);

async function inboxUnread(): Promise<number> {
  const r = await e.t.call("GET", "/api/folders", { token: reader.token });
  type Node = { id: number | string; newCount: number; children: Node[] };
  const find = (list: Node[]): Node | undefined => list.map((f) => (f.id === box.INBOX ? f : find(f.children))).find(Boolean);
  return find(r.body)!.newCount;
}
async function folderOf(mailId: number): Promise<number | undefined> {
  for (const f of [box.INBOX, box.SPAM]) {
    const r = await e.t.call("GET", `/api/mails?folderId=${f}&page=0&pageSize=100`, { token: reader.token });
    if (r.body.mails.some((m: { mailId: number }) => m.mailId === mailId)) return f;
  }
  return undefined;
}
async function rowOf(mailId: number) {
  const r = await e.t.call("GET", `/api/mails?folderId=-1&page=0&pageSize=100`, { token: reader.token });
  return r.body.mails.find((m: { mailId: number }) => m.mailId === mailId);
}

const viewUrl = (folderId: number, mailId: number, page = 1, list: { ownerId?: number } = {}) =>
  `${e.base}/#/mail/view/${folderId}/${page}/${encodeURIComponent(JSON.stringify({ list, view: { mailId } }))}`;

/** A private folder of `who` (POST /api/folders). */
async function privateFolder(who: typeof reader, nameFolder: string): Promise<number> {
  const r = await e.t.call("POST", "/api/folders", { token: who.token, json: { folderType: "PRIVATE", nameFolder } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}
/** The rows of one list page as the server orders them (page from 1). */
async function listRows(folderId: number, page: number, pageSize: number): Promise<{ mailId: number; subject: string }[]> {
  const r = await e.t.call("GET", `/api/mails?folderId=${folderId}&page=${page - 1}&pageSize=${pageSize}`, { token: reader.token });
  expect(r.status).toBe(200);
  return r.body.mails;
}
const listIds = async (folderId: number, page: number, pageSize: number) =>
  (await listRows(folderId, page, pageSize)).map((m) => m.mailId);

/**
 * axe on the reader (the folder pane and list are other parts', checked by their own tests). The mail's own
 * HTML in the sandboxed frame is the sender's, not ours to audit; axe cannot run scripts in that frame (no
 * allow-scripts) and would wait for it, so the frame is left out.
 */
async function readerViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(".mr-reader").include(".modal-overlay").exclude("iframe.mr-frame")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

const { context, page } = await e.newPage();
page.setDefaultTimeout(10_000);
// Printing is observed, not performed (a print dialog would hold the headless browser).
await context.addInitScript(() => {
  const w = globalThis as unknown as { __printed: number; print(): void };
  w.__printed = 0;
  w.print = () => void (w.__printed += 1);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, "-")}`);
});
const frame = () => page.frameLocator("iframe.mr-frame");

describe("reading a mail", () => {
  test("opened from the list: marked read, remote images blocked, the inline image shown", async () => {
    await signIn(e, page, "reader", "view.test", USER_PASSWORD);
    const unreadBefore = await inboxUnread();
    expect((await rowOf(htmlId)).readStatus).toBe(0);
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await page.locator(`#mail-row-${htmlId}`).click();
    await page.getByRole("heading", { name: SUBJECT, level: 2 }).waitFor();
    await page.waitForURL(/#\/mail\/view\//);

    await frame().getByText("안녕하세요, 보고서를 첨부합니다.").waitFor();
    // The inline image loads (a real picture, decoded), the remote one does not even get asked for.
    await expect.poll(() => frame().locator('img[alt="회사 로고"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
    await page.getByText("외부 이미지가 차단되었습니다.").waitFor();
    expect(await frame().locator('img[alt="원격 이미지"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
    expect(remoteHits).toEqual([]);
    // Links leave the frame for a new tab; the frame runs no script.
    expect(await page.locator("iframe.mr-frame").getAttribute("sandbox")).toBe("allow-same-origin allow-popups allow-popups-to-escape-sandbox");
    // The cid image is in the body, so only chart.png is listed as an attachment.
    await page.getByRole("link", { name: "chart.png 다운로드" }).waitFor();
    await expect(page.getByRole("link", { name: "logo.png 다운로드" }).count()).resolves.toBe(0);

    // Reading marked it read: the server's unread count of the inbox dropped by one.
    await expect.poll(inboxUnread).toBe(unreadBefore - 1);
    expect((await rowOf(htmlId)).readStatus).toBe(1);
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "reader-ko-images-blocked");

    await page.getByRole("button", { name: "이미지 보기" }).click();
    await expect.poll(() => frame().locator('img[alt="원격 이미지"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    expect(remoteHits).toContain("/x.png");
    await expect(page.getByText("외부 이미지가 차단되었습니다.").count()).resolves.toBe(0);
  });

  test("the attachment previews and downloads", async () => {
    await page.getByRole("button", { name: "chart.png 미리보기" }).click();
    const dialog = page.getByRole("dialog", { name: "이미지 미리보기: chart.png" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole("img", { name: "chart.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "image-preview");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "chart.png 다운로드" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("chart.png");
    const path = await download.path();
    expect(path).toBeTruthy();
    expect(new Uint8Array(await Deno.readFile(path!))).toEqual(CHART);
  });

  test("the star toggles and sticks", async () => {
    const star = page.getByRole("button", { name: "별표", exact: true });
    await expect(star.getAttribute("aria-pressed")).resolves.toBe("false");
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(async () => (await rowOf(htmlId)).importantStatus).toBe(1);
    await star.click();
    await expect.poll(async () => (await rowOf(htmlId)).importantStatus).toBe(0);
  });

  test("the original message popup shows the raw headers", async () => {
    await page.getByRole("button", { name: "더보기" }).click();
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("menuitem", { name: "원문 보기" }).click(),
    ]);
    const raw = popup.getByRole("region").or(popup.locator("pre.mr-original-text"));
    await raw.first().waitFor();
    const text = await popup.locator("pre.mr-original-text").innerText();
    expect(text).toMatch(/^Subject: /m);
    expect(text).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(text).toContain("logo@view.test");
    await e.shot(popup, "original-message");
    await popup.close();
  });

  test("print opens the print popup, which prints once the body is laid out", async () => {
    await page.getByRole("button", { name: "더보기" }).click();
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("menuitem", { name: "인쇄" }).click(),
    ]);
    expect(popup.url()).toContain("#/mail/view/popup/");
    expect(decodeURIComponent(popup.url())).toContain('"print":true');
    await popup.getByRole("heading", { name: SUBJECT }).waitFor();
    await expect.poll(() => popup.evaluate(() => (globalThis as unknown as { __printed: number }).__printed), { timeout: 10_000 }).toBe(1);
    await popup.close();
  });

  test("screens in en and id", async () => {
    try {
      for (const [lng, title] of [["en", "Attachments: 1"], ["id", "Lampiran: 1"]] as const) {
        await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
        await page.reload();
        await page.getByRole("heading", { name: SUBJECT, level: 2 }).waitFor();
        await page.getByText(title).waitFor();
        expect(await readerViolations(page)).toEqual([]);
        await e.shot(page, `reader-${lng}`);
      }
    } finally {
      await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
      await page.reload();
    }
  });
});

describe("spam and blocked mail", () => {
  test("reporting moves the mail to spam; 'not spam' brings it back", async () => {
    await page.goto(viewUrl(box.INBOX, spamId));
    await page.getByRole("heading", { name: "광고 메일입니다", level: 2 }).waitFor();
    await page.getByRole("button", { name: "스팸 신고" }).click();
    const dialog = page.getByRole("dialog", { name: "스팸 신고" });
    await dialog.getByLabel("신고 내용 (선택)").fill("원치 않는 광고");
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "report-dialog");
    await dialog.getByRole("button", { name: "신고", exact: true }).click();
    await page.getByText("스팸으로 신고했습니다.").first().waitFor();
    await expect.poll(() => folderOf(spamId)).toBe(box.SPAM);
    await page.getByText("스팸으로 신고한 메일입니다. 스팸메일함으로 이동했습니다.").waitFor();

    await page.getByRole("button", { name: "스팸 아님" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "차단 해제" }).click();
    await page.getByText(/차단을 해제했습니다\./).first().waitFor();
    await expect.poll(() => folderOf(spamId)).toBe(box.INBOX);
  });

  test("a blocked mail hides its content until it is unblocked", async () => {
    await page.goto(viewUrl(box.SPAM, blockedId));
    await page.getByRole("heading", { name: "차단된 발신자의 메일", level: 2 }).waitFor();
    await page.getByText("차단된 메일입니다.").waitFor();
    await expect(page.getByText("숨겨진 본문 내용").count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "답장", exact: true }).count()).resolves.toBe(0);
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "blocked");

    await page.getByRole("button", { name: "차단 해제" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "차단 해제" }).click();
    await page.getByText("숨겨진 본문 내용").waitFor();
    await expect.poll(() => folderOf(blockedId)).toBe(box.INBOX);
    await e.shot(page, "unblocked");
  });
});

describe("tags, conversation and receipts", () => {
  test("a tag is added from the user's tags and removed with its chip", async () => {
    const made = await e.t.call("POST", `/api/tag/${encodeURIComponent("검토중")}`, { token: reader.token, json: { color: "#2D7FF9" } });
    expect(made.status).toBe(201);
    await page.goto(viewUrl(box.INBOX, htmlId));
    await page.reload();
    await page.getByRole("heading", { name: SUBJECT, level: 2 }).waitFor();
    await page.getByRole("button", { name: "+ 태그" }).click();
    await page.getByRole("menuitem", { name: "검토중" }).click();
    await page.getByRole("button", { name: "검토중 태그 삭제" }).waitFor();
    await expect.poll(async () => (await rowOf(htmlId)).tags).toEqual(["검토중"]);
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "tagged");
    await page.getByRole("button", { name: "검토중 태그 삭제" }).click();
    await expect.poll(async () => (await rowOf(htmlId)).tags).toEqual([]);
  });

  test("the other mails of the conversation are listed and open from the reader", async () => {
    const first = await deliver(e, reader, { subject: "회의 일정", to: reader.username, text: "첫 메일", messageId: "<thread-1@partner.example>" });
    const second = await deliver(e, reader, {
      subject: "RE: 회의 일정",
      to: reader.username,
      text: "두 번째 메일",
      messageId: "<thread-2@partner.example>",
      inReplyTo: "<thread-1@partner.example>",
      references: ["<thread-1@partner.example>"],
    });
    await page.goto(viewUrl(box.INBOX, second));
    await page.getByRole("heading", { name: "RE: 회의 일정", level: 2 }).waitFor();
    const refs = page.getByRole("region", { name: "이 대화의 다른 메일 (1)" });
    await refs.getByRole("button", { name: /회의 일정/ }).click();
    await page.getByRole("heading", { name: "회의 일정", exact: true, level: 2 }).waitFor();
    const action = JSON.parse(decodeURIComponent(page.url().split("/").pop()!));
    expect(action.view).toEqual({ mailId: first, basedMailId: second });
    await page.locator(".mr-text").getByText("첫 메일").waitFor();
  });

  test("one's own sent mail shows its read receipts, and an unread copy can be withdrawn", async () => {
    const sent = await e.t.call("POST", "/api/mails/v2/send", {
      token: reader.token,
      json: { to: ["minji@view.test", "jisu@view.test"], subject: "주간 회의록", content: "<p>회의록을 공유합니다.</p>" },
    });
    expect(sent.status).toBe(200);
    const sentId = sent.body.mailIds[0];
    await page.goto(viewUrl(box.SENT, sentId));
    await page.getByRole("heading", { name: "주간 회의록", level: 2 }).waitFor();
    const panel = page.getByRole("region", { name: "수신 확인" });
    await panel.getByText("2명 중 0명 읽음").waitFor();
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "receipts");
    await panel.getByRole("button", { name: "minji@view.test 발송 취소" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "발송 취소" }).click();
    await page.getByText("발송을 취소했습니다. (1건)").first().waitFor();
    await panel.getByRole("row", { name: /minji@view\.test/ }).getByText("취소됨").waitFor();
    const r = await e.t.call("GET", `/api/mail/${sentId}/receipt`, { token: reader.token });
    expect(r.body.counts).toMatchObject({ UNREAD: 1, CANCELED: 1 });
    const inbox = await e.t.call("GET", `/api/mails?folderId=-1&page=0&pageSize=50`, { token: colleague1.token });
    expect(inbox.body.mails.some((m: { subject: string }) => m.subject === "주간 회의록")).toBe(false);
  });
});

describe("encodings and missing mail", () => {
  test("a Korean subject and an EUC-KR body read correctly", async () => {
    await page.goto(viewUrl(box.INBOX, eucId));
    await page.getByRole("heading", { name: "안녕하세요", level: 2 }).waitFor();
    await page.locator(".mr-text").getByText("안녕하세요").waitFor();
    await page.locator(".mr-meta").getByText("김관리").waitFor();
    await e.shot(page, "euc-kr");
  });

  test("a mail that does not exist says so, with the way back", async () => {
    await page.goto(viewUrl(box.INBOX, 999_999));
    await page.getByText("메일이 존재하지 않거나 삭제되었습니다.").waitFor();
    await page.getByRole("link", { name: "목록으로" }).click();
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
  });
});

describe("deleting and moving from the reader", () => {
  test("delete goes on to the next mail, then back to the list; the mails are in the trash", async () => {
    const folder = await privateFolder(reader, "정리할 메일");
    const older = await file(e.t, reader, build({ subject: "정리 대상 (이전)", to: reader.username, text: "첫째" }), { folder });
    const newer = await file(e.t, reader, build({ subject: "정리 대상 (최근)", to: reader.username, text: "둘째" }), { folder });
    expect(await listIds(folder, 1, 20)).toEqual([newer, older]);

    await page.goto(viewUrl(folder, newer));
    await page.getByRole("heading", { name: "정리 대상 (최근)", level: 2 }).waitFor();
    await page.getByRole("button", { name: "삭제", exact: true }).click();
    await page.getByText("메일을 삭제했습니다.").first().waitFor();
    // The next mail of the list opens in its place.
    await page.getByRole("heading", { name: "정리 대상 (이전)", level: 2 }).waitFor();
    expect(JSON.parse(decodeURIComponent(page.url().split("/").pop()!)).view).toEqual({ mailId: older });
    await expect.poll(() => listIds(box.DELETED, 1, 100)).toContain(newer);
    expect(await listIds(folder, 1, 20)).toEqual([older]);

    // The last one: nothing follows, so the list shows.
    await page.getByRole("button", { name: "삭제", exact: true }).click();
    await page.waitForURL(new RegExp(`#/mail/${folder}/1$`));
    await expect.poll(() => listIds(box.DELETED, 1, 100)).toContain(older);
    expect(await listIds(folder, 1, 20)).toEqual([]);
  });

  test("the Move menu moves to a private folder and offers no spam", async () => {
    const archive = await privateFolder(reader, "보관함");
    const mailId = await deliver(e, reader, { subject: "보관할 계약서", to: reader.username, text: "계약서 사본입니다." });
    await page.goto(viewUrl(box.INBOX, mailId));
    await page.getByRole("heading", { name: "보관할 계약서", level: 2 }).waitFor();
    await page.getByRole("button", { name: "이동", exact: true }).click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: "보관함", exact: true }).waitFor();
    const offered = await menu.getByRole("menuitem").allTextContents();
    expect(offered).toContain("휴지통");
    expect(offered).not.toContain("스팸메일함");
    expect(offered).not.toContain("받은메일함"); // where it is already
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "move-menu");
    await menu.getByRole("menuitem", { name: "보관함", exact: true }).click();
    await expect.poll(() => listIds(archive, 1, 20)).toEqual([mailId]);
    expect(await listIds(box.INBOX, 1, 100)).not.toContain(mailId);
    // The reader goes on (next mail or the list); wait for it, so the next test's page is not taken over.
    await page.waitForURL((u) => !decodeURIComponent(u.hash).includes(`"mailId":${mailId}`));
  });

  test("a starred mail moved from spam to the trash asks with the move text, not 'delete forever'", async () => {
    const mailId = await file(e.t, reader, build({ subject: "별표한 스팸 메일", to: reader.username, text: "스팸함의 별표 메일" }), {
      folder: "SPAM",
      important: true,
    });
    await page.goto(viewUrl(box.SPAM, mailId));
    await page.getByRole("heading", { name: "별표한 스팸 메일", level: 2 }).waitFor();
    await page.getByRole("button", { name: "이동", exact: true }).click();
    await page.getByRole("menu").getByRole("menuitem", { name: "휴지통", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("별표한 메일입니다. 휴지통으로 이동하시겠습니까?").waitFor();
    await expect(dialog.getByText(/영구 삭제/).count()).resolves.toBe(0);
    await e.shot(page, "spam-to-trash-confirm");
    await dialog.getByRole("button", { name: "이동", exact: true }).click();
    await expect.poll(() => listIds(box.DELETED, 1, 100)).toContain(mailId);
    // The reader goes on to the spam list (it had no other mail); wait for it, so the next test's page is not
    // taken over by this navigation.
    await page.waitForURL(new RegExp(`#/mail/${box.SPAM}/1$`));
  });
});

describe("a mail of a shared folder", () => {
  test("offers no reply, reply all or forward (the server prefills only one's own mails)", async () => {
    const folder = await privateFolder(colleague1, "공유 프로젝트");
    const mailId = await file(e.t, colleague1, build({ subject: "공유 폴더의 메일", to: colleague1.username, text: "공유된 본문" }), { folder });
    const shared = await e.t.call("POST", `/api/share/MAIL/${folder}`, {
      token: colleague1.token,
      json: { members: [{ memberType: "USER", memberId: reader.userId, permission: 3 }] },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);

    await page.goto(viewUrl(folder, mailId, 1, { ownerId: colleague1.userId }));
    await page.getByRole("heading", { name: "공유 폴더의 메일", level: 2 }).waitFor();
    await page.locator(".mr-text").getByText("공유된 본문").waitFor();
    const toolbar = page.getByRole("toolbar", { name: "메일 도구" });
    await toolbar.getByRole("button", { name: "삭제", exact: true }).waitFor();
    for (const name of ["답장", "전체 답장", "전달"]) {
      await expect(toolbar.getByRole("button", { name, exact: true }).count()).resolves.toBe(0);
    }
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "shared-folder-mail");
  });
});

describe("previous and next", () => {
  test("cross a page boundary; 'last mail' before the first of page 1, 'last page' after the last", async () => {
    const folder = await privateFolder(reader, "페이지 폴더");
    for (let i = 1; i <= 12; i++) {
      await file(e.t, reader, build({ subject: `페이지 메일 ${String(i).padStart(2, "0")}`, to: reader.username, text: `본문 ${i}` }), { folder });
    }
    const put = await e.t.call("PUT", "/api/mail/config/pageSize", { token: reader.token, json: { pageSize: 10 } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const rows = [...await listRows(folder, 1, 10), ...await listRows(folder, 2, 10)];
      const subjects = new Map(rows.map((m) => [m.mailId, m.subject]));
      const page1 = rows.slice(0, 10).map((m) => m.mailId);
      const page2 = rows.slice(10).map((m) => m.mailId);
      expect([page1.length, page2.length]).toEqual([10, 2]);
      const heading = (id: number) => page.getByRole("heading", { name: subjects.get(id)!, level: 2 }).waitFor();
      // "folderId/page" of the reader's route (#/mail/view/{folderId}/{page}/{actionObj}).
      const at = () => new URL(page.url()).hash.split("/").slice(3, 5).join("/");

      await page.goto(viewUrl(folder, page2[0], 2));
      await page.reload(); // the new page size is read at start
      await heading(page2[0]);
      // Back from the first mail of page 2: the last mail of page 1.
      await page.getByRole("button", { name: "이전 메일" }).click();
      await heading(page1[9]);
      await expect.poll(at).toBe(`${folder}/1`);
      // And on again: the first of page 2.
      await page.getByRole("button", { name: "다음 메일" }).click();
      await heading(page2[0]);
      await expect.poll(at).toBe(`${folder}/2`);
      await e.shot(page, "nav-page-2");

      // After the last mail of the last page: 'last page'.
      await page.getByRole("button", { name: "다음 메일" }).click();
      await heading(page2[1]);
      await page.getByRole("button", { name: "다음 메일" }).click();
      await page.getByText("마지막 페이지입니다.").first().waitFor();
      await heading(page2[1]);

      // Before the first mail of page 1: 'last mail'.
      await page.goto(viewUrl(folder, page1[0], 1));
      await heading(page1[0]);
      await page.getByRole("button", { name: "이전 메일" }).click();
      await page.getByText("마지막 메일입니다.").first().waitFor();
      await heading(page1[0]);
      expect(at()).toBe(`${folder}/1`);
    } finally {
      await e.t.call("PUT", "/api/mail/config/pageSize", { token: reader.token, json: { pageSize: 20 } });
    }
  });
});
