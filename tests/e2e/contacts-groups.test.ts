// The address book's groups and the rest of its screens in the browser: add a group and a sub-group, rename
// one, a group with sub-groups cannot be deleted (001 §5), delete the sub-group; copy cards into a group,
// merge two cards into one (every address kept, the other to the trash); import the spec's .xls into a group
// through preview and save, export as .xlsx; the settings (page size, a hidden column) change the list; the
// print view lists the cards; cards are copied to the customer book.  Screenshots: test-results/e2e/contacts-groups/.
import { Buffer } from "node:buffer";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";
import type { ContactCard } from "../../shared/contacts/cards.ts";
import type { ContactGroupNode } from "../../shared/contacts/groups.ts";
import { downloadBytes, seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs, bookCompany } from "./support/books.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("contacts-groups");
const co = await bookCompany(e, "contacts-groups.test", { customer: true });
const juno = await co.member("juno");
const call = apiAs(e, juno);
await call("POST", "/api/contact/card", { cardData: { userName: "최유진", emailList: ["yujin@work.example"], telList: ["02-555-0101"], telTypeList: ["WORK"] } });
await call("POST", "/api/contact/card", { cardData: { userName: "최유진 (개인)", emailList: ["yujin@home.example"], company: "유진공방" } });
await call("POST", "/api/contact/card", { cardData: { userName: "한지민", emailList: ["jimin@example.com"] } });
const vip = await call("POST", "/api/customer/group", { groupName: "VIP 고객", isPublic: true }) as { id: number };
const cards = async (q = "") => ((await call("GET", `/api/contact/card?pageSize=200${q}`)) as { content: ContactCard[] }).content;
const tree = async () => (await call("GET", "/api/contact/group/private/tree")) as ContactGroupNode;

const { page: p } = await e.newPage();
p.setDefaultTimeout(12_000);
const row = (name: string) => p.locator("tr.ct-row", { hasText: name });
const side = p.getByRole("navigation", { name: "주소록 메뉴" });

