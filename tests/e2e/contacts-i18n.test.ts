// The address book at desktop width in ko, en and id, with each language's own labels (the phone width:
// contacts-phone.test.ts): the list with cards the API made (a full page scrolls inside the list, never the document), a card, its edit form and the import dialog; axe
// finds nothing serious. Screenshots: test-results/e2e/contacts-i18n/.
import { describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { type Seed, seededMember } from "./support/books.ts";
import { mailCompany } from "./support/mail.ts";
import { type Lang, signInIn, strings } from "./support/walk-i18n.ts";

const e = await startE2E("contacts-i18n");
const LANGS: Lang[] = ["ko", "en", "id"];
const co = await mailCompany(e, "contacts-i18n.test");

/** A member with a group and cards of their language. */
const seeded = (loginId: string, lng: Lang, names: Seed) => seededMember(e, co, loginId, lng, names, 20);

const NAMES: Record<Lang, Seed> = {
  ko: { group: "거래처", people: [["김민수", "minsu@example.com", "한빛상사"], ["이서연", "seoyeon@example.com", "누리소프트"], ["박지훈", "jihun@example.com", "다온물산"]] },
  en: { group: "Clients", people: [["Alice Moore", "alice@example.com", "Northwind"], ["Brian Lee", "brian@example.com", "Contoso"], ["Chloe Kim", "chloe@example.com", "Fabrikam"]] },
  id: { group: "Klien", people: [["Budi Santoso", "budi@example.com", "Maju Jaya"], ["Dewi Lestari", "dewi@example.com", "Sinar Abadi"], ["Eka Putra", "eka@example.com", "Nusantara"]] },
};

for (const lng of LANGS) {
  const tr = strings(lng);
  const names = NAMES[lng];
  describe(`contacts in ${lng}`, () => {
    test("desktop: the list, a card, the new-card and import dialogs; axe", async () => {
      await seeded(`desk-${lng}`, lng, names);
      const { context, page } = await e.newPage();
      await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
      page.setDefaultTimeout(12_000);
      await signInIn(e.base, page, tr, `desk-${lng}`, co.domain, "/contact");
      await page.waitForURL(/#\/contact\/list\/all\/1$/);
      await page.locator("tr.ct-row", { hasText: names.people[1][0] }).waitFor();
      await page.getByRole("heading", { name: tr("contacts:group.mine") }).waitFor();
      await expect.poll(() => page.locator("tr.ct-row").count()).toBe(20);
      expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight)).toBe(true);
      expect(await page.locator(".ct-list-body").evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-list`);
      await page.locator("tr.ct-row", { hasText: names.people[0][0] }).click();
      const view = page.getByRole("dialog", { name: names.people[0][0] });
      await view.getByText(names.people[0][2]).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-card`);
      await view.getByRole("button", { name: tr("contacts:card.edit"), exact: true }).click();
      await page.getByRole("dialog", { name: tr("contacts:card.editTitle") }).getByRole("textbox", { name: tr("contacts:column.company") }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-edit`);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: tr("contacts:inout.import"), exact: true }).click();
      await page.getByRole("dialog", { name: tr("contacts:inout.importTitle") }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-import`);
      await context.close();
    });

  });
}
