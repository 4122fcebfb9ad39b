// A customer group's cards in the browser (001 §2, §7, §9): 20 a page sorted by name with the pager, the
// consonant bar, importance from the star, the search over every group (by name, e-mail or phone), copy and
// move to another group, copy to the user's own book, a vCard file imported into a group through the private
// book's import dialog (preview, then save), the print view of the whole group; the group's history
// 10 at a time, newest first, "more" appending the next 10; a group moved under another in its settings; a
// group that is not there answers the group error and the book's entry. Screenshots:
// test-results/e2e/customers-cards/.
import { Buffer } from "node:buffer";
import { describe, expect, test } from "vitest";
import type { ContactCard } from "../../shared/contacts/cards.ts";
import type { CustomerCard } from "../../shared/contacts/customers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs, bookCompany } from "./support/books.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("customers-cards");
const co = await bookCompany(e, "customers-cards.test", { customer: true });
const kim = await co.member("kim");
const call = apiAs(e, kim);
const a = await call<{ id: number }>("POST", "/api/customer/group", { groupName: "거래처A", isPublic: true });
const b = await call<{ id: number }>("POST", "/api/customer/group", { groupName: "거래처B", isPublic: true });
for (let i = 1; i <= 21; i++) {
  await call("POST", "/api/customer/card", { groupId: a.id, cardData: { userName: `테스트 ${String(i).padStart(2, "0")}`, emailList: [`t${i}@a.example`] } });
}
await call("POST", "/api/customer/card", {
  groupId: a.id, cardData: { userName: "김철수", emailList: ["chulsoo@a.example"], telList: ["02-111-2222"], telTypeList: ["WORK"], company: "에이상사" },
});
const cardsOf = async (groupId: number) => (await call<{ content: CustomerCard[] }>("GET", `/api/customer/card?groupId=${groupId}&pageSize=200`)).content;

const { page: p } = await e.newPage();
p.setDefaultTimeout(12_000);
const rows = p.locator("tr.ct-row");
const row = (name: string) => p.locator("tr.ct-row", { hasText: name });

