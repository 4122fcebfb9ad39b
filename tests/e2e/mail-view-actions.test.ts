// Acting from the reader in a real browser (issue 6 "View"; 000 §4 "Mail type", "Moving and deleting"; §8):
// reporting moves the mail to spam and "not spam" brings it back; a blocked mail hides its content until
// unblocked; tags are added and removed; the other mails of a conversation open from the reader; one's own sent
// mail shows its read receipts and an unread copy is withdrawn. Deleting from the reader goes on to the next
// mail (then the list) and the mail is in the trash; the Move menu moves to a private folder and never offers
// spam; a starred mail moved from spam to the trash asks with the move text; a mail of a shared folder offers
// no reply or forward, and a mail attached to it opens in the reader; previous/next cross a page boundary
// and say 'last mail' / 'last page' at the ends.
// (Reading itself: tests/e2e/mail-view-reading.test.ts.)
import { describe, expect, test } from "vitest";
import { build, deliver, file, signIn, USER_PASSWORD } from "./support/mail.ts";
import { startViewWorld } from "./support/mail-view.ts";

const { e, reader, box, colleague1, SUBJECT, htmlId, spamId, blockedId, folderOf, rowOf, viewUrl, privateFolder, listRows, listIds, readerViolations, page } =
  await startViewWorld("mail-view-actions");
await signIn(e, page, "reader", "view.test", USER_PASSWORD);

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
    await page.getByRole("dialog").getByRole("button", { name: "스팸 아님" }).click();
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

describe("the spam folder's list", () => {
  test("'not spam' on several mails brings them back; what the system blocked stays, and says so", async () => {
    const ruled = await file(e.t, reader, build({ subject: "규칙이 막은 메일", to: reader.username, text: "본문" }), { folder: "SPAM", spamReason: "RULE" });
    const listed = await file(e.t, reader, build({ subject: "수신거부한 메일", to: reader.username, text: "본문" }), { folder: "SPAM", spamReason: "BLOCK_LIST" });
    const system = await file(e.t, reader, build({ subject: "회사가 차단한 메일", to: reader.username, text: "본문" }), { folder: "SPAM", spamReason: "SYSTEM" });
    await page.goto(`${e.base}/#/mail/${box.SPAM}/1`);
    await page.reload(); // the mails were filed behind the page's back (no event): read the list afresh
    const row = (id: number) => page.locator(`#mail-row-${id}`);
    for (const id of [ruled, listed, system]) await row(id).getByRole("checkbox").click();
    // In spam the toolbar offers "not spam" where other folders offer "report".
    await expect(page.getByRole("toolbar").getByRole("button", { name: "스팸 신고" }).count()).resolves.toBe(0);
    await page.getByRole("toolbar").getByRole("button", { name: "스팸 아님" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("선택한 메일 3통을 스팸이 아닌 메일로 표시하시겠습니까?", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "스팸 아님" }).click();
    await page.getByText("시스템이 차단한 메일 1통은 스팸메일함에 남습니다.").waitFor();
    await expect.poll(() => Promise.all([ruled, listed, system].map(folderOf))).toEqual([box.INBOX, box.INBOX, box.SPAM]);
    await row(ruled).waitFor({ state: "detached" });
    await row(system).waitFor();
    // The later tests count on the inbox and spam as they were.
    await e.t.db.sql`delete from mails where id in ${e.t.db.sql([ruled, listed, system])}`;
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
    // One's own sent mail has a sent time, not a received one.
    const meta = page.locator(".mr-meta");
    await meta.getByText("보낸 시간", { exact: true }).waitFor();
    expect(await meta.getByText("받은 시간", { exact: true }).count()).toBe(0);
    // A colleague written as a bare address: their account's name beside the address.
    const minji = panel.getByRole("row", { name: /minji@view\.test/ });
    expect((await minji.getByRole("cell").first().innerText()).trim()).toBe("User minji <minji@view.test>");
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
  /** colleague1 shares one of their folders with the reader (permission 2 read, 3 edit). */
  async function shareWithReader(folder: number, permission: 2 | 3) {
    const shared = await e.t.call("POST", `/api/share/MAIL/${folder}`, {
      token: colleague1.token,
      json: { members: [{ memberType: "USER", memberId: reader.userId, permission }] },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
  }

  test("offers no reply, reply all or forward (the server prefills only one's own mails)", async () => {
    const folder = await privateFolder(colleague1, "공유 프로젝트");
    const mailId = await file(e.t, colleague1, build({ subject: "공유 폴더의 메일", to: colleague1.username, text: "공유된 본문" }), { folder });
    await shareWithReader(folder, 3);

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

  test("opens a mail attached to a shared mail, and goes back", async () => {
    const folder = await privateFolder(colleague1, "공유 전달함");
    const inner = [
      "From: Partner Lee <lee@vendor.example>", "To: colleague@vendor.example", "Subject: 원본 견적 메일",
      "Date: Thu, 19 Nov 2026 10:00:00 +0900", "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "",
      "원본 견적 본문입니다.", "",
    ].join("\r\n");
    const mailId = await file(e.t, colleague1, build({
      subject: "FW: 공유된 견적", to: colleague1.username, text: "아래 메일을 전달합니다.",
      // As a saved .eml file: a message/rfc822 part without a disposition is shown in the body instead.
      attachments: [{ filename: "견적.eml", content: inner, contentType: "application/octet-stream" }],
    }), { folder });
    await shareWithReader(folder, 2);

    await page.goto(viewUrl(folder, mailId, 1, { ownerId: colleague1.userId }));
    await page.getByRole("heading", { name: "FW: 공유된 견적", level: 2 }).waitFor();
    await page.getByRole("button", { name: "견적.eml 메일로 열기" }).click();
    await page.getByRole("heading", { name: "원본 견적 메일", level: 2 }).waitFor();
    await page.getByText("원본 견적 본문입니다.").waitFor();
    expect(decodeURIComponent(page.url())).toContain('"ownerId":' + colleague1.userId);
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "shared-folder-attached-mail");
    await page.getByRole("link", { name: "메일로 돌아가기" }).click();
    await page.getByRole("heading", { name: "FW: 공유된 견적", level: 2 }).waitFor();
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
