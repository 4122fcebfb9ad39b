// The shared customer address book in the browser (001 §2-§8, issue 24): an admin makes a public group and a
// private one with a READ_WRITE and a READ member; the READ_WRITE member adds a card with the private book's
// form and writes a memo with a file (the change log shows the card's addition); the READ member sees the card
// and the memo, no editing controls, and a forced change (Delete on the row) answers the no-permission text;
// the admin deletes a group and restores it from the settings; the writer deletes the memo; the admin names a
// book admin in the settings. Mails kept in a history: customers-mail.test.ts. axe finds nothing
// serious. Screenshots: test-results/e2e/customers-book/.
import { Buffer } from "node:buffer";
import { describe, expect, test } from "vitest";
import type { CustomerCard, CustomerGroup, CustomerGroupMember, CustomerHistoryItem } from "../../shared/contacts/customers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs, bookCompany } from "./support/books.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";

const e = await startE2E("customers-book");
const co = await bookCompany(e, "customers-book.test", { customer: true });
const rw = await co.member("rw");
const ro = await co.member("ro");
const as = (token: string) => apiAs(e, { token });
const admin = as(co.admin.token);
const groups = () => admin<CustomerGroup[]>("GET", "/api/customer/group/list");
const groupNamed = async (name: string) => (await groups()).find((g) => g.groupName === name)!;