describe("a customer group's cards", () => {
  test("20 a page by name, the consonant bar, importance from the star", async () => {
    await signIn(e, p, "kim", co.domain, USER_PASSWORD, `/customer/list/group/${a.id}`);
    await row("김철수").waitFor();
    await expect.poll(() => rows.count()).toBe(20);
    expect(await rows.first().textContent()).toContain("김철수");
    await p.getByRole("button", { name: "2페이지" }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await row("테스트 21").waitFor();
    await p.getByRole("button", { name: "ㄱ", exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await row("김철수").getByRole("button", { name: "김철수 중요 표시" }).click();
    await expect.poll(async () => (await cardsOf(a.id)).find((c) => c.userName === "김철수")?.importantStatus).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "consonant");
  });

  test("the search finds cards by e-mail and by phone over every group", async () => {
    const side = p.getByRole("navigation", { name: "고객 주소록 메뉴" });
    await side.getByRole("searchbox", { name: "고객 검색" }).fill("c");
    await side.getByRole("button", { name: "검색" }).click();
    await side.getByText("검색어를 2자 이상 입력하세요.", { exact: false }).waitFor();
    await side.getByRole("searchbox", { name: "고객 검색" }).fill("chulsoo");
    await side.getByRole("button", { name: "검색" }).click();
    await p.getByRole("heading", { name: /'chulsoo' 검색 결과/ }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await row("김철수").waitFor();
    await side.getByRole("searchbox", { name: "고객 검색" }).fill("111-2222");
    await side.getByRole("button", { name: "검색" }).click();
    await p.getByRole("heading", { name: /'111-2222' 검색 결과/ }).waitFor();
    await row("김철수").waitFor();
    await p.getByRole("button", { name: /검색 항목/ }).click();
    await p.getByRole("option", { name: "이름", exact: true }).click();
    await p.getByText("검색 결과가 없습니다.").waitFor();
    await e.shot(p, "search");
  });

  test("copy and move to another group; copy to my own book", async () => {
    await p.goto(`${e.base}/#/customer/list/group/${a.id}`);
    await row("김철수").getByRole("checkbox").check();
    await p.getByRole("button", { name: "그룹 복사" }).click();
    let pick = p.getByRole("dialog", { name: "고객 1명을 복사할 그룹" });
    await pick.getByRole("radio", { name: "거래처B" }).check({ force: true });
    await pick.getByRole("button", { name: "그룹 복사" }).click();
    await p.getByText("고객 1명을 복사했습니다.").waitFor();
    await expect.poll(async () => (await cardsOf(b.id)).map((c) => c.userName)).toEqual(["김철수"]);

    await row("김철수").getByRole("checkbox").check();
    await p.getByRole("button", { name: "내 주소록에 복사" }).click();
    await p.getByText("고객 1명을 내 주소록에 복사했습니다.").waitFor();
    const mine = (await call<{ content: ContactCard[] }>("GET", "/api/contact/card?pageSize=50")).content;
    expect(mine.map((c) => [c.userName, c.emailList])).toEqual([["김철수", ["chulsoo@a.example"]]]);

    await row("김철수").getByRole("checkbox").check();
    await p.getByRole("button", { name: "그룹 이동" }).click();
    pick = p.getByRole("dialog", { name: "고객 1명을 옮길 그룹" });
    expect(await pick.getByRole("radio", { name: "거래처A" }).count()).toBe(0);
    await pick.getByRole("radio", { name: "거래처B" }).check({ force: true });
    await pick.getByRole("button", { name: "그룹 이동" }).click();
    await p.getByText("고객 1명을 옮겼습니다.").waitFor();
    await expect.poll(async () => (await cardsOf(a.id)).some((c) => c.userName === "김철수")).toBe(false);
    expect((await cardsOf(b.id)).map((c) => c.userName)).toEqual(["김철수", "김철수"]);
  });

  test("a vCard file is imported into a customer group with the private book's import dialog", async () => {
    await p.goto(`${e.base}/#/customer/list/group/${b.id}`);
    await row("김철수").first().waitFor();
    await p.getByRole("button", { name: "가져오기" }).click();
    const dialog = p.getByRole("dialog", { name: "연락처 가져오기" });
    await dialog.locator("#ct-import-file").setInputFiles({
      name: "contacts.vcf", mimeType: "text/vcard",
      buffer: Buffer.from("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:박지훈\r\nEMAIL:jihun@b.example\r\nEND:VCARD\r\n"),
    });
    await dialog.getByRole("button", { name: "미리 보기" }).click();
    await dialog.getByText("연락처 1개를 찾았습니다.").waitFor();
    expect(await dialog.getByRole("button", { name: /저장할 그룹/ }).count()).toBe(0);
    await dialog.getByRole("button", { name: "1개 저장" }).click();
    await row("박지훈").waitFor();
    expect((await cardsOf(b.id)).map((c) => c.userName).sort()).toEqual(["김철수", "김철수", "박지훈"]);
    await p.goto(`${e.base}/#/customer/list/group/${a.id}`);
    await row("테스트 01").waitFor();
  });

  test("the print view lists the whole group", async () => {
    await p.getByRole("button", { name: "인쇄" }).click();
    await p.getByRole("heading", { name: "거래처A 고객 인쇄" }).waitFor();
    await expect.poll(() => p.locator(".ct-print-table tbody tr").count()).toBe(21);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "print");
    await p.getByRole("button", { name: "목록으로" }).click();
    await row("테스트 01").waitFor();
  });

  test("the group's history: 10 at a time, newest first; 'more' appends the next page", async () => {
    await p.getByRole("link", { name: "그룹 이력" }).click();
    const items = p.getByRole("list", { name: /^이력 \d+건$/ }).getByRole("listitem");
    await expect.poll(() => items.count()).toBe(10);
    const label = await p.getByRole("list", { name: /^이력 \d+건$/ }).getAttribute("aria-label");
    const total = Number(/(\d+)/.exec(label ?? "")![1]);
    expect(total).toBeGreaterThan(20);
    // The newest is the move of 김철수 out of the group, the oldest the group's creation.
    expect(await items.first().textContent()).toContain("김철수");
    await p.getByRole("button", { name: `더 보기 (10/${total})` }).click();
    await expect.poll(() => items.count()).toBe(20);
    await p.getByRole("button", { name: `더 보기 (20/${total})` }).click();
    await expect.poll(() => items.count()).toBe(total);
    expect(await items.last().textContent()).toContain("그룹 추가: 거래처A");
    expect(await p.getByRole("button", { name: /더 보기/ }).count()).toBe(0);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "group-history");
  });

  test("a group moves under another from its settings; a missing group gives the group error", async () => {
    const side = p.getByRole("navigation", { name: "고객 주소록 메뉴" });
    await side.getByRole("button", { name: "거래처B 메뉴" }).click();
    await p.getByRole("menuitem", { name: "그룹 설정" }).click();
    const dialog = p.getByRole("dialog", { name: "고객 그룹 설정" });
    await dialog.getByRole("button", { name: /상위 그룹/ }).click();
    await p.getByRole("option", { name: "거래처A" }).click();
    await dialog.getByRole("button", { name: "저장" }).click();
    await p.getByText("고객 그룹을 저장했습니다.").waitFor();
    await side.getByRole("listitem").filter({ hasText: "거래처A" }).getByRole("link", { name: /거래처B/ }).waitFor();
    const tree = await call<{ groupName: string; children: { groupName: string }[] }[]>("GET", "/api/customer/group");
    expect(tree.map((g) => [g.groupName, g.children.map((c) => c.groupName)])).toEqual([["거래처A", ["거래처B"]]]);

    await p.goto(`${e.base}/#/customer/list/group/999999`);
    await p.getByText("고객 그룹을 찾을 수 없습니다.").waitFor();
    await p.waitForURL(new RegExp(`#/customer/list/group/${a.id}/`));
  });
});
