// Sharing one's account in a real browser (000 §6 "Account sharing"): the colleague picked in "공유할 동료" by
// mouse or by keyboard (arrows and Enter) is the one the share is made with, the share shows in the owner's
// list, and the colleague finds the account under "나에게 공유된 계정" and in the user menu's other accounts.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { signupCompany } from "../support/test-app.ts";
import { adminApi, USER_PASSWORD } from "../support/admin-api.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";

const DOMAIN = "sharewalk.test";
const e = await startE2E("account-sharing");
const co = await signupCompany(e.t, { domain: DOMAIN, name: "김대표" });
const admin = adminApi(e.t);
await admin.newUser(co.token, { loginId: "hong", accountName: "홍길동" });
await admin.newUser(co.token, { loginId: "lee", accountName: "이영희" });

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);

async function openSharingTab(p: Page) {
  await p.goto(`${e.base}/#/account/account`);
  await p.getByRole("tab", { name: "계정 공유" }).waitFor();
}

const mine = (p: Page) => p.getByRole("table", { name: "내 계정 공유" });
const theirs = (p: Page) => p.getByRole("table", { name: "나에게 공유된 계정" });

describe("sharing my account", () => {
  test("a colleague picked with the mouse is shared with and listed", async () => {
    await signIn(e, page, "admin", DOMAIN, co.password);
    await openSharingTab(page);
    const field = page.getByRole("combobox", { name: "공유할 동료" });
    await field.click();
    await field.pressSequentially("홍");
    await page.getByRole("option", { name: /홍길동/ }).click();
    await expect.poll(() => field.inputValue()).toBe(`홍길동 <hong@${DOMAIN}>`);
    await e.shot(page, "picked-by-mouse");
    // A person takes a moment before pressing the button (the search behind the list has settled by then).
    await page.waitForTimeout(800);
    // Pressing the button moves the focus out of the field first: the choice must survive that.
    await page.getByRole("button", { name: "공유", exact: true }).click();
    await page.getByText("홍길동 님과 계정을 공유했습니다.").waitFor();
    await mine(page).getByRole("row", { name: /홍길동/ }).waitFor();
    expect(await page.getByText("목록에서 동료를 선택하세요.").count()).toBe(0);
    // The field is emptied for the next one.
    await expect.poll(() => field.inputValue()).toBe("");
  });

  test("a colleague picked with the arrow keys and Enter is shared with, submitting with Enter", async () => {
    const field = page.getByRole("combobox", { name: "공유할 동료" });
    await field.focus();
    await field.pressSequentially("lee");
    await page.getByRole("option", { name: /이영희/ }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => field.inputValue()).toBe(`이영희 <lee@${DOMAIN}>`);
    await e.shot(page, "picked-by-keyboard");
    await page.waitForTimeout(800);
    await page.keyboard.press("Enter");
    await page.getByText("이영희 님과 계정을 공유했습니다.").waitFor();
    await mine(page).getByRole("row", { name: /이영희/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "two-shares");

    const shares = await e.t.call("GET", "/api/users/accounts/shared-users", { token: co.token });
    expect(shares.body.map((s: { email: string; status: string }) => [s.email, s.status]).sort()).toEqual([
      [`hong@${DOMAIN}`, "ACTIVE"],
      [`lee@${DOMAIN}`, "ACTIVE"],
    ]);
  });

  test("the colleague sees the shared account in the account settings and in the user menu", async () => {
    const hong = await e.newPage();
    await signIn(e, hong.page, "hong", DOMAIN, USER_PASSWORD);
    await openSharingTab(hong.page);
    await theirs(hong.page).getByRole("row", { name: new RegExp(`김대표.*admin@${DOMAIN.replace(".", "\\.")}`) }).waitFor();
    await theirs(hong.page).getByRole("button", { name: "김대표 님의 계정으로 전환" }).waitFor();
    await e.shot(hong.page, "colleague-sees-share");
    await hong.page.getByRole("button", { name: "사용자 메뉴" }).click();
    await hong.page.getByRole("menuitem", { name: `김대표 (admin@${DOMAIN})` }).waitFor();
    await e.shot(hong.page, "colleague-user-menu");
    await hong.context.close();
  });
});
