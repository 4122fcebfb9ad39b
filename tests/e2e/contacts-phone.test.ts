// The address book on a phone (390x844) in ko, en and id, with each language's own labels (the desktop
// width: contacts-i18n.test.ts): the list with cards the API made; nothing scrolls sideways, the group tree
// is a modal drawer from the top bar (focus inside, Escape closes it, picking a group closes it and shows
// that group), the new-card dialog fits; axe finds nothing serious. With the company's useContact off, the module is
// not offered and its address leads to the first screen. Screenshots: test-results/e2e/contacts-phone/.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { type Seed, seededMember } from "./support/books.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { type Lang, signInIn, strings } from "./support/walk-i18n.ts";

const e = await startE2E("contacts-phone");
const LANGS: Lang[] = ["ko", "en", "id"];
const PHONE = { width: 390, height: 844 };
const co = await mailCompany(e, "contacts-phone.test");

async function expectNoSideScroll(page: Page) {
  const outside = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("body *")].filter((el) => {
        if (el.closest("[aria-hidden='true']")) return false;
        const r = el.getBoundingClientRect();
        return r.width > 1 && (r.right > innerWidth + 0.5 || r.left < -0.5);
      }).slice(0, 5).map((el) => `${el.tagName}.${el.className}`));
  await expect.poll(async () => (await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)) || await outside()).toBe(true);
}

/** A member with a group and cards of their language. */
const seeded = (loginId: string, lng: Lang, names: Seed) => seededMember(e, co, loginId, lng, names);

const NAMES: Record<Lang, Seed> = {
  ko: { group: "거래처", people: [["김민수", "minsu@example.com", "한빛상사"], ["이서연", "seoyeon@example.com", "누리소프트"], ["박지훈", "jihun@example.com", "다온물산"]] },
  en: { group: "Clients", people: [["Alice Moore", "alice@example.com", "Northwind"], ["Brian Lee", "brian@example.com", "Contoso"], ["Chloe Kim", "chloe@example.com", "Fabrikam"]] },
  id: { group: "Klien", people: [["Budi Santoso", "budi@example.com", "Maju Jaya"], ["Dewi Lestari", "dewi@example.com", "Sinar Abadi"], ["Eka Putra", "eka@example.com", "Nusantara"]] },
};

for (const lng of LANGS) {
  const tr = strings(lng);
  const names = NAMES[lng];
  describe(`contacts in ${lng}`, () => {
    test("phone: no sideways scroll; the group tree is a drawer; the card dialog fits", async () => {
      const { group } = await seeded(`phone-${lng}`, lng, names);
      const { context, page } = await e.newPage(PHONE);
      await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
      page.setDefaultTimeout(12_000);
      await signInIn(e.base, page, tr, `phone-${lng}`, co.domain, "/contact/list/all/1");
      await page.locator("tr.ct-row", { hasText: names.people[2][0] }).waitFor();
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-phone-list`);

      const open = page.getByRole("button", { name: tr("contacts:side.open") });
      await open.click();
      const drawer = page.getByRole("dialog", { name: tr("contacts:side.label") });
      await drawer.getByRole("heading", { name: tr("contacts:group.mine") }).waitFor();
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-phone-drawer`);
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "detached" });
      await open.click();
      await drawer.getByRole("link", { name: new RegExp(names.group) }).click();
      await drawer.waitFor({ state: "detached" });
      await page.waitForURL(new RegExp(`#/contact/list/${group.id}/1$`));
      await page.getByRole("heading", { name: new RegExp(names.group) }).waitFor();

      await open.click();
      await drawer.getByRole("button", { name: tr("contacts:card.new") }).click();
      const dialog = page.getByRole("dialog", { name: tr("contacts:card.newTitle") });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: tr("contacts:action.save") }).click();
      await dialog.getByText(tr("contactErrors:contact.name_required")).waitFor();
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-phone-new-card`);
      await context.close();
    });
  });
}

describe("the module flag", () => {
  test("useContact off: no contacts in the side panel, and /contact leads to the first screen", async () => {
    const other = await mailCompany(e, "contacts-off.test");
    const r = await e.t.call("PUT", "/api/admin/company", { token: other.admin.token, json: { useContact: false } });
    expect(r.status).toBe(200);
    await other.member("nora");
    const { context, page } = await e.newPage();
    page.setDefaultTimeout(12_000);
    await signIn(e, page, "nora", other.domain, USER_PASSWORD);
    await page.getByRole("navigation", { name: "모듈" }).getByRole("link", { name: "메일" }).waitFor();
    await expect(page.getByRole("navigation", { name: "모듈" }).getByRole("link", { name: "주소록", exact: true }).count()).resolves.toBe(0);
    await page.goto(`${e.base}/#/contact/list/all/1`);
    await page.waitForURL(/#\/mail\/\d+\/1$/);
    const api = await e.t.call("GET", "/api/contact/card", { token: (await other.member("omar")).token });
    expect(api.status).toBe(403);
    await e.shot(page, "flag-off");
    await context.close();
  });
});
