// The customer address book in ko, en and id, at desktop and phone width: a member whose language is set sees
// the group tree, a group's cards with the consonant bar, a card with its history (a memo, the change log) and
// the group dialog with that language's labels; on a phone (390 px, in Korean) the side pane is a drawer opened from the
// top bar and closed by picking a group; keyboard: the rows are reached with the arrow keys and Enter opens
// a card. axe finds nothing serious. Screenshots: test-results/e2e/customers-i18n/.
import { describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs, bookCompany } from "./support/books.ts";

import { type Lang, signInIn, strings } from "./support/walk-i18n.ts";

const e = await startE2E("customers-i18n");
const co = await bookCompany(e, "customers-i18n.test", { customer: true });

const NAMES: Record<Lang, { group: string; other: string; people: [string, string][]; memo: string }> = {
  ko: { group: "한빛상사", other: "다온물산", people: [["김민수", "minsu@hanbit.example"], ["이서연", "seoyeon@hanbit.example"]], memo: "다음 주 견적 미팅" },
  en: { group: "Northwind", other: "Contoso", people: [["Alice Moore", "alice@northwind.example"], ["Brian Lee", "brian@northwind.example"]], memo: "Quote meeting next week" },
  id: { group: "Maju Jaya", other: "Sinar Abadi", people: [["Budi Santoso", "budi@maju.example"], ["Dewi Lestari", "dewi@maju.example"]], memo: "Rapat penawaran minggu depan" },
};

async function seeded(loginId: string, lng: Lang) {
  const who = await co.member(loginId);
  const call = apiAs(e, who);
  await e.t.call("PUT", "/api/users/general", { token: who.token, form: { accountName: `Mina ${lng}`, personalEmail: "", languageType: lng.toUpperCase() } });
  const n = NAMES[lng];
  const group = await call<{ id: number }>("POST", "/api/customer/group", { groupName: `${n.group} ${loginId}`, isPublic: false });
  await call("POST", "/api/customer/group", { groupName: `${n.other} ${loginId}`, isPublic: false });
  for (const [userName, email] of n.people) {
    const card = await call<{ id: number }>("POST", "/api/customer/card", {
      groupId: group.id, cardData: { userName, emailList: [email], telList: ["010-1234-5678"], telTypeList: ["CELL"], company: n.group, organ: "Sales" },
    });
    if (userName === n.people[0][0]) await call("POST", "/api/customer/history", { groupId: group.id, cardId: card.id, content: n.memo });
  }
  return group;
}

for (const lng of ["ko", "en", "id"] as Lang[]) {
  const tr = strings(lng);
  const n = NAMES[lng];
  describe(`the customer book in ${lng}`, () => {
    test("desktop: the list, a card with its history (keyboard), the group dialog; axe", async () => {
      const group = await seeded(`desk-${lng}`, lng);
      const { context, page } = await e.newPage();
      await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
      page.setDefaultTimeout(12_000);
      await signInIn(e.base, page, tr, `desk-${lng}`, co.domain, `/customer/list/group/${group.id}`);
      const side = page.getByRole("navigation", { name: tr("customers:side.label") });
      await side.getByRole("heading", { name: tr("customers:group.title") }).waitFor();
      await page.locator("tr.ct-row", { hasText: n.people[1][0] }).waitFor();
      await page.getByRole("group", { name: tr("contacts:list.consonants") }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-list`);

      // Keyboard: the first row takes focus, ↓ moves, Enter opens the card.
      await page.locator("tr.ct-row").first().focus();
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("Enter");
      const card = page.getByRole("dialog", { name: n.people[0][0] });
      await card.getByText(n.memo).waitFor();
      await card.getByText(tr("customers:log.CARD.ADD", { content: n.people[0][0] })).waitFor();
      await card.getByRole("button", { name: tr("customers:memo.save") }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-card`);
      await page.keyboard.press("Escape");
      await card.waitFor({ state: "detached" });

      await side.getByRole("button", { name: tr("customers:group.menu", { name: `${n.group} desk-${lng}` }) }).click();
      await page.getByRole("menuitem", { name: tr("customers:group.edit") }).click();
      const dialog = page.getByRole("dialog", { name: tr("customers:group.editTitle") });
      await dialog.getByRole("textbox", { name: tr("customers:group.findMember") }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-group-dialog`);
      await context.close();
    });

    // The phone width once (in Korean, the default language): the drawer is the same in every language.
    if (lng === "ko") test("phone: the side pane is a drawer; picking a group closes it; axe", async () => {
      const group = await seeded(`phone-${lng}`, lng);
      const { context, page } = await e.newPage({ width: 390, height: 844 });
      await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
      page.setDefaultTimeout(12_000);
      await signInIn(e.base, page, tr, `phone-${lng}`, co.domain, `/customer/list/group/${group.id}`);
      await page.locator("tr.ct-row", { hasText: n.people[0][0] }).waitFor();
      expect(await page.getByRole("navigation", { name: tr("customers:side.label") }).count()).toBe(0);
      await page.getByRole("button", { name: tr("customers:side.open") }).click();
      const drawer = page.getByRole("dialog", { name: tr("customers:side.label") });
      await drawer.getByRole("link", { name: new RegExp(`${n.other} phone-${lng}`) }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `${lng}-phone-drawer`);
      await drawer.getByRole("link", { name: new RegExp(`${n.other} phone-${lng}`) }).click();
      await drawer.waitFor({ state: "detached" });
      await page.getByText(tr("customers:list.empty")).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      await e.shot(page, `${lng}-phone-list`);
      await context.close();
    });
  });
}
