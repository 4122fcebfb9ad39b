// The mail layout in a real browser: mail is the first screen (the inbox); folder ids and pages in the route
// that are not numbers fall back; mail settings from the top bar's settings icon save at once and change the
// screens (page size, split view, tabs); the view tab closes back to the list; small screens force tabs and
// split view off; the popup routes open without the shell.
import { describe, expect, test } from "vitest";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { deliver, folders, mailCompany, signIn } from "./support/mail.ts";

const e = await startE2E("mail-layout");
const co = await mailCompany(e, "layout.test");
const { page } = await e.newPage();
const config = async () => (await e.t.call("GET", "/api/mail/config", { token: co.admin.token })).body;

describe("mail layout", () => {
  test("signing in opens the inbox, the first screen", async () => {
    for (let i = 1; i <= 12; i++) await deliver(e, co.admin, { subject: `레이아웃 메일 ${i}`, text: `본문 ${i}`, to: "admin@layout.test" });
    await signIn(e, page, "admin", "layout.test", ADMIN_PASSWORD);
    const { INBOX } = await folders(e.t, co.admin);
    await page.waitForURL(new RegExp(`#/mail/${INBOX}/1$`));
    await page.getByText("레이아웃 메일 12").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "inbox");
  });

  test("a route whose folder id and page are not numbers still shows a list", async () => {
    await page.goto(`${e.base}/#/mail/abc/xyz`);
    await page.getByText("레이아웃 메일 12").first().waitFor();
  });

  test("settings open from the top bar and save at once: page size and split view change the list", async () => {
    await page.goto(`${e.base}/#/mail`);
    await page.waitForURL(/#\/mail\/\d+\/1$/);
    await page.getByRole("link", { name: "설정" }).click();
    await page.waitForURL(/#\/mail\/config\/\d+\/1\/list$/);
    await page.getByRole("heading", { name: "메일 설정" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "config-list");

    await page.getByRole("button", { name: /한 페이지에 보이는 메일/ }).click();
    await page.getByRole("option", { name: "10개" }).click();
    await expect.poll(async () => (await config()).pageSize).toBe(10);
    // A switch's input is visually hidden (react-aria); the user presses its label.
    const split = page.getByRole("switch", { name: "분할 보기", exact: true });
    await expect(split.isChecked()).resolves.toBe(false);
    await page.locator(".ui-switch", { has: split }).click();
    await expect.poll(() => split.isChecked()).toBe(true);
    await expect.poll(async () => (await config()).splitView).toBe(true);

    await page.getByRole("tab", { name: "쓰기" }).click();
    await page.waitForURL(/#\/mail\/config\/\d+\/1\/write$/);
    await page.locator(".ui-switch", { has: page.getByRole("switch", { name: "말머리 사용" }) }).click();
    await page.getByLabel("새 말머리").fill("[공지]");
    await page.getByRole("button", { name: "추가" }).click();
    await expect.poll(async () => (await config()).subjectFirsts).toEqual(["[공지]"]);
    await e.shot(page, "config-write");

    await page.getByRole("link", { name: "목록으로" }).click();
    await page.waitForURL(/#\/mail\/\d+\/1$/);
    await page.getByText("레이아웃 메일 12").first().waitFor();
    // 10 per page now: the 12th (newest) is on page 1, the 2nd is on page 2.
    await expect(page.getByText("레이아웃 메일 2", { exact: true }).count()).resolves.toBe(0);

    // Split view: opening a mail keeps the list beside it.
    await page.getByText("레이아웃 메일 12").first().click();
    await page.waitForURL(/#\/mail\/view\//);
    await page.getByRole("heading", { name: "레이아웃 메일 12" }).waitFor();
    await expect(page.getByText("레이아웃 메일 11").first().isVisible()).resolves.toBe(true);
    await e.shot(page, "split-view");
  });

  test("with tabs on, the view tab appears and closing it selects the list", async () => {
    expect((await e.t.call("PUT", "/api/mail/config/splitView", { token: co.admin.token, json: { splitView: false } })).status).toBe(200);
    expect((await e.t.call("PUT", "/api/mail/config/useTab", { token: co.admin.token, json: { useTab: true } })).status).toBe(200);
    await page.goto(`${e.base}/#/mail`);
    await page.reload();
    await page.getByText("레이아웃 메일 11").first().click();
    await page.waitForURL(/#\/mail\/view\//);
    await page.getByRole("tab", { name: "읽기" }).waitFor();
    await page.getByRole("tab", { name: "목록" }).click();
    await page.waitForURL(/#\/mail\/\d+\/1$/);
    await page.getByRole("tab", { name: "읽기" }).click();
    await page.waitForURL(/#\/mail\/view\//);
    await e.shot(page, "tabs");
    await page.getByRole("button", { name: "읽기 탭 닫기" }).click();
    await page.waitForURL(/#\/mail\/\d+\/1$/);
    await expect(page.getByRole("tab", { name: "읽기" }).count()).resolves.toBe(0);
  });

  test("a small screen forces tabs and split view off", async () => {
    const small = await e.newPage({ width: 600, height: 800 });
    await small.page.goto(`${e.base}/#/login`);
    await signIn(e, small.page, "admin", "layout.test", ADMIN_PASSWORD);
    await small.page.getByText("레이아웃 메일 12").first().waitFor();
    await expect(small.page.getByRole("tab", { name: "목록" }).count()).resolves.toBe(0);
    await e.shot(small.page, "small-screen");
    await small.context.close();
  });

  test("the view popup route renders the mail without the shell", async () => {
    const { INBOX } = await folders(e.t, co.admin);
    const list = (await e.t.call("GET", `/api/mails?folderId=${INBOX}&page=0`, { token: co.admin.token })).body;
    const mailId = list.mails[0].mailId;
    const json = encodeURIComponent(JSON.stringify({ folderId: INBOX, view: { mailId } }));
    await page.goto(`${e.base}/#/mail/view/popup/${json}`);
    await page.getByRole("heading", { name: list.mails[0].subject }).waitFor();
    await expect(page.getByRole("button", { name: "사용자 메뉴" }).count()).resolves.toBe(0);
    await e.shot(page, "view-popup");
  });
});
