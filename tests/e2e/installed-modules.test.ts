// Settings are offered only for modules this installation has (web/src/app/modules.ts ISLANDS: the home dashboard, mail, the
// calendar, contacts, the customer book, the drive, resource booking, approval, leave, boards, the wiki, to-do (할 일)
// and flow (프로젝트)): the admin's modules tab and module settings, and the account's first screen and tutorials,
// offer no others (a first screen that cannot open, a setting that changes nothing); the wiki has a switch and is a
// first screen, but no module settings. Mail's own settings stay.
import { describe, expect, test } from "vitest";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn } from "./support/mail.ts";

const e = await startE2E("installed-modules");
const co = await mailCompany(e, "modules-ui.test");
const { page } = await e.newPage();
await signIn(e, page, "admin", co.domain, ADMIN_PASSWORD);

describe("only installed modules are offered", () => {
  test("admin: the modules tab offers the switches of the installed modules only; module settings show none of the wiki", async () => {
    await page.goto(`${e.base}/#/admin/company`);
    await page.getByRole("tab", { name: "모듈", exact: true }).click();
    await page.getByRole("switch").first().waitFor();
    await expect(page.getByRole("tabpanel").getByRole("switch").count()).resolves.toBe(14); // the islands' 12 and the messenger's two (useMessenger, useTeamChat)
    await page.getByRole("switch", { name: /^드라이브/ }).waitFor();
    await expect(page.getByRole("switch", { name: /^캘린더/ }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole("switch", { name: /^주소록/ }).isChecked()).resolves.toBe(true);
    await page.getByRole("switch", { name: /^고객 주소록/ }).waitFor();
    for (const installed of [/^홈/, /^예약/, /^전자결재/, /^휴가/, /^게시판/, /^위키/, /^할 일/, /^프로젝트/]) await page.getByRole("switch", { name: installed }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "admin-modules");

    await page.getByRole("tab", { name: "모듈 설정" }).click();
    await page.getByText("대용량 첨부 다운로드 기간").waitFor();
    await page.getByRole("tabpanel").getByRole("heading", { name: "게시판", exact: true }).waitFor();
    await expect(page.getByRole("tabpanel").getByRole("heading", { name: "위키" }).count()).resolves.toBe(0);
    // An out-of-range number stays as typed, with the range said, instead of being clamped in silence.
    const days = page.getByLabel("대용량 첨부 다운로드 기간");
    await days.fill("999");
    await days.blur();
    await expect(days.inputValue()).resolves.toBe("999");
    await page.getByText("1부터 365까지의 정수를 입력하세요.").waitFor();
    await e.shot(page, "admin-module-configs");
  });

  test("account: the installed modules are the first screens offered", async () => {
    await page.goto(`${e.base}/#/account/service`);
    await page.getByRole("tabpanel").waitFor();
    await page.getByRole("button", { name: /로그인 후 열 화면/ }).click();
    const options = await page.getByRole("option").allTextContents();
    expect(options.map((o) => o.trim())).toEqual(["메일", "홈", "캘린더", "주소록", "고객 주소록", "드라이브", "게시판", "위키", "할 일", "프로젝트", "휴가", "전자결재", "예약"]);
    await page.keyboard.press("Escape");
    const tutorials = await page.getByRole("tabpanel").getByRole("switch").evaluateAll((els) =>
      els.map((el) => el.closest("label")?.textContent?.trim() ?? ""));
    expect(tutorials).toEqual(["홈", "메일", "캘린더", "주소록", "드라이브", "게시판", "할 일"]);
    await e.shot(page, "account-service");
  });
});
