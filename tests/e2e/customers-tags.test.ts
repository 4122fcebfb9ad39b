// Customer tags and the history search in the browser (001 §5 "tag required and unique", §7 searchWords): a
// member makes a tag from a card's tag editor (the required-name message first), puts it on the card, sees
// the chip and the change log; a second tag of the same name is refused at its field; the side pane's tag
// lists its cards over every group the member reads; the group history's search box keeps the matching
// items. axe finds nothing serious. Screenshots: test-results/e2e/customers-tags/.
import { describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs, bookCompany } from "./support/books.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("customers-tags");
const co = await bookCompany(e, "customers-tags.test", { customer: true });
const kim = await co.member("kim");
const call = apiAs(e, kim);
const hanbit = await call<{ id: number }>("POST", "/api/customer/group", { groupName: "한빛상사", isPublic: true });
const nuri = await call<{ id: number }>("POST", "/api/customer/group", { groupName: "누리소프트", isPublic: true });
await call("POST", "/api/customer/card", { groupId: hanbit.id, cardData: { userName: "김철수", emailList: ["chulsoo@hanbit.example"] } });
await call("POST", "/api/customer/card", { groupId: hanbit.id, cardData: { userName: "이영희", emailList: ["younghee@hanbit.example"] } });
const park = await call<{ id: number }>("POST", "/api/customer/card", { groupId: nuri.id, cardData: { userName: "박지훈", emailList: ["jihun@nuri.example"] } });
await call("POST", "/api/customer/history", { groupId: hanbit.id, content: "견적 요청 받음" });
await call("POST", "/api/customer/history", { groupId: hanbit.id, content: "다음 주 미팅" });

const { page: p } = await e.newPage();
p.setDefaultTimeout(12_000);
const side = p.getByRole("navigation", { name: "고객 주소록 메뉴" });

describe("tags and the history search", () => {
  test("a tag made from a card's editor goes on the card; the change log names it; a duplicate name is refused", async () => {
    await signIn(e, p, "kim", co.domain, USER_PASSWORD, `/customer/list/group/${hanbit.id}`);
    await p.locator("tr.ct-row", { hasText: "김철수" }).click();
    const card = p.getByRole("dialog", { name: "김철수" });
    await card.getByRole("button", { name: "태그 편집" }).click();
    const picker = p.getByRole("dialog", { name: "김철수의 태그" });
    await picker.getByText("태그가 없습니다.").waitFor();
    await picker.getByRole("button", { name: "태그 추가" }).click();
    const add = p.getByRole("dialog", { name: "태그 추가" });
    await add.getByRole("button", { name: "저장" }).click();
    await add.getByText("태그 이름을 입력하세요.").waitFor();
    await add.getByRole("textbox", { name: "태그 이름" }).fill("VIP");
    await add.locator("label.cu-tag-swatch").nth(1).click();
    await expect.poll(() => add.getByRole("radio", { name: "색 2" }).isChecked(), { timeout: 5_000 }).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "tag-dialog");
    await add.getByRole("button", { name: "저장" }).click();
    await add.waitFor({ state: "detached" });
    await expect.poll(() => picker.getByRole("checkbox", { name: "VIP" }).isChecked(), { timeout: 5_000 }).toBe(true);
    await picker.getByRole("button", { name: "저장" }).click();
    await picker.waitFor({ state: "detached" });
    await card.locator(".cu-tag", { hasText: "VIP" }).waitFor();
    await card.getByText("태그 추가: VIP · 김철수").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "card-with-tag");
    await p.keyboard.press("Escape");
    await card.waitFor({ state: "detached" });

    await side.getByRole("button", { name: "태그 추가" }).click();
    const again = p.getByRole("dialog", { name: "태그 추가" });
    await again.getByRole("textbox", { name: "태그 이름" }).fill("vip");
    await again.getByRole("button", { name: "저장" }).click();
    await again.getByText("같은 이름의 태그가 이미 있습니다.").waitFor();
    await again.getByRole("button", { name: "취소" }).click();
  });

  test("the side pane's tag lists its cards over every group", async () => {
    const tags = await call<{ id: number; name: string }[]>("GET", "/api/customer/tag");
    await call("PUT", "/api/customer/card/tag", { cardIdList: [park.id], tagIdList: [tags[0].id], action: "ADD" });
    await side.getByRole("link", { name: "VIP" }).click();
    await p.getByRole("heading", { name: /태그: VIP/ }).waitFor();
    await p.locator("tr.ct-row", { hasText: "박지훈" }).waitFor();
    await expect.poll(() => p.locator("tr.ct-row").allTextContents(), { timeout: 5_000 }).toEqual([
      expect.stringContaining("김철수"), expect.stringContaining("박지훈"),
    ]);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "list-by-tag");
  });

  test("the group history's search box keeps the items with the word", async () => {
    await p.goto(`${e.base}/#/customer/list/group/${hanbit.id}/HISTORY`);
    const history = p.getByRole("region", { name: "그룹 이력" });
    await history.getByText("다음 주 미팅").waitFor();
    await history.getByRole("searchbox", { name: "이력 검색" }).fill("견적");
    await history.getByRole("searchbox", { name: "이력 검색" }).press("Enter");
    await history.getByText("다음 주 미팅").waitFor({ state: "detached" });
    await history.getByText("견적 요청 받음").waitFor();
    await history.getByRole("searchbox", { name: "이력 검색" }).fill("없는말");
    await history.getByRole("button", { name: "찾기" }).click();
    await history.getByText("찾는 이력이 없습니다.").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "history-search");
  });
});