async function session(loginId: string) {
  const { context, page } = await e.newPage();
  page.setDefaultTimeout(12_000);
  await signIn(e, page, loginId, co.domain, loginId === "admin" ? ADMIN_PASSWORD : USER_PASSWORD, "/customer");
  await page.waitForURL(/#\/customer\/list\/group\//);
  return { context, page, side: page.getByRole("navigation", { name: "고객 주소록 메뉴" }) };
}

const admin$ = await session("admin");
let rw$: Awaited<ReturnType<typeof session>>;

describe("the customer address book", () => {
  test("an admin makes a public group and a private one with a READ_WRITE and a READ member", async () => {
    const { page: p, side } = admin$;
    await p.getByText("고객 그룹이 없습니다. 왼쪽에서 그룹을 추가하세요.").waitFor();
    await side.getByRole("button", { name: "고객 그룹 추가" }).click();
    let dialog = p.getByRole("dialog", { name: "고객 그룹 추가" });
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("그룹 이름을 입력하세요.").waitFor();
    await dialog.getByRole("textbox", { name: "그룹 이름" }).fill("한빛상사");
    await dialog.getByRole("textbox", { name: "도메인" }).fill("hanbit.example");
    await dialog.getByRole("button", { name: "저장" }).click();
    await p.getByText("고객 그룹을 추가했습니다.").waitFor();
    await side.getByRole("link", { name: /한빛상사/ }).waitFor();

    await side.getByRole("button", { name: "고객 그룹 추가" }).click();
    dialog = p.getByRole("dialog", { name: "고객 그룹 추가" });
    await dialog.getByRole("textbox", { name: "그룹 이름" }).fill("누리소프트");
    await dialog.getByRole("radio", { name: "비공개" }).check({ force: true });
    // The creator joins as READ_WRITE; the members named here.
    for (const who of ["rw", "ro"]) {
      await dialog.getByRole("textbox", { name: "구성원 찾기" }).fill(who);
      await dialog.getByRole("button", { name: `User ${who} 추가` }).click();
    }
    await dialog.getByRole("button", { name: /User ro 권한/ }).click();
    await p.getByRole("option", { name: "읽기", exact: true }).click();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "private-group-dialog");
    await dialog.getByRole("button", { name: "저장" }).click();
    await p.getByText("고객 그룹을 추가했습니다.").waitFor();
    await side.getByRole("link", { name: /누리소프트/ }).waitFor();

    const nuri = await groupNamed("누리소프트");
    expect(nuri).toMatchObject({ isPublic: false });
    expect((await groupNamed("한빛상사")).domain).toBe("hanbit.example");
    const members = await admin<CustomerGroupMember[]>("GET", `/api/customer/group/member/${nuri.id}`);
    expect(members.length).toBe(3);
    expect(members.find((m) => m.userId === co.admin.userId)?.privilege).toBe("READ_WRITE");
    expect(members.find((m) => m.userId === ro.userId)?.privilege).toBe("READ");
    expect(members.find((m) => m.userId === rw.userId)?.privilege).toBe("READ_WRITE");
  });

  test("a READ_WRITE member adds a card with the private book's form and writes a memo with a file", async () => {
    rw$ = await session("rw");
    const { page: p, side } = rw$;
    await side.getByRole("link", { name: /누리소프트/ }).click();
    await p.getByRole("heading", { name: /누리소프트/ }).waitFor();
    await p.getByRole("button", { name: "고객 추가" }).click();
    const form = p.getByRole("dialog", { name: "고객 추가" });
    await form.getByRole("textbox", { name: "이름" }).fill("이서연");
    await form.getByRole("textbox", { name: "이메일 1" }).fill("seoyeon@nuri.example");
    await form.getByRole("textbox", { name: "회사" }).fill("누리소프트");
    expect(await form.getByRole("group", { name: "그룹" }).count()).toBe(0);
    await form.getByRole("button", { name: "저장" }).click();
    await p.getByText("고객을 추가했습니다.").waitFor();
    await p.locator("tr.ct-row", { hasText: "이서연" }).click();
    const card = p.getByRole("dialog", { name: "이서연" });
    await card.getByText("seoyeon@nuri.example").waitFor();
    // The server's change log already has the card's addition.
    await card.getByText("고객 추가: 이서연").waitFor();
    await card.getByRole("textbox", { name: "메모 쓰기" }).fill("다음 주 화요일 견적 미팅");
    await card.locator('input[type="file"][aria-label="메모에 파일 첨부"]').setInputFiles({
      name: "견적서.txt", mimeType: "text/plain", buffer: Buffer.from("widget x 100"),
    });
    await card.getByRole("list", { name: "첨부 파일" }).getByText("견적서.txt").waitFor();
    await card.getByRole("button", { name: "메모 등록" }).click();
    await p.getByText("메모를 등록했습니다.").waitFor();
    await card.getByRole("listitem").filter({ hasText: "다음 주 화요일 견적 미팅" }).getByRole("button", { name: "견적서.txt 내려받기" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "card-with-memo");

    const nuri = await groupNamed("누리소프트");
    const [c] = (await admin<{ content: CustomerCard[] }>("GET", `/api/customer/card?groupId=${nuri.id}`)).content;
    const hist = await admin<{ content: CustomerHistoryItem[] }>("GET", `/api/customer/history?groupId=${nuri.id}&id=${c.id}&historyType=MEMO`);
    expect(hist.content.map((h) => [h.content, h.userName, h.attachments.map((a) => a.name)])).toEqual([["다음 주 화요일 견적 미팅", rw.username, ["견적서.txt"]]]);

    // Edit the memo: the history loads again from its first page.
    await card.getByRole("listitem").filter({ hasText: "다음 주 화요일 견적 미팅" }).getByRole("button", { name: "메모 수정" }).click();
    await card.getByRole("textbox", { name: "메모 수정" }).fill("다음 주 수요일로 미팅 변경");
    await card.getByRole("button", { name: "저장" }).click();
    await p.getByText("메모를 수정했습니다.").waitFor();
    await card.getByText("다음 주 수요일로 미팅 변경").waitFor();
    await p.keyboard.press("Escape");
  });

  test("a READ member sees the card and memo, no editing controls; a forced change answers the no-permission text", async () => {
    const { page: p, side, context } = await session("ro");
    const link = side.getByRole("link", { name: /누리소프트/ });
    await expect.poll(() => link.textContent()).toContain("읽기 전용");
    expect(await side.getByRole("link", { name: /한빛상사/ }).count()).toBe(1);
    expect(await side.getByRole("button", { name: "누리소프트 메뉴" }).count()).toBe(0);
    await link.click();
    const row = p.locator("tr.ct-row", { hasText: "이서연" });
    await row.waitFor();
    expect(await p.getByRole("button", { name: "고객 추가" }).count()).toBe(0);
    expect(await row.getByRole("button", { name: /중요 표시/ }).count()).toBe(0);
    await row.click();
    const card = p.getByRole("dialog", { name: "이서연" });
    await card.getByText("다음 주 수요일로 미팅 변경").waitFor();
    await card.getByRole("button", { name: "견적서.txt 내려받기" }).waitFor();
    expect(await card.getByRole("button", { name: "수정", exact: true }).count()).toBe(0);
    expect(await card.getByRole("button", { name: "메모 수정" }).count()).toBe(0);
    expect(await card.getByRole("textbox", { name: "메모 쓰기" }).count()).toBe(0);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "read-member-card");
    await p.keyboard.press("Escape");
    await card.waitFor({ state: "detached" });

    // The keyboard's Delete on the row is still there: the server refuses it with the spec's text.
    await row.focus();
    await p.keyboard.press("Delete");
    await p.getByRole("dialog").filter({ hasText: "'이서연' 고객을 삭제하시겠습니까?" }).getByRole("button", { name: "삭제" }).click();
    await p.getByText("이 고객 그룹에 대한 권한이 없습니다.").waitFor();
    await e.shot(p, "read-member-no-permission");
    const nuri = await groupNamed("누리소프트");
    expect((await admin<{ content: CustomerCard[] }>("GET", `/api/customer/card?groupId=${nuri.id}`)).content.map((c) => c.userName)).toEqual(["이서연"]);
    await context.close();
  });

  test("the admin deletes a group and restores it from the settings", async () => {
    const { page: p, side } = admin$;
    await side.getByRole("button", { name: "한빛상사 메뉴" }).click();
    await p.getByRole("menuitem", { name: "삭제" }).click();
    await p.getByRole("dialog").filter({ hasText: "'한빛상사' 그룹과 하위 그룹을 삭제하시겠습니까?" }).getByRole("button", { name: "삭제" }).click();
    await p.getByText("고객 그룹을 삭제했습니다.").waitFor();
    await expect.poll(() => side.getByRole("link", { name: /한빛상사/ }).count()).toBe(0);
    expect((await groups()).map((g) => g.groupName)).toEqual(["누리소프트"]);

    await side.getByRole("link", { name: "삭제된 그룹" }).click();
    await p.getByRole("button", { name: "한빛상사 복원" }).click();
    await p.getByText("고객 그룹을 복원했습니다.").waitFor();
    await side.getByRole("link", { name: /한빛상사/ }).waitFor();
    await p.getByText("복원할 그룹이 없습니다.").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    expect((await groupNamed("한빛상사")).isDeleted).toBe(false);
  });

  test("the writer deletes the memo; the change log says so", async () => {
    const { page: p } = rw$;
    const nuri = await groupNamed("누리소프트");
    await p.goto(`${e.base}/#/customer/list/group/${nuri.id}`);
    await p.locator("tr.ct-row", { hasText: "이서연" }).click();
    const card = p.getByRole("dialog", { name: "이서연" });
    const memo = card.getByRole("listitem").filter({ hasText: "다음 주 수요일로 미팅 변경" });
    await memo.getByRole("button", { name: "삭제" }).click();
    await p.getByRole("dialog").filter({ hasText: "이 메모를 삭제하시겠습니까?" }).getByRole("button", { name: "삭제" }).click();
    await p.getByText("메모를 삭제했습니다.").waitFor();
    await card.getByText("메모 삭제: 다음 주 수요일로 미팅 변경").waitFor();
    // The memo is gone (only the log line that names it is left).
    await expect.poll(() => card.getByRole("button", { name: "메모 수정" }).count()).toBe(0);
    expect(await memo.count()).toBe(1);
    await p.keyboard.press("Escape");
  });

  test("the company admin names a book admin in the settings, who then may change every group", async () => {
    const { page: p } = admin$;
    await p.goto(`${e.base}/#/customer/config/list`);
    await p.getByRole("heading", { name: "주소록 관리자" }).waitFor();
    await p.getByRole("textbox", { name: "관리자로 지정할 구성원 찾기" }).fill("ro");
    await p.getByRole("button", { name: "User ro 관리자로 지정" }).click();
    await p.getByText("주소록 관리자를 저장했습니다.").waitFor();
    await p.getByRole("button", { name: "User ro 관리자 해제" }).waitFor();
    const admins = await admin<{ userId: number; companyAdmin: boolean }[]>("GET", "/api/customer/group/admin");
    expect(admins.find((a) => a.userId === ro.userId)).toMatchObject({ companyAdmin: false });
    // As a book admin, the READ member of the private group now changes it.
    const nuri = await groupNamed("누리소프트");
    expect((await as(ro.token)<CustomerGroup[]>("GET", "/api/customer/group/list")).find((g) => g.id === nuri.id)?.hasPermission).toBe(true);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "book-admins");
  });
});
