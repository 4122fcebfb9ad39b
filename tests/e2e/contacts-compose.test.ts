// The composer's recipient autocomplete reaches the address books (issue 24 "Mail integration"): a card of the
// user's contacts is found by the initials of its name ("ㄱㅁ"), a customer card by part of its name, each marked with
// where it comes from, and picking one adds its address; with the customer book switched off its cards are
// not offered.
import { describe, expect, test } from "vitest";
import type { CustomerGroup } from "../../shared/contacts/customers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs, bookCompany } from "./support/books.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("contacts-compose");
const co = await bookCompany(e, "contacts-compose.test", { customer: true });
const me = await co.member("hana");
const as = apiAs(e, me);
await as("POST", "/api/contact/card", { cardData: { userName: "김민수", emailList: ["minsu@partner.example"], company: "한빛상사" } });
const group = await as<CustomerGroup>("POST", "/api/customer/group", { groupName: "누리소프트", isPublic: true });
await as("POST", "/api/customer/card", { groupId: group.id, cardData: { userName: "이서연", emailList: ["seoyeon@nuri.example"] } });

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
const to = () => page.locator("form.cmp").getByRole("combobox", { name: "받는 사람" });

async function openCompose() {
  await page.goto(`${e.base}/#/mail/-1/1`);
  await page.waitForURL(/#\/mail\/-1\/1/);
  await page.goto(`${e.base}/#/mail/write/-1/1/${encodeURIComponent("{}")}`);
  await to().waitFor();
}

describe("recipients from the address books", () => {
  test("a contact by its name's initials and a customer card by part of its name, each marked; picked, its address is added", async () => {
    await signIn(e, page, "hana", co.domain, USER_PASSWORD);
    await openCompose();
    await to().fill("ㄱㅁ");
    const contact = page.getByRole("option", { name: /김민수/ });
    await contact.waitFor();
    await expect(contact.locator(".cmp-ac-badge").textContent()).resolves.toBe("주소록");
    await e.shot(page, "contact-option");
    await contact.click();
    await page.locator("form.cmp .cmp-chip", { hasText: "minsu@partner.example" }).waitFor();
    // (axe after the list has closed: while it is open, react-aria hides the rest of the page from screen readers.)
    expect(await seriousViolations(page)).toEqual([]);

    await to().fill("서연"); // the same word the next test looks for with the customer book off
    const customer = page.getByRole("option", { name: /이서연/ });
    await customer.waitFor();
    await expect(customer.locator(".cmp-ac-badge").textContent()).resolves.toBe("고객");
    await customer.click();
    await page.locator("form.cmp .cmp-chip", { hasText: "seoyeon@nuri.example" }).waitFor();
  });

  test("with the customer book switched off, its cards are not offered", async () => {
    await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCustomer: false } });
    // A new page: the first still holds the mail being written.
    const fresh = await e.newPage();
    const p = fresh.page;
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "hana", co.domain, USER_PASSWORD, `/mail/write/-1/1/${encodeURIComponent("{}")}`);
    const field = p.locator("form.cmp").getByRole("combobox", { name: "받는 사람" });
    await field.fill("서연");
    await p.getByText("일치하는 주소가 없습니다. Enter로 그대로 추가합니다.").waitFor();
    expect(await p.getByRole("option", { name: /이서연/ }).count()).toBe(0);
    await fresh.context.close();
  });
});
