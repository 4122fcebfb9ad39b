// Spam management in a real browser (#/mail/config/-1/1/spam): the user blocks a sender in the tab; a message
// from them arrives over real SMTP, lands in spam and shows in the spam log; its detail opens (headers only)
// and "recover" brings it back to the inbox. The smart tab switches the smart mailbox on and the folder pane
// shows it. Screens in ko and en; axe on the tab.
import { afterEach, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailFolders, mails, mailSenderLists } from "../../db/schema/index.ts";
import { compose, listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-settings-spam");
const smtp = await listen(e.t.deps, localResolver({}));
const co = await mailCompany(e, "spamui.test");
const A = await co.member("suji");

const spamTab = `${e.base}/#/mail/config/-1/1/spam`;
const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
page.on("console", (m) => m.type() === "error" && console.error(`[console] ${m.text()}`));
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

async function folderTypeOf(subject: string) {
  const rows = await e.t.db.sql`select f.folder_type, m.spam_reason from mails m join mail_messages g on g.id = m.message_id
    join mail_folders f on f.id = m.folder_id where m.user_id = ${A.userId} and g.subject = ${subject}`;
  return rows[0] as { folder_type: string; spam_reason: string | null } | undefined;
}

describe("spam settings", () => {
  test("block a sender in the tab; their message lands in spam, shows in the log and is recovered", async () => {
    await signIn(e, page, "suji", co.domain, USER_PASSWORD);
    await page.goto(spamTab);
    await page.getByText("차단된 메일이 없습니다.").waitFor();
    const block = page.getByRole("textbox", { name: "수신거부할 주소 또는 도메인" });
    await block.fill("not an address");
    await page.getByRole("button", { name: "수신거부", exact: true }).click();
    await page.getByText("이메일 주소나 도메인을 입력하세요.").first().waitFor();
    await block.fill("Ads@Pushy.Example");
    await page.getByRole("button", { name: "수신거부", exact: true }).click();
    await page.getByRole("list", { name: "수신거부 목록" }).getByText("ads@pushy.example").waitFor();
    const entries = await e.t.db.db.select().from(mailSenderLists).where(eq(mailSenderLists.userId, A.userId));
    expect(entries.map((r) => [r.kind, r.pattern])).toEqual([["BLOCK", "ads@pushy.example"]]);

    const raw = await compose({ from: "Pushy <ads@pushy.example>", to: A.username, subject: "특가 광고", text: "지금 구매하세요" });
    expect((await sendRaw(smtp.port, { from: "ads@pushy.example", to: [A.username] }, raw)).ok).toBe(true);
    expect(await folderTypeOf("특가 광고")).toEqual({ folder_type: "SPAM", spam_reason: "BLOCK_LIST" });

    await page.reload();
    const row = page.getByRole("row").filter({ hasText: "특가 광고" });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain("차단됨");
    await e.shot(page, "spam-log-ko");
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole("button", { name: "특가 광고" }).click();
    const dialog = page.getByRole("dialog", { name: "차단 상세" });
    await dialog.getByText("Pushy <ads@pushy.example>").waitFor();
    expect(await dialog.textContent()).not.toContain("지금 구매하세요");
    await e.shot(page, "spam-detail-ko");
    await dialog.getByRole("button", { name: "복구" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await folderTypeOf("특가 광고"))?.folder_type).toBe("INBOX");
    expect((await folderTypeOf("특가 광고"))?.spam_reason).toBeNull();
    await expect.poll(() => row.textContent()).toContain("복구됨");
  });

  test("remove a sender; the smart tab turns the smart mailbox on and the folder pane shows it (en)", async () => {
    await page.getByRole("button", { name: "ads@pushy.example 삭제" }).click();
    await expect.poll(async () => (await e.t.db.db.select().from(mailSenderLists).where(eq(mailSenderLists.userId, A.userId))).length).toBe(0);

    await page.evaluate(() => localStorage.setItem("gw.language", "en"));
    await page.goto(`${e.base}/#/mail/config/-1/1/smart`);
    await page.reload();
    const on = page.getByRole("switch", { name: "Use the Smart mailbox" });
    await on.waitFor();
    expect(await page.getByRole("switch", { name: "Sort promotions" }).isDisabled()).toBe(true);
    await on.click({ force: true });
    await expect.poll(async () => (await e.t.call("GET", "/api/mail/config", { token: A.token })).body.smartMailbox).toBe(true);
    await page.goto(`${e.base}/#/mail/-1/1`);
    await page.getByRole("treegrid").getByText("Smart mailbox").or(page.getByText("Smart mailbox")).first().waitFor();
    const [smart] = await e.t.db.db.select().from(mailFolders).where(and(eq(mailFolders.userId, A.userId), eq(mailFolders.folderType, "SMART")));
    expect(smart).toBeDefined();
    await page.goto(spamTab);
    await page.getByText("No blocked mail.").or(page.getByRole("heading", { name: "Spam log" })).first().waitFor();
    await e.shot(page, "spam-tab-en");
    void mails;
  });
});
