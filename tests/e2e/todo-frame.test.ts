// To-do's frame in a real browser (issue 30): 김소유, new to to-do, meets the empty workspace list, makes a
// workspace (emoji and colour) that opens and is remembered, a folder and a board from the side pane (the board
// opens), switches the board's views (the actionObj carries them), saves a filter from the editor and makes it the
// default, moves the board into the folder from its menu and out again by dragging, and folds the folder by
// keyboard. A missing board and a gantt off the ADVANCED plan go back to the workspace, a malformed actionObj
// shows "서버 주소(URL)가 잘못된 오류입니다." and returns to the board, a missing workspace goes to the list. 이팔로
// follows the workspace from the list and sees a board 김소유 makes appear in the side pane without a reload
// (realtime). 김소유 cannot delete the followed workspace nor unfollow it (their texts) and sees its followers. The
// sixth workspace is refused with the 5-workspace text. 박개발 in English and 이팔로 in Indonesian at phone width
// (the drawer). axe on every screen, no console errors; screenshots under test-results/e2e/todo-frame/.
import { afterAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { speak } from "./support/books.ts";
import { workPages } from "./support/work-pages.ts";
import { todoApi, todoCompany } from "../todo/support.ts";
import type { TodoBoardNode } from "../../shared/todo/boards.ts";
import type { TodoWorkspace } from "../../shared/todo/workspaces.ts";

const e = await startE2E("todo-frame");
const C = await todoCompany(e.t, "todo-frame.test");
// A refused call a screen handles (a 404 or 409 the test provokes) is logged by the browser itself.
const { open, look, consoleErrors } = workPages(e, C.co.domain, { expected: /^Failed to load resource/ });
const api = todoApi(e.t);

const snack = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();
const hash = (p: Page) => decodeURIComponent(new URL(p.url()).hash.slice(1));

let ws: TodoWorkspace;
let plan: TodoBoardNode;
/** 김소유's page, kept from one test to the next. */
let p: Page;

afterAll(() => expect(consoleErrors).toEqual([]));

describe("to-do frame", () => {
  test("the empty list, a new workspace (it opens), a folder and a board from the side pane", async () => {
    p = await open("/todo", "kim");
    const main = p.locator(".td-main");
    await main.getByRole("heading", { level: 1, name: "워크스페이스" }).waitFor();
    await main.getByText("만든 워크스페이스가 없습니다.").waitFor();
    await look(p, "list-empty");

    // 새 워크스페이스: title, emoji and colour; it opens and the side pane's switcher shows it.
    await main.getByRole("button", { name: "새 워크스페이스" }).click();
    const dialog = p.getByRole("dialog", { name: "새 워크스페이스" });
    await dialog.getByLabel("이름").fill("출시 준비");
    // A radio's label is what is pressed (the input itself is hidden under it).
    const choice = (name: string) => dialog.locator("label", { has: p.getByRole("radio", { name, exact: true }) });
    await choice("🚀").click();
    await choice("색상 3").click();
    await expect(dialog.getByRole("radio", { name: "색상 3" }).isChecked()).resolves.toBe(true);
    await look(p, "workspace-dialog");
    await dialog.getByRole("button", { name: "만들기" }).click();
    await main.getByRole("heading", { level: 1, name: "출시 준비" }).waitFor();
    ws = (await api.ok<TodoWorkspace[]>(200, "GET", "workspace", C.owner)).find((w) => w.title === "출시 준비")!;
    expect(ws).toMatchObject({ emoji: "🚀", color: "#fdab3d", owner: true });
    expect(hash(p)).toBe(`/todo/${ws.id}`);
    const side = p.getByRole("navigation", { name: "할 일 메뉴" });
    await side.getByRole("button", { name: "워크스페이스 바꾸기: 출시 준비" }).waitFor();
    const tree = side.getByRole("list", { name: "보드" });

    // 새 폴더 and 새 보드 from the side pane: the folder shows in the tree, the board opens.
    await side.getByRole("button", { name: "새 폴더", exact: true }).click();
    await p.getByRole("dialog", { name: "새 폴더" }).getByLabel("폴더 이름").fill("기획 문서");
    await p.getByRole("dialog", { name: "새 폴더" }).getByRole("button", { name: "만들기" }).click();
    await tree.getByRole("button", { name: "기획 문서", exact: true }).waitFor();
    await side.getByRole("button", { name: "새 보드", exact: true }).click();
    await p.getByRole("dialog", { name: "새 보드" }).getByLabel("보드 이름").fill("출시 계획");
    await p.getByRole("dialog", { name: "새 보드" }).getByRole("button", { name: "만들기" }).click();
    await p.waitForURL(/#\/todo\/\d+\/\d+$/);
    plan = (await api.ok<TodoBoardNode[]>(200, "GET", `workspace/${ws.id}/boards`, C.owner)).find((b) => b.title === "출시 계획")!;
    expect(hash(p)).toBe(`/todo/${ws.id}/${plan.id}`);
    await expect(main.getByRole("textbox", { name: "보드 이름" }).inputValue()).resolves.toBe("출시 계획");
    await expect(tree.getByRole("link", { name: "출시 계획" }).getAttribute("aria-current")).resolves.toBe("page");
  });

  test("views in the actionObj; a filter saved from the editor and made the default", async () => {
    const main = p.locator(".td-main");
    // Views: 칸반 puts viewType in the actionObj, 테이블 takes it out again.
    const views = main.getByRole("radiogroup", { name: "보기" }).or(main.getByRole("group", { name: "보기" }));
    await views.getByRole("radio", { name: "칸반" }).or(views.getByRole("button", { name: "칸반" })).click();
    await p.waitForURL((u) => decodeURIComponent(u.hash).includes('"viewType":"kanban"'));
    await look(p, "board-kanban");
    await views.getByRole("radio", { name: "테이블" }).or(views.getByRole("button", { name: "테이블" })).click();
    await p.waitForURL((u) => !decodeURIComponent(u.hash).includes("viewType"));

    // A filter: 항목 포함 "보고" and 상태 일치 two labels, saved as 보고 항목, then made the default. The board gets
    // a 상태 column first (its labels are the defaults), put by the API as 김소유 (her own change comes to her open
    // page by no realtime echo: a reload shows it).
    const now = await api.ok<{ header: { type: string }[] }>(200, "GET", `board/${plan.id}`, C.owner);
    await api.ok(201, "PUT", `board/${plan.id}/header`, C.owner, { header: [...now.header.slice(0, -1), { type: "STATUS" }, now.header.at(-1)] });
    await p.reload();
    await main.getByRole("columnheader", { name: /상태/ }).waitFor();
    await main.getByRole("button", { name: "필터 편집" }).click();
    const editor = main.getByRole("form", { name: "필터 편집" });
    await editor.getByRole("button", { name: /조건 1의 열/ }).click();
    await p.getByRole("option", { name: "항목", exact: true }).click();
    await editor.getByRole("button", { name: /조건 1의 조건/ }).click();
    await p.getByRole("option", { name: "포함", exact: true }).click();
    await editor.getByRole("textbox", { name: "조건 1의 값" }).fill("보고");
    // A second row takes several values: 상태 일치 Working on it or Done (the list stays open while ticking).
    await editor.getByRole("button", { name: "조건 추가" }).click();
    await editor.getByRole("button", { name: /조건 2의 열/ }).click();
    await p.getByRole("option", { name: "상태", exact: true }).click();
    await editor.getByRole("button", { name: /조건 2의 조건/ }).click();
    await p.getByRole("option", { name: "일치", exact: true }).click();
    await editor.getByRole("button", { name: /조건 2의 값/ }).click();
    await p.getByRole("option", { name: "Working on it" }).click();
    await p.getByRole("option", { name: "Done" }).click();
    await p.keyboard.press("Escape");
    await editor.getByRole("button", { name: /Working on it, Done/ }).waitFor();
    await editor.getByLabel("필터 이름").fill("보고 항목");
    await look(p, "filter-editor");
    await editor.getByRole("button", { name: "새 필터로 저장" }).click();
    await snack(p, "필터를 저장했습니다.");
    await main.getByRole("button", { name: "필터: 보고 항목" }).waitFor();
    await main.getByRole("button", { name: "기본 필터로 설정" }).click();
    await snack(p, "기본 필터를 변경했습니다.");
    await main.getByRole("button", { name: "기본 필터 해제" }).waitFor();
    const entry = await api.ok<{ defaultFilterId: number | null; filters: { id: number; filterName: string; filters: unknown[] }[] }>(200, "GET", `board/${plan.id}`, C.owner);
    expect(entry.filters).toEqual([expect.objectContaining({ filterName: "보고 항목", filters: [
      { column: "title", condition: "CONTAINS", values: ["보고"] },
      { column: "status", condition: "IS", values: ["Working on it", "Done"] },
    ] })]);
    expect(entry.defaultFilterId).toBe(entry.filters[0].id);
    await look(p, "board-filter-default");
  });

  test("the board into the folder from its menu, out again by dragging; the tree by keyboard; a missing board, a malformed actionObj, a missing workspace", async () => {
    const main = p.locator(".td-main");
    const tree = p.getByRole("navigation", { name: "할 일 메뉴" }).getByRole("list", { name: "보드" });
    // The board into the folder from its menu (the keyboard's way of dragging).
    await tree.getByRole("button", { name: "출시 계획 메뉴" }).click();
    await p.getByRole("menuitem", { name: "폴더로 이동" }).click();
    await p.getByRole("menuitem", { name: "기획 문서" }).click();
    await expect.poll(async () => (await api.ok<TodoBoardNode[]>(200, "GET", `workspace/${ws.id}/boards`, C.owner))[0].children.map((c) => c.title)).toEqual(["출시 계획"]);
    await tree.getByRole("list").getByRole("link", { name: "출시 계획" }).waitFor();
    // The keyboard folds and unfolds the folder (← →) and moves between the rows (↓).
    const folder = tree.getByRole("button", { name: "기획 문서", exact: true });
    await folder.focus();
    await p.keyboard.press("ArrowLeft");
    await expect(folder.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(tree.getByRole("link", { name: "출시 계획" }).count()).resolves.toBe(0);
    await p.keyboard.press("ArrowRight");
    await expect(folder.getAttribute("aria-expanded")).resolves.toBe("true");
    await p.keyboard.press("ArrowDown");
    await expect(tree.getByRole("link", { name: "출시 계획" }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // Dragged onto the folder's upper edge, the board leaves the folder and goes before it.
    await tree.getByRole("link", { name: "출시 계획" }).dragTo(folder, { targetPosition: { x: 40, y: 3 } });
    await expect.poll(async () => (await api.ok<TodoBoardNode[]>(200, "GET", `workspace/${ws.id}/boards`, C.owner)).map((n) => n.title))
      .toEqual(["출시 계획", "기획 문서"]);
    await expect(folder.getAttribute("aria-expanded")).resolves.toBe("true");
    await tree.getByText("비어 있는 폴더").waitFor();

    // Redirects: a missing board → the workspace; a malformed actionObj → its text and the board; a missing
    // workspace → the list (the remembered one forgotten).
    await p.goto(`${e.base}/#/todo/${ws.id}/999999`);
    await p.waitForURL((u) => decodeURIComponent(u.hash) === `#/todo/${ws.id}`);
    await p.goto(`${e.base}/#/todo/${ws.id}/${plan.id}/not-json`);
    await snack(p, "서버 주소(URL)가 잘못된 오류입니다.");
    await p.waitForURL((u) => decodeURIComponent(u.hash) === `#/todo/${ws.id}/${plan.id}`);
    // The gantt off the ADVANCED plan → the workspace (002 §2); the switcher offers no gantt there.
    await expect(main.getByText("간트").count()).resolves.toBe(0);
    await p.goto(`${e.base}/#/todo/${ws.id}/${plan.id}/${encodeURIComponent('{"viewType":"gantt"}')}`);
    await p.waitForURL((u) => decodeURIComponent(u.hash) === `#/todo/${ws.id}`);
    await p.goto(`${e.base}/#/todo/999999`);
    await p.waitForURL((u) => decodeURIComponent(u.hash) === "#/todo");
    await main.getByRole("heading", { level: 2, name: /내 워크스페이스/ }).waitFor();
    // With the workspace chosen again, /todo opens it (replacing the address).
    await main.getByRole("link", { name: /출시 준비/ }).click();
    await main.getByRole("heading", { level: 1, name: "출시 준비" }).waitFor();
    await p.goto(`${e.base}/#/todo`);
    await p.waitForURL((u) => decodeURIComponent(u.hash) === `#/todo/${ws.id}`);
  });

  test("a colleague follows the workspace from the list and sees a new board arrive without a reload", async () => {
    // 이팔로 follows it from the list, opens it, and sees 김소유's new board arrive in the side pane.
    const lee = await open("/todo", "lee");
    const leeMain = lee.locator(".td-main");
    await leeMain.getByRole("button", { name: "출시 준비 팔로우" }).click();
    await snack(lee, "'출시 준비' 워크스페이스를 팔로우했습니다.");
    await leeMain.getByRole("region", { name: /팔로우 중/ }).getByRole("link", { name: /출시 준비/ }).click();
    const leeSide = lee.getByRole("navigation", { name: "할 일 메뉴" });
    await leeSide.getByRole("button", { name: "기획 문서", exact: true }).waitFor();
    await look(lee, "follower-workspace");
    await api.ok(201, "POST", `board/${ws.id}`, C.owner, { title: "회고", boardType: "BOARD" });
    await leeSide.getByRole("link", { name: "회고" }).waitFor();
    await lee.close();
  });

  test("the owner cannot delete a followed workspace nor unfollow it; the followers dialog", async () => {
    const main = p.locator(".td-main");
    await p.goto(`${e.base}/#/todo?list=1`);
    const menu = main.getByRole("button", { name: "출시 준비 메뉴" });
    await menu.click();
    await p.getByRole("menuitem", { name: "삭제" }).click();
    await p.getByRole("button", { name: "삭제", exact: true }).click();
    await snack(p, "팔로워가 있는 워크스페이스는 삭제할 수 없습니다.");
    await menu.click();
    await p.getByRole("menuitem", { name: "팔로우 취소" }).click();
    await snack(p, "소유자는 워크스페이스 팔로우를 취소할 수 없습니다.");
    await menu.click();
    await p.getByRole("menuitem", { name: "팔로워" }).click();
    const followers = p.getByRole("dialog", { name: "출시 준비 팔로워" });
    await followers.getByRole("button", { name: "이팔로 님을 소유자로 지정" }).waitFor();
    await followers.getByRole("button", { name: "이팔로 님 내보내기" }).waitFor();
    await followers.getByText("소유자", { exact: true }).waitFor();
    await look(p, "followers");
    await followers.getByRole("button", { name: "닫기" }).click();
  });

  test("the sixth workspace is refused with the limit's text", async () => {
    const main = p.locator(".td-main");
    // The sixth workspace: "워크스페이스는 최대 5개까지 만들 수 있습니다."
    for (const title of ["둘", "셋", "넷", "다섯"]) await api.ok(201, "POST", "workspace", C.owner, { title });
    await p.goto(`${e.base}/#/todo?list=1`);
    await main.getByRole("link", { name: /다섯/ }).waitFor();
    await main.getByRole("button", { name: "새 워크스페이스" }).click();
    await p.getByRole("dialog", { name: "새 워크스페이스" }).getByLabel("이름").fill("여섯");
    await p.getByRole("dialog", { name: "새 워크스페이스" }).getByRole("button", { name: "만들기" }).click();
    await p.getByRole("dialog", { name: "새 워크스페이스" }).getByText("워크스페이스는 최대 5개까지 만들 수 있습니다.").waitFor();
    await look(p, "workspaces-max");
    await p.close();
  });

  test("English at desktop width", async () => {
    await speak(e, C.other, "en");
    const park = await open("/todo", "park");
    const main = park.locator(".td-main");
    await main.getByRole("heading", { level: 1, name: "Workspaces" }).waitFor();
    await main.getByRole("button", { name: "Follow 출시 준비" }).click();
    await main.getByRole("region", { name: /Following/ }).getByRole("link", { name: /출시 준비/ }).click();
    await main.getByRole("heading", { level: 1, name: "출시 준비" }).waitFor();
    await main.getByRole("link", { name: "회고" }).click();
    await main.getByRole("button", { name: "Edit filter" }).waitFor();
    await look(park, "board-en");
    await park.close();
  });

  test("Indonesian at phone width: the board, and the side pane in the drawer", async () => {
    await speak(e, C.follower, "id");
    const lee = await open(`/todo/${ws.id}/${plan.id}`, "lee", 390);
    const main2 = lee.locator(".td-main");
    await expect(main2.getByRole("textbox", { name: "Nama papan" }).inputValue()).resolves.toBe("출시 계획");
    await look(lee, "board-id-phone");
    await lee.getByRole("button", { name: "Buka menu tugas" }).click();
    const drawer = lee.getByRole("dialog", { name: "Menu tugas" });
    await drawer.getByRole("link", { name: "회고" }).waitFor();
    await look(lee, "drawer-id-phone");
    await drawer.getByRole("link", { name: "회고" }).click();
    await lee.waitForURL(/#\/todo\/\d+\/\d+$/);
    await expect(main2.getByRole("textbox", { name: "Nama papan" }).inputValue()).resolves.toBe("회고");
    await lee.close();
  });
});
