// Another member's change shows without a reload (CUSTOMER_CHANGED, CONTACT_CHANGED; shared/contacts/constants.ts):
// two members in two browsers have the same public customer group open; one adds a card through the card form
// and then deletes it, and the other's list gains and loses the row by itself; a phone (a CardDAV client) puts a
// card into a member's own book and the open address book lists it. Screenshots: test-results/e2e/customers-realtime/.
import { describe, expect, test } from "vitest";
import { contactTopic, customerTopic } from "../../shared/contacts/constants.ts";
import { startE2E } from "./support/browser.ts";
import { apiAs, bookCompany } from "./support/books.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";
import { dav, setClientPassword } from "../dav/support.ts";
import { VCARD, vcard } from "../dav/carddav-support.ts";

const e = await startE2E("customers-realtime");
const co = await bookCompany(e, "customers-realtime.test", { customer: true });
const kim = await co.member("kim");
const lee = await co.member("lee");
const group = await apiAs(e, kim)<{ id: number }>("POST", "/api/customer/group", { groupName: "한빛상사", isPublic: true });
await apiAs(e, kim)("POST", "/api/customer/card", { groupId: group.id, cardData: { userName: "김철수", emailList: ["chulsoo@hanbit.example"] } });
const hub = e.t.deps.realtime.hub;

async function opened(loginId: string) {
  const { page } = await e.newPage();
  page.setDefaultTimeout(12_000);
  await signIn(e, page, loginId, co.domain, USER_PASSWORD, `/customer/list/group/${group.id}`);
  await page.locator("tr.ct-row", { hasText: "김철수" }).waitFor();
  return page;
}

describe("changes reach the other browsers", () => {
  test("a card another member adds, then deletes, comes and goes in the open list", async () => {
    const [a, b] = [await opened("kim"), await opened("lee")];
    await expect.poll(() => hub.subscriberCount(customerTopic(kim.username)), { timeout: 15_000 }).toBe(1);
    await b.getByRole("button", { name: "고객 추가" }).click();
    const form = b.getByRole("dialog", { name: "고객 추가" });
    await form.getByRole("textbox", { name: "이름" }).fill("이서연");
    await form.getByRole("textbox", { name: "이메일 1" }).fill("seoyeon@hanbit.example");
    await form.getByRole("button", { name: "저장" }).click();
    await form.waitFor({ state: "detached" });
    // No reload in kim's browser: the row and the count arrive.
    await a.locator("tr.ct-row", { hasText: "이서연" }).waitFor({ timeout: 10_000 });
    await a.getByText("2개", { exact: true }).waitFor();
    await e.shot(a, "kim-sees-lee-card");

    await b.locator("tr.ct-row", { hasText: "이서연" }).click();
    const card = b.getByRole("dialog", { name: "이서연" });
    await card.getByRole("button", { name: "삭제", exact: true }).click();
    await b.getByRole("dialog").filter({ hasText: "'이서연' 고객을 삭제하시겠습니까?" }).getByRole("button", { name: "삭제" }).click();
    await a.locator("tr.ct-row", { hasText: "이서연" }).waitFor({ state: "detached", timeout: 10_000 });
    expect(await a.locator("tr.ct-row").count()).toBe(1);
  });

  test("a phone's card in the member's own book shows in the open address book", async () => {
    const { page } = await e.newPage();
    page.setDefaultTimeout(12_000);
    await signIn(e, page, "lee", co.domain, USER_PASSWORD, "/contact/list/all/1");
    await page.getByRole("navigation", { name: "주소록 메뉴" }).waitFor();
    await expect.poll(() => hub.subscriberCount(contactTopic(lee.username)), { timeout: 15_000 }).toBe(1);
    await setClientPassword(e.t, lee.companyId, lee.userId);
    const put = await dav(e.base, { username: lee.username }, "PUT", `/dav/addressbooks/${lee.username}/contacts/phone-1.vcf`,
      vcard("phone-rt-e2e@example.org", "Minsu Kim", "minsu@example.com"), VCARD);
    expect(put.status, put.text).toBe(201);
    await page.locator("tr.ct-row", { hasText: "Minsu Kim" }).waitFor({ timeout: 10_000 });
    await e.shot(page, "phone-card-arrives");
  });
});
