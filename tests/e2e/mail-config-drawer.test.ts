// The config drawer in a real browser (000 §2 "A config drawer 320 wide", issue 7): opened from the list
// toolbar's settings button, 320 wide at the right; split view with the first mail puts the reader beside the
// list at once, and the drawer stays open meanwhile; page size 10 shows 10 rows at once; group view; each
// change is on the server; Escape closes it and focus returns to the button; "all settings" leads to the
// settings screen. Screens in ko and en, with axe.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { deliver, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-config-drawer");
const co = await mailCompany(e, "drawer.test");
const reader = await co.member("reader");
const box = await folders(e.t, reader);
const ids: number[] = [];
for (let i = 1; i <= 25; i++) {
  ids[i] = await deliver(e, reader, { subject: `서랍 메일 ${String(i).padStart(2, "0")}`, text: `본문 ${i}`, to: reader.username });
}

const config = async () => (await e.t.call("GET", "/api/mail/config", { token: reader.token })).body;
const rowIds = (page: Page) => page.locator("[role=grid] [role=row][data-mail-id]").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-mail-id"))));
/** A react-aria switch's input is visually hidden: the user presses its label. */
const flip = (page: Page, name: string) => page.locator(".mail-drawer .ui-switch", { has: page.getByRole("switch", { name, exact: true }) }).click();

const { page } = await e.newPage();
page.setDefaultTimeout(10_000);

describe("the config drawer", () => {
  test("opens from the list toolbar as a 320-wide dialog at the right, focus inside", async () => {
    await signIn(e, page, "reader", co.domain, USER_PASSWORD);
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
    await page.locator("[role=grid]").waitFor();
    expect(await rowIds(page)).toHaveLength(20);
    await page.getByRole("button", { name: "메일 빠른 설정" }).click();
    const dialog = page.getByRole("dialog", { name: "빠른 설정" });
    await dialog.waitFor();
    await page.waitForTimeout(300); // the slide-in animation
    const boxOf = (await page.locator(".mail-drawer").boundingBox())!;
    expect(boxOf.width).toBe(320);
    expect(Math.round(boxOf.x + boxOf.width)).toBe(1280);
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (const name of ["분할 보기", "분할 보기에서 첫 메일 바로 열기", "날짜별 묶어 보기", "탭 사용", "팝업으로 읽기", "팝업으로 쓰기"]) {
      await dialog.getByRole("switch", { name, exact: true }).waitFor({ state: "attached" });
    }
    await expect(dialog.getByRole("switch", { name: "분할 보기에서 첫 메일 바로 열기" }).isDisabled()).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "drawer-ko");
  });

  test("split view with the first mail: the reader appears beside the list at once, the drawer stays", async () => {
    await flip(page, "분할 보기");
    await expect.poll(async () => (await config()).splitView).toBe(true);
    await flip(page, "분할 보기에서 첫 메일 바로 열기");
    await page.waitForURL(/#\/mail\/view\//);
    await page.locator(".mail-split-list [role=grid]").waitFor();
    await page.locator(".mail-split-view").waitFor();
    await expect.poll(() => page.locator("[role=row][data-open]").getAttribute("data-mail-id")).toBe(String(ids[25]));
    await page.getByRole("dialog", { name: "빠른 설정" }).waitFor();
    expect(await config()).toMatchObject({ splitView: true, showFirstMail: true });
    await e.shot(page, "split-on");
  });

  test("page size 10: the list shows 10 at once; group view shows the day groups", async () => {
    await page.locator(".mail-drawer").getByRole("button", { name: /한 페이지에 보이는 메일/ }).click();
    await page.getByRole("option", { name: "10개" }).click();
    await expect.poll(() => rowIds(page).then((l) => l.length)).toBe(10);
    expect(await rowIds(page)).toEqual(Array.from({ length: 10 }, (_, i) => ids[25 - i]));
    await expect.poll(async () => (await config()).pageSize).toBe(10);

    await flip(page, "날짜별 묶어 보기");
    // Behind the open dialog the list is hidden from the accessibility tree (aria-hidden): look at the page itself.
    // The delivered mails are from before this week: one group, "이전".
    await page.locator(".mail-split-list .mail-group-head", { hasText: "이전" }).first().waitFor();
    await expect.poll(async () => (await config()).groupView).toBe(true);
    await e.shot(page, "page-size-10-grouped");
  });

  test("tabs, popup read and popup write are saved on the server", async () => {
    await flip(page, "탭 사용");
    await page.locator(".mail-drawer .ui-switch", { has: page.getByRole("switch", { name: "탭 사용" }) }).waitFor();
    await flip(page, "팝업으로 읽기");
    await flip(page, "팝업으로 쓰기");
    await expect.poll(async () => {
      const c = await config();
      return [c.useTab, c.popupRead, c.popupWrite];
    }).toEqual([true, true, true]);
    // And back off, as the user found them.
    await flip(page, "탭 사용");
    await flip(page, "팝업으로 읽기");
    await flip(page, "팝업으로 쓰기");
    await expect.poll(async () => {
      const c = await config();
      return [c.useTab, c.popupRead, c.popupWrite];
    }).toEqual([false, false, false]);
  });

  test("Escape closes it and focus returns to the settings button", async () => {
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog", { name: "빠른 설정" }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("메일 빠른 설정");
  });

  test("'all settings' leads to the settings screen and shows the same values", async () => {
    await page.getByRole("button", { name: "메일 빠른 설정" }).click();
    await page.getByRole("link", { name: "전체 설정 보기" }).click();
    await page.waitForURL(/#\/mail\/config\/-?\d+\/\d+\/list$/);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect(page.getByRole("switch", { name: "분할 보기", exact: true }).isChecked()).resolves.toBe(true);
  });

  test("in English", async () => {
    await page.evaluate(() => localStorage.setItem("gw.language", "en"));
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await page.reload();
    await page.locator("[role=grid]").first().waitFor();
    await page.getByRole("button", { name: "Quick mail settings" }).click();
    await page.getByRole("dialog", { name: "Quick settings" }).waitFor();
    await page.getByRole("link", { name: "All settings" }).waitFor();
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "drawer-en");
  });
});
