// To-do walked as a new team planning a launch would (issue 30, R1's walk): columns of every type added from the
// table's add-column menu, wrong input in cells (a 2,100-character text is kept to 2,000 and shown cut with an
// ellipsis inside its cell, a javascript: address refused with its text, "abc" in a number refused), empty and
// too-long item titles, the item detail (checklist, comment, a file, a 26 MB file refused before
// sending), a missing item in the address (its text, the panel closed), a non-numeric workspace id (the list).
// English and Indonesian at phone width (table, detail, kanban, gantt on the ADVANCED plan). axe on every
// screen, no console errors; screenshots under test-results/e2e/todo-walk/.
import { afterAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { speak } from "./support/books.ts";
import { workPages } from "./support/work-pages.ts";
import { follow, makeWorkspace, setCompany, todoApi, todoCompany } from "../todo/support.ts";
import type { BoardEntry, TodoBoardNode } from "../../shared/todo/boards.ts";
import type { ItemDetail } from "../../shared/todo/details.ts";
import type { TodoItem } from "../../shared/todo/items.ts";

const e = await startE2E("todo-walk");
const C = await todoCompany(e.t, "todo-walk.test");
// A refused call a screen handles (a 404 or 409 the test provokes) is logged by the browser itself.
const { open, look, consoleErrors } = workPages(e, C.co.domain, { expected: /^Failed to load resource/ });
const api = todoApi(e.t);

const snack = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();
const action = (o: Record<string, unknown>) => encodeURIComponent(JSON.stringify(o));

afterAll(() => expect(consoleErrors).toEqual([]));

await setCompany(e.t, C.admin, { planType: "ADVANCED" });
const ws = await makeWorkspace(e.t, C.owner, "출시 준비");
await follow(e.t, C.follower, ws.id);
await follow(e.t, C.other, ws.id);
const board = await api.ok<TodoBoardNode>(201, "POST", `board/${ws.id}`, C.owner, { title: "출시 계획", boardType: "BOARD" });
const entry = await api.ok<BoardEntry>(200, "GET", `board/${board.id}`, C.owner);
const groupId = entry.groups[0].id;
const design = await api.ok<TodoItem>(201, "POST", "item", C.owner, { boardId: board.id, groupId, title: "디자인 시안" });
await api.ok<TodoItem>(201, "POST", "item", C.owner, { boardId: board.id, groupId, title: "API 연동" });
const entryOf = () => api.ok<BoardEntry>(200, "GET", `board/${board.id}?filterId=0`, C.owner);

describe("to-do walk", () => {
  test("columns of every type from the menu; wrong input in cells and titles", async () => {
    const p = await open(`/todo/${ws.id}/${board.id}`, "kim");
    const table = p.getByRole("table", { name: "출시 계획 표" });
    await table.waitFor();
    for (const type of ["상태", "텍스트", "링크", "체크", "생성 기록"]) {
      const before = (await entryOf()).header.length;
      await table.getByRole("button", { name: "컬럼 추가" }).click();
      await p.getByRole("menuitem", { name: type, exact: true }).click();
      await expect.poll(async () => (await entryOf()).header.length).toBe(before + 1);
    }
    expect((await entryOf()).header.map((c) => c.type)).toEqual(
      expect.arrayContaining(["TITLE", "TIMELINE", "NUMBER", "PERSON", "STATUS", "TEXT", "LINK", "CHECK", "CREATED_LOG"]),
    );
    const cell = (column: string, item: string) => table.getByRole("button", { name: `${item}의 ${column}`, exact: true });

    // A text past TEXT_VALUE_MAX is kept to it, and drawn cut with an ellipsis inside its cell.
    await cell("텍스트", "디자인 시안").click();
    await p.keyboard.insertText("가나다 ".repeat(525));
    await p.keyboard.press("Enter");
    const textKey = (await entryOf()).header.find((c) => c.type === "TEXT")!.value;
    await expect.poll(async () => String((await entryOf()).items.find((i) => i.id === design.id)!.itemRow.items[textKey] ?? "").length).toBe(2000);
    const shown = cell("텍스트", "디자인 시안");
    const fits = await shown.evaluate((button) => {
      const b = button.getBoundingClientRect();
      const span = button.querySelector("span")!;
      const s = span.getBoundingClientRect();
      return { inside: s.left >= b.left - 0.5 && s.right <= b.right + 0.5, cut: span.scrollWidth > span.clientWidth, ellipsis: getComputedStyle(span).textOverflow };
    });
    expect(fits).toEqual({ inside: true, cut: true, ellipsis: "ellipsis" });

    // A javascript: address is refused in the form; "abc" in a number is refused with its text.
    await cell("링크", "디자인 시안").click();
    await p.getByRole("textbox", { name: "주소(URL)" }).fill("javascript:alert(1)");
    await p.getByRole("button", { name: "저장", exact: true }).click();
    await p.getByText("http 또는 https 주소를 입력하세요.").waitFor();
    await look(p, "link-refused");
    await p.keyboard.press("Escape");
    await cell("숫자", "디자인 시안").click();
    await p.keyboard.type("abc");
    await p.keyboard.press("Enter");
    await snack(p, "숫자를 입력하세요.");
    await p.keyboard.press("Escape");
    const cells = (await entryOf()).items.find((i) => i.id === design.id)!.itemRow.items;
    const keyOf = async (type: string) => (await entryOf()).header.find((c) => c.type === type)!.value;
    expect(cells[await keyOf("LINK")]).toBeUndefined();
    expect(cells[await keyOf("NUMBER")]).toBeUndefined();

    // An empty title adds nothing; a title is kept to ITEM_TITLE_MAX.
    const add = table.getByRole("textbox", { name: "새 그룹에 아이템 추가" });
    await add.fill("   ");
    await add.press("Enter");
    await add.fill("가".repeat(300));
    await add.press("Enter");
    await expect.poll(async () => (await entryOf()).items.length).toBe(3);
    expect((await entryOf()).items.map((i) => i.title.length)).toEqual(expect.arrayContaining([255]));
    await look(p, "columns-and-cells");
    await p.close();
  });

  test("the item's detail: checklist, a comment, a file and a 26 MB file refused; a missing item; a bad workspace id", async () => {
    const p = await open(`/todo/${ws.id}/${board.id}/${action({ groupId, itemId: design.id })}`, "kim");
    await p.getByRole("heading", { name: "디자인 시안" }).first().waitFor();
    const entryBox = p.getByRole("textbox", { name: "새 체크리스트 항목" });
    await entryBox.fill("시안 A");
    await entryBox.press("Enter");
    await p.getByRole("button", { name: "시안 A 이름 바꾸기" }).waitFor();
    const comment = p.getByRole("textbox", { name: "새 댓글" });
    await comment.fill("좋아요");
    await comment.press("Enter");
    await p.getByText("좋아요", { exact: true }).waitFor();
    const chooser = p.waitForEvent("filechooser");
    await p.getByRole("button", { name: "파일 추가" }).click();
    await (await chooser).setFiles([{ name: "기획서.txt", mimeType: "text/plain", buffer: Buffer.from("출시 기획") }]);
    // The 26 MB file is made in the page and dropped (sending its bytes through the browser connection is slow).
    const big = await p.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(26 * 1024 * 1024)], "큰 파일.bin"));
      return dt;
    });
    await p.locator(".wk-drop").first().dispatchEvent("drop", { dataTransfer: big });
    await p.getByText("업로드 가능한 파일 크기는 25MB입니다.").first().waitFor();
    await expect.poll(async () => (await api.ok<ItemDetail>(200, "GET", `item/${design.id}/${board.id}/detail`, C.owner)).fileList.map((f) => f.name))
      .toEqual(["기획서.txt"]);
    await look(p, "detail-filled");
    const detail = await api.ok<ItemDetail>(200, "GET", `item/${design.id}/${board.id}/detail`, C.owner);
    expect(detail).toMatchObject({ checkList: [expect.objectContaining({ title: "시안 A" })], commentList: [expect.objectContaining({ content: "좋아요" })] });

    // A missing item in the address: the panel closes, and its text stays on the board the close leads to (it was
    // dismissed with the route change at once, so seen or not by chance).
    await p.goto(`${e.base}/#/todo/${ws.id}/${board.id}/${action({ groupId, itemId: 999999 })}`);
    await p.getByRole("heading", { name: "디자인 시안" }).waitFor({ state: "detached" });
    await p.waitForFunction(() => !location.hash.includes("999999"));
    await snack(p, "해당 아이템이 존재하지 않습니다.");
    // A workspace id that is not a number: the list.
    await p.goto(`${e.base}/#/todo/abc`);
    await p.locator(".td-main").getByRole("heading", { level: 1, name: "워크스페이스" }).waitFor();
    await p.close();
  });

  test("English at phone width: table, detail, kanban; Indonesian at phone width: gantt and detail", async () => {
    await speak(e, C.other, "en");
    const en = await open(`/todo/${ws.id}/${board.id}`, "park", 390);
    await en.getByRole("table", { name: "출시 계획 table" }).or(en.getByRole("table")).first().waitFor();
    await look(en, "en-phone-table");
    await en.goto(`${e.base}/#/todo/${ws.id}/${board.id}/${action({ groupId, itemId: design.id })}`);
    await en.getByRole("button", { name: "Close details" }).waitFor();
    await look(en, "en-phone-detail");
    await en.goto(`${e.base}/#/todo/${ws.id}/${board.id}/${action({ viewType: "kanban" })}`);
    await en.getByRole("region", { name: "Kanban" }).waitFor();
    await look(en, "en-phone-kanban");
    await en.close();

    await speak(e, C.follower, "id");
    const id = await open(`/todo/${ws.id}/${board.id}/${action({ viewType: "gantt" })}`, "lee", 390);
    await id.getByRole("radio", { name: "Minggu" }).or(id.getByRole("button", { name: "Minggu" })).first().waitFor();
    await look(id, "id-phone-gantt");
    await id.close();
  });
});