describe("groups, merge, .xls, settings and print", () => {
  test("add a group and a sub-group, rename one; a group with sub-groups is not deleted; delete the sub-group", async () => {
    await signIn(e, p, "juno", co.domain, USER_PASSWORD, "/contact/list/all/1");
    await row("한지민").waitFor();
    await side.getByRole("button", { name: "그룹 추가" }).click();
    const add = p.getByRole("dialog", { name: "그룹 추가" });
    await add.getByRole("button", { name: "저장" }).click();
    await add.getByText("그룹 이름을 입력하세요.").waitFor();
    await add.getByRole("textbox", { name: "그룹 이름" }).fill("동호회");
    expect(await seriousViolations(p)).toEqual([]);
    await add.getByRole("button", { name: "저장" }).click();
    await side.getByRole("link", { name: /동호회/ }).waitFor();

    await side.getByRole("button", { name: "동호회 메뉴" }).click();
    await p.getByRole("menuitem", { name: "하위 그룹 추가" }).click();
    const sub = p.getByRole("dialog", { name: "'동호회'에 하위 그룹 추가" });
    await sub.getByRole("textbox", { name: "그룹 이름" }).fill("등산");
    await sub.getByRole("button", { name: "저장" }).click();
    await side.getByRole("link", { name: /등산/ }).waitFor();
    await side.getByRole("button", { name: "등산 메뉴" }).click();
    await p.getByRole("menuitem", { name: "이름 변경" }).click();
    const rename = p.getByRole("dialog", { name: "그룹 이름 변경" });
    await rename.getByRole("textbox", { name: "그룹 이름" }).fill("주말 등산");
    await rename.getByRole("button", { name: "저장" }).click();
    await side.getByRole("link", { name: /주말 등산/ }).waitFor();
    const t1 = await tree();
    expect(t1.children.map((g) => [g.groupName, g.children.map((c) => c.groupName)])).toEqual([["동호회", ["주말 등산"]]]);
    await e.shot(p, "groups");

    await side.getByRole("button", { name: "동호회 메뉴" }).click();
    await p.getByRole("menuitem", { name: "삭제" }).click();
    await p.getByText("하위 그룹이 있는 그룹은 삭제할 수 없습니다.").waitFor();
    await p.getByRole("button", { name: /확인|OK/ }).click();
    expect((await tree()).children.length).toBe(1);
    await side.getByRole("button", { name: "주말 등산 메뉴" }).click();
    await p.getByRole("menuitem", { name: "삭제" }).click();
    await p.getByText("'주말 등산' 그룹을 삭제하시겠습니까?", { exact: false }).waitFor();
    await p.getByRole("button", { name: "삭제", exact: true }).last().click();
    await p.getByText("그룹을 삭제했습니다.").waitFor();
    await expect.poll(async () => (await tree()).children[0].children.length).toBe(0);
  });

  test("copy two cards into a group; merge them (every address kept); delete the merged-away card for good from the trash", async () => {
    await row("최유진 (개인)").getByRole("checkbox").check();
    await row("한지민").getByRole("checkbox").check();
    await p.getByRole("button", { name: "그룹 복사" }).click();
    const pick = p.getByRole("dialog", { name: "연락처 2개를 복사할 그룹" });
    await pick.getByRole("radio", { name: "동호회" }).check({ force: true });
    await pick.getByRole("button", { name: "그룹 복사" }).click();
    await p.getByText("연락처 2개를 복사했습니다.").waitFor();
    const club = (await tree()).children[0].id;
    await expect.poll(async () => (await cards(`&groupId=${club}`)).map((c) => c.userName).sort()).toEqual(["최유진 (개인)", "한지민"]);

    await p.getByRole("button", { name: "ㅊ", exact: true }).click();
    await expect.poll(() => p.locator("tr.ct-row").count()).toBe(2);
    await p.getByRole("checkbox", { name: "이 페이지의 연락처 모두 선택" }).check();
    await p.getByRole("button", { name: "합치기" }).click();
    const merge = p.getByRole("dialog", { name: "연락처 2개 합치기" });
    await merge.getByRole("radio", { name: /^최유진 yujin@work/ }).check({ force: true });
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "merge");
    await merge.getByRole("button", { name: "합치기" }).click();
    await p.getByText("연락처를 합쳤습니다.").waitFor();
    await expect.poll(() => p.locator("tr.ct-row").count()).toBe(1);
    const merged = (await cards()).find((c) => c.userName === "최유진")!;
    expect(merged.emailList.sort()).toEqual(["yujin@home.example", "yujin@work.example"]);
    expect(merged.company).toBe("유진공방");
    expect(merged.contactGroupList.map((g) => g.groupName)).toEqual(["동호회"]);
    expect((await cards("&trash=true")).map((c) => c.userName)).toEqual(["최유진 (개인)"]);

    // From the trash, deleted for good after asking.
    await side.getByRole("link", { name: "휴지통" }).click();
    await row("최유진 (개인)").getByRole("checkbox").check();
    await p.getByRole("button", { name: "완전 삭제" }).click();
    const ask = p.getByRole("dialog").filter({ hasText: "선택한 연락처 1개를 완전히 삭제하시겠습니까?" });
    await ask.getByRole("button", { name: "완전 삭제" }).click();
    await p.getByText("휴지통이 비어 있습니다.").waitFor();
    expect(await cards("&trash=true")).toEqual([]);
    await side.getByRole("link", { name: /전체 연락처/ }).click();
  });

  test("import the spec's .xls into a group; export as .xlsx", async () => {
    await p.getByRole("button", { name: "전체", exact: true }).click();
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([
      ["이름", "이메일", "전화번호", "회사", "부서", "직급", "주소", "홈페이지", "메모", "생일"],
      ["고길동", "gildong@dooly.example", "010-1212-3434", "둘리상사", "총무부", "부장", "서울 도봉구 쌍문동", "dooly.example", "", "1960-05-05"],
      ["도우너", "douner@dooly.example", "", "", "", "", "", "", "깐따삐야", ""],
    ]), "주소록");
    const xls = Buffer.from(XLSX.write(wb, { type: "array", bookType: "biff8" }));
    await side.getByRole("button", { name: "가져오기" }).click();
    const dialog = p.getByRole("dialog", { name: "연락처 가져오기" });
    await dialog.getByLabel("파일", { exact: true }).setInputFiles({ name: "주소록.xls", mimeType: "application/vnd.ms-excel", buffer: xls });
    await dialog.getByRole("button", { name: "미리 보기" }).click();
    await dialog.getByText("연락처 2개를 찾았습니다.").waitFor();
    await dialog.getByRole("cell", { name: "둘리상사" }).waitFor();
    await dialog.getByRole("button", { name: /저장할 그룹/ }).click();
    await p.getByRole("option", { name: "동호회" }).click();
    await dialog.getByRole("button", { name: "2개 저장" }).click();
    await p.getByText("연락처를 가져왔습니다.").waitFor();
    await row("고길동").waitFor();
    const club = (await tree()).children[0].id;
    expect((await cards(`&groupId=${club}`)).map((c) => c.userName).sort()).toEqual(["고길동", "도우너", "최유진", "한지민"].sort());

    await side.getByRole("button", { name: "내보내기" }).click();
    const ex = p.getByRole("dialog", { name: "연락처 내보내기" });
    await ex.getByRole("radio", { name: "엑셀 (.xlsx)" }).check({ force: true });
    const [download] = await Promise.all([p.waitForEvent("download"), ex.getByRole("button", { name: "내려받기" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await downloadBytes(download)) as unknown as ArrayBuffer);
    const names: string[] = [];
    book.worksheets[0].eachRow((r, n) => n > 1 && names.push(String(r.getCell(1).value)));
    expect(names.sort()).toEqual(["고길동", "도우너", "최유진", "한지민"].sort());
  });

  test("settings: first group, page size, sort order and a hidden column change the list; sorting by a heading; the print view", async () => {
    await p.getByRole("link", { name: "설정" }).click();
    await p.waitForURL(/#\/contact\/config\/list$/);
    await p.getByRole("heading", { name: "주소록 설정" }).waitFor();
    await p.getByRole("checkbox", { name: "메모" }).uncheck();
    await p.getByRole("button", { name: /처음 열 그룹/ }).click();
    await p.getByRole("option", { name: "동호회" }).click();
    await p.getByRole("button", { name: /정렬 순서/ }).click();
    await p.getByRole("option", { name: "내림차순" }).click();
    await p.getByRole("button", { name: /페이지당 개수/ }).click();
    await p.getByRole("option", { name: "10개씩 보기" }).click();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "settings");
    await p.getByRole("button", { name: "저장" }).click();
    await p.getByText("설정을 저장했습니다.").waitFor();
    const config = await call("GET", "/api/config/contact") as { pageSize: number; hideColumns: string[] };
    const club = (await tree()).children[0].id;
    expect(config).toMatchObject({ pageSize: 10, hideColumns: ["memo"], firstPage: String(club), sort: "userName", dir: "desc" });
    await p.getByRole("link", { name: "주소록으로" }).click();
    await p.waitForURL(new RegExp(`#/contact/list/${club}/1$`));
    await row("고길동").waitFor();
    // Names in descending order by default now.
    await expect.poll(async () => (await p.locator("tr.ct-row .ct-name").allTextContents())).toEqual(["한지민", "최유진", "도우너", "고길동"]);
    await p.getByRole("columnheader", { name: "이름" }).getByRole("button").click();
    await expect.poll(async () => (await p.locator("tr.ct-row .ct-name").allTextContents())).toEqual(["고길동", "도우너", "최유진", "한지민"]);
    await expect(p.getByRole("columnheader", { name: /이름/ }).getAttribute("aria-sort")).resolves.toBe("ascending");
    await expect(p.getByRole("columnheader", { name: "메모" }).count()).resolves.toBe(0);
    await p.getByRole("columnheader", { name: "회사" }).waitFor();
    // The list's own columns menu hides and shows a column at once.
    await p.getByRole("button", { name: "표시 항목" }).click();
    await p.getByRole("menuitemcheckbox", { name: "회사" }).click();
    await expect.poll(() => p.getByRole("columnheader", { name: "회사" }).count()).toBe(0);
    expect((await call("GET", "/api/config/contact") as { hideColumns: string[] }).hideColumns.sort()).toEqual(["company", "memo"]);
    await p.keyboard.press("Escape");
    await p.getByRole("button", { name: "표시 항목" }).click();
    await p.getByRole("menuitemcheckbox", { name: "회사" }).click();
    await p.getByRole("columnheader", { name: "회사" }).waitFor();
    await p.keyboard.press("Escape");

    await p.getByRole("button", { name: "인쇄 화면" }).click();
    await p.waitForURL(new RegExp(`#/contact/print/${club}/1/`));
    await p.getByRole("heading", { name: "연락처 인쇄" }).waitFor();
    await p.locator(".ct-print-table").getByRole("cell", { name: "gildong@dooly.example" }).waitFor();
    await expect.poll(() => p.locator(".ct-print-table tbody tr").count()).toBe(4);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "print");
  });

  test("copy a card to the customer book", async () => {
    await p.getByRole("button", { name: "목록으로" }).click();
    await row("한지민").getByRole("checkbox").check();
    await p.getByRole("button", { name: "고객 주소록에 복사" }).click();
    const dialog = p.getByRole("dialog", { name: "연락처 1개를 고객 주소록에 복사" });
    await dialog.getByRole("button", { name: "복사", exact: true }).click();
    await dialog.getByText("그룹을 선택하세요.").waitFor();
    await dialog.getByRole("button", { name: /고객 그룹/ }).click();
    await p.getByRole("option", { name: "VIP 고객" }).click();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "customer-copy");
    await dialog.getByRole("button", { name: "복사", exact: true }).click();
    await p.getByText("연락처 1개를 고객 주소록에 복사했습니다.").waitFor();
    const copied = (await call("GET", `/api/customer/card?groupId=${vip.id}`)) as { content: { userName: string }[] };
    expect(copied.content.map((c) => c.userName)).toEqual(["한지민"]);
    expect((await cards()).some((c) => c.userName === "한지민")).toBe(true);
  });

  test("routes: an invalid or foreign group goes to contact, a bad page becomes 1, config opens its list tab", async () => {
    // The user's first page is the group chosen in the settings test.
    const club = (await tree()).children[0].id;
    for (const bad of ["bogus/1", "999999/1"]) {
      await p.goto(`${e.base}/#/contact/list/${bad}`);
      await p.waitForURL(new RegExp(`#/contact/list/${club}/1$`));
    }
    await p.goto(`${e.base}/#/contact/list/search/1`);
    await p.waitForURL(/#\/contact\/list\/all\/1$/);
    await p.goto(`${e.base}/#/contact/list/important/abc`);
    await p.waitForURL(/#\/contact\/list\/important\/1$/);
    await p.goto(`${e.base}/#/contact/config`);
    await p.waitForURL(/#\/contact\/config\/list$/);
    await p.getByRole("heading", { name: "주소록 설정" }).waitFor();
  });

  test("write to a group from its menu: the composer opens with the addresses of its cards", async () => {
    await p.goto(`${e.base}/#/contact/list/all/1`);
    await side.getByRole("button", { name: "동호회 메뉴" }).click();
    await p.getByRole("menuitem", { name: "그룹에 메일 쓰기" }).click();
    await p.waitForURL(/#\/mail\/write\//);
    for (const address of ["gildong@dooly.example", "douner@dooly.example", "jimin@example.com", "yujin@work.example"]) {
      await p.getByText(address).first().waitFor();
    }
    await e.shot(p, "group-mail");
  });

  test("drag a card onto a group of the side pane: it moves there", async () => {
    const friends = await call("POST", "/api/contact/group", { groupName: "친구", parentId: 0 }) as { id: number };
    await p.goto(`${e.base}/#/contact/list/all/1`);
    await p.reload(); // the group was made through the API: load the tree anew
    await row("도우너").waitFor();
    await row("도우너").dragTo(side.getByRole("link", { name: /친구/ }));
    await p.getByText("연락처를 이동했습니다.").waitFor();
    await expect.poll(async () => (await cards()).find((c) => c.userName === "도우너")!.contactGroupList.map((g) => g.id)).toEqual([friends.id]);
  });
});
