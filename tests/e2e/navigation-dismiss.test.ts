// What a route change takes away and what it keeps. A snackbar belongs to the screen it was raised on: going
// to another screen or module dismisses it at once (not when its 3 or 5 s run out), while a message about where
// an action leads ("deleted" as the reader moves on) comes along. The search's detail panel and history close
// when the user goes elsewhere (back button, a link) instead of hanging over the next screen.
import { describe, expect, test } from "vitest";
import { startE2E } from "./support/browser.ts";
import { deliver, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("navigation-dismiss");
const co = await mailCompany(e, "nav.test");
const me = await co.member("navi");
const box = await folders(e.t, me);
await deliver(e, me, { subject: "첫 번째 메일", to: me.username, text: "하나" });
const second = await deliver(e, me, { subject: "두 번째 메일", to: me.username, text: "둘" });

const { page } = await e.newPage();
page.setDefaultTimeout(10_000);
const snack = (text: string) => page.locator(".snack").filter({ hasText: text });
const field = () => page.getByRole("searchbox", { name: "검색어" });
const viewUrl = (mailId: number) =>
  `${e.base}/#/mail/view/${box.INBOX}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId } }))}`;

describe("a route change and the snackbar", { timeout: 60_000 }, () => {
  test("a message of one screen goes when the user goes to another module, long before its time-out", async () => {
    await signIn(e, page, "navi", co.domain, USER_PASSWORD);
    await page.locator("[role=row][data-mail-id]").first().waitFor();
    // An empty search is refused with a VALIDATION message (5 s).
    await field().click();
    await page.keyboard.press("Enter");
    await snack("검색어를 입력하세요.").waitFor();
    const raised = Date.now();
    await e.shot(page, "validation-on-mail");
    // To account settings (another module), as the user menu's link does.
    await page.evaluate(() => (location.hash = "#/account/info"));
    await page.waitForURL(/#\/account\/info/);
    await snack("검색어를 입력하세요.").waitFor({ state: "detached", timeout: 2000 });
    expect(Date.now() - raised).toBeLessThan(4500);
    await e.shot(page, "gone-on-account");
  });

  test("a saved-settings message goes when the user goes back to the list; it stays while on the settings", async () => {
    await page.goto(`${e.base}/#/mail/config/${box.INBOX}/1/list`);
    await page.locator(".ui-switch", { has: page.getByRole("switch", { name: "날짜별 묶어 보기", exact: true }) }).click();
    await snack("메일 설정이 저장되었습니다.").waitFor();
    const raised = Date.now();
    // Still there a moment later on the same screen.
    await page.waitForTimeout(500);
    await expect(snack("메일 설정이 저장되었습니다.").count()).resolves.toBe(1);
    await page.getByRole("link", { name: "목록으로" }).click();
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
    await snack("메일 설정이 저장되었습니다.").waitFor({ state: "detached", timeout: 1500 });
    expect(Date.now() - raised).toBeLessThan(2900);
  });

  test("deleting in the reader: the reader moves on and the 'deleted' message comes along", async () => {
    await page.goto(viewUrl(second));
    await page.getByRole("heading", { name: "두 번째 메일" }).waitFor();
    await page.getByRole("toolbar").getByRole("button", { name: "삭제", exact: true }).click();
    // The reader leaves the deleted mail (to the next one or the list) ...
    await page.waitForURL((url) => !decodeURIComponent(url.hash).includes(`"mailId":${second}`));
    // ... and the message is on the screen it arrived on.
    await snack("메일을 삭제했습니다.").waitFor();
    await page.waitForTimeout(300);
    await expect(snack("메일을 삭제했습니다.").count()).resolves.toBe(1);
    await e.shot(page, "deleted-carried");
    const trash = await e.t.call("GET", `/api/mails?folderId=${box.DELETED}&page=0`, { token: me.token });
    expect(trash.body.mails.map((m: { mailId: number }) => m.mailId)).toContain(second);
  });
});

describe("a route change and the search's popups", { timeout: 60_000 }, () => {
  test("the detail panel closes when the user goes back to the previous screen", async () => {
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await page.locator("[role=row][data-mail-id]").first().waitFor();
    await page.goto(`${e.base}/#/mail/config/${box.INBOX}/1/list`);
    await page.getByRole("link", { name: "목록으로" }).waitFor();
    await page.getByRole("button", { name: "상세 검색", exact: true }).click();
    const panel = page.getByRole("region", { name: "상세 검색" });
    await panel.waitFor();
    await page.goBack();
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
    await panel.waitFor({ state: "detached", timeout: 2000 });
    await e.shot(page, "panel-closed-after-back");
  });

  test("the search history closes when the route changes under it", async () => {
    await field().click();
    // The history popup opens under the empty field (with its "no searches yet" note for this user).
    await page.locator(".msearch-history").waitFor();
    await page.evaluate((u) => (location.hash = u), `#/mail/config/${box.INBOX}/1/list`);
    await page.getByRole("link", { name: "목록으로" }).waitFor();
    await page.locator(".msearch-history").waitFor({ state: "detached", timeout: 2000 });
  });
});
