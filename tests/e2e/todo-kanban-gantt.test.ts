// To-do's kanban and gantt views in a real browser (issue 30). Kanban: 김소유's board has no STATUS column, the
// view says so and adds one; a card moves to another lane from its menu (the keyboard's way) and another by
// dragging; after a reload both keep their lane (their STATUS cells); the settings popover hides a label and
// puts Done first (PUT kanban/columns). Gantt on an ADVANCED company: a bar moves a day with the arrow key, "API
// 연동" is made to depend on "디자인 시안" from its bar menu (an arrow is drawn), "출시 공지" on "API 연동" by
// dragging a line from API 연동's connector onto its bar (a second arrow; a line cancelled with Escape and one
// closing a cycle, refused with the server's text, add nothing), and moving "디자인 시안" later pushes "API 연동"
// after it (server), which the view shows. The same board's table: Alt+↑ moves "출시 공지" up twice, the focus
// staying in its row, the order read back through the API. English at phone width (kanban), Indonesian at phone
// width (gantt). axe on every screen, no console errors; screenshots under test-results/e2e/todo-kanban-gantt/.
import { afterAll, describe, expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { speak } from "./support/books.ts";
import { workPages } from "./support/work-pages.ts";
import { follow, makeBoard, makeWorkspace, setCompany, todoApi, todoCompany } from "../todo/support.ts";
import type { BoardEntry } from "../../shared/todo/boards.ts";
import type { TodoItem } from "../../shared/todo/items.ts";

const e = await startE2E("todo-kanban-gantt");
const C = await todoCompany(e.t, "todo-kanban-gantt.test");
// A refused call a screen handles (a 404 or 409 the test provokes) is logged by the browser itself.
const { open, look, consoleErrors } = workPages(e, C.co.domain, { expected: /^Failed to load resource/ });
const api = todoApi(e.t);

/** A mouse drag in steps, as a hand does it (the browser's drag and drop needs moves over the target). */
async function drag(p: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await p.mouse.move(a.x + 20, a.y + 10);
  await p.mouse.down();
  await p.mouse.move(a.x + 40, a.y + 20, { steps: 3 });
  await p.mouse.move(b.x + 40, b.y + 20, { steps: 5 });
  await p.mouse.up();
}

const action = (o: Record<string, unknown>) => encodeURIComponent(JSON.stringify(o));
const day = (offset: number) => new Date(Date.UTC(2030, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

afterAll(() => expect(consoleErrors).toEqual([]));

describe("to-do kanban and gantt", () => {
  test("kanban: a STATUS column added, cards moved by menu and by drag kept after a reload, lanes chosen; English at phone width", async () => {
    const ws = await makeWorkspace(e.t, C.owner, "출시 준비");
    await follow(e.t, C.other, ws.id);
    const { node, entry } = await makeBoard(e.t, C.owner, ws.id, "칸반 보드");
    const groupId = entry.groups[0].id;
    for (const title of ["디자인 시안", "API 연동", "출시 공지"]) {
      await api.ok(201, "POST", "item", C.owner, { boardId: node.id, groupId, title });
    }

    const p = await open(`/todo/${ws.id}/${node.id}/${action({ viewType: "kanban" })}`, "kim");
    await p.getByRole("heading", { name: "상태 열이 없습니다" }).waitFor();
    await look(p, "kanban-no-status");
    await p.getByRole("button", { name: "상태 열 추가" }).click();
    const board = p.getByRole("region", { name: "칸반" });
    const lane = (name: string) => board.getByRole("region", { name, exact: true });
    await lane("Working on it").waitFor();
    await expect(lane("라벨 없음").getByRole("listitem").count()).resolves.toBe(3);

    // By the card's menu (the keyboard's way): 디자인 시안 to Done.
    await lane("라벨 없음").getByRole("button", { name: "디자인 시안 옮기기" }).focus();
    await p.keyboard.press("Enter");
    await p.getByRole("menuitem", { name: "Done" }).focus();
    await p.keyboard.press("Enter");
    await lane("Done").getByRole("button", { name: "디자인 시안", exact: true }).waitFor();
    await expect.poll(() => p.getByRole("button", { name: "디자인 시안 옮기기" }).evaluate((el) => el === document.activeElement), { timeout: 3000 }).toBe(true);

    // By dragging: API 연동 onto Stuck.
    await drag(p, lane("라벨 없음").getByRole("listitem").filter({ hasText: "API 연동" }), lane("Stuck").getByRole("list"));
    await lane("Stuck").getByRole("button", { name: "API 연동", exact: true }).waitFor();
    await look(p, "kanban-moved");

    const statusKey = async () => (await api.ok<BoardEntry>(200, "GET", `board/${node.id}`, C.owner)).header.find((c) => c.type === "STATUS")!.value;
    const key = await statusKey();
    await expect.poll(async () => {
      const items = (await api.ok<BoardEntry>(200, "GET", `board/${node.id}`, C.owner)).items;
      return Object.fromEntries(items.map((it: TodoItem) => [it.title, it.itemRow.items[key] ?? null]));
    }).toEqual({ "디자인 시안": "Done", "API 연동": "Stuck", "출시 공지": null });

    await p.reload();
    await lane("Done").getByRole("button", { name: "디자인 시안", exact: true }).waitFor();
    await lane("Stuck").getByRole("button", { name: "API 연동", exact: true }).waitFor();

    // Lanes: Stuck hidden (its cards with it), Done first.
    await p.getByRole("button", { name: "칸반 설정" }).click();
    const settings = p.getByRole("dialog", { name: "칸반 설정" });
    await settings.getByText("Stuck", { exact: true }).click();
    await settings.getByRole("button", { name: "Done 위로" }).click();
    await look(p, "kanban-settings");
    await settings.getByRole("button", { name: "저장" }).click();
    await settings.waitFor({ state: "detached" });
    await expect(board.getByRole("heading", { level: 3 }).allTextContents()).resolves.toEqual([
      expect.stringMatching(/^Done/), expect.stringMatching(/^Working on it/), expect.stringMatching(/^라벨 없음/),
    ]);
    await expect(board.getByRole("button", { name: "API 연동", exact: true }).count()).resolves.toBe(0);
    const saved = await api.ok<{ columns: string; statusColumn: string }>(200, "GET", `kanban/columns/${node.id}`, C.owner);
    expect(saved).toMatchObject({ columns: "Done,Working on it", statusColumn: key });
    await p.context().close();

    // 박개발 in English on a phone: the lanes scroll sideways, the card menu moves 출시 공지.
    await speak(e, C.other, "en");
    const q = await open(`/todo/${ws.id}/${node.id}/${action({ viewType: "kanban" })}`, "park", 390);
    const qb = q.getByRole("region", { name: "Kanban" });
    await qb.getByRole("region", { name: "No label", exact: true }).getByRole("button", { name: "Move 출시 공지" }).click();
    await q.getByRole("menuitem", { name: "Working on it" }).click();
    await qb.getByRole("region", { name: "Working on it", exact: true }).getByRole("button", { name: "출시 공지", exact: true }).waitFor();
    await look(q, "kanban-en-phone");
    await q.context().close();
  });

  test("gantt: a bar moved with the keyboard, a dependency added from the bar menu, the successor pushed; Indonesian at phone width", async () => {
    await setCompany(e.t, C.admin, { planType: "ADVANCED" });
    const ws = await makeWorkspace(e.t, C.owner, "일정");
    await follow(e.t, C.follower, ws.id);
    const { node, entry } = await makeBoard(e.t, C.owner, ws.id, "간트 보드");
    const groupId = entry.groups[0].id;
    const tl = entry.header.find((c) => c.type === "TIMELINE")!.value;
    const ids: Record<string, number> = {};
    for (const [title, start, end] of [["디자인 시안", 1, 3], ["API 연동", 4, 6], ["출시 공지", 8, 8]] as const) {
      const it = await api.ok<TodoItem>(201, "POST", "item", C.owner, { boardId: node.id, groupId, title });
      await api.ok(201, "PUT", `item/${it.id}`, C.owner, { boardId: node.id, headerValue: tl, itemValue: JSON.stringify({ start: day(start), end: day(end) }) });
      ids[title] = it.id;
    }
    const spans = async () => {
      const items = (await api.ok<BoardEntry>(200, "GET", `board/${node.id}`, C.owner)).items;
      return Object.fromEntries(items.map((it: TodoItem) => [it.title, it.itemRow.items[tl]]));
    };

    const p = await open(`/todo/${ws.id}/${node.id}/${action({ viewType: "gantt" })}`, "kim");
    const chart = p.getByRole("region", { name: "간트 차트" });
    const bar = (title: string) => chart.getByRole("button", { name: new RegExp(`^${title}: `) });
    await bar("출시 공지").waitFor();
    await look(p, "gantt");

    // 출시 공지 a day later with →.
    await bar("출시 공지").focus();
    await p.keyboard.press("ArrowRight");
    await expect.poll(async () => (await spans())["출시 공지"]).toEqual({ start: day(9), end: day(9) });

    // API 연동 depends on 디자인 시안 (its bar's menu).
    await bar("API 연동").focus();
    await p.keyboard.press("Enter");
    await p.getByRole("menuitem", { name: "선행 아이템 지정…" }).click();
    const dialog = p.getByRole("dialog", { name: "API 연동의 선행 아이템" });
    await dialog.getByRole("option", { name: "디자인 시안" }).click();
    await dialog.waitFor({ state: "detached" });
    await p.locator(".tg-arrow").first().waitFor();
    const deps = async () => (await api.ok<BoardEntry>(200, "GET", `board/${node.id}`, C.owner)).dependencies;
    expect(await deps()).toEqual([expect.objectContaining({ fromItemId: ids["디자인 시안"], toItemId: ids["API 연동"] })]);

    // By pointer: a line from a bar's connector (its right end) dropped on another bar.
    const connect = async (from: string, to: string, then: "drop" | "escape" = "drop") => {
      await bar(from).hover();
      const c = (await bar(from).locator(".tg-connector").boundingBox())!;
      const b = (await bar(to).boundingBox())!;
      await p.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
      await p.mouse.down();
      await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
      await p.locator(".tg-link-line").waitFor();
      if (from === "API 연동") await e.shot(p, "gantt-linking"); // the line, on the marked bar (no axe: saves time)
      if (then === "escape") {
        // Held near the chart's right edge, the line makes the chart scroll along (a bar out of view can be reached).
        const scroller = p.locator(".tg-scroller");
        const box = (await scroller.boundingBox())!;
        const left = await scroller.evaluate((el) => el.scrollLeft);
        await p.mouse.move(box.x + box.width - 12, b.y + b.height / 2, { steps: 2 });
        await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(left);
        await p.keyboard.press("Escape");
      }
      await p.mouse.up();
      await p.locator(".tg-link-line").waitFor({ state: "detached" });
    };
    await connect("API 연동", "출시 공지");
    await expect.poll(() => p.locator(".tg-arrow").count()).toBe(2);
    expect(await deps()).toEqual([
      expect.objectContaining({ fromItemId: ids["디자인 시안"], toItemId: ids["API 연동"] }),
      expect.objectContaining({ fromItemId: ids["API 연동"], toItemId: ids["출시 공지"] }),
    ]);
    await connect("출시 공지", "디자인 시안", "escape");
    await connect("출시 공지", "디자인 시안"); // 디자인 시안 → API 연동 → 출시 공지: a cycle
    await p.getByRole("alert").filter({ hasText: "이 의존 관계는 추가할 수 없습니다." }).waitFor();
    expect(await deps()).toHaveLength(2);
    await expect(p.locator(".tg-arrow").count()).resolves.toBe(2);

    // 디자인 시안 two days later: it now ends on day 5, so API 연동 (3 days) is pushed to start after it.
    await bar("디자인 시안").focus();
    await p.keyboard.press("ArrowRight");
    await p.keyboard.press("ArrowRight");
    await expect.poll(async () => (await spans())["디자인 시안"]).toEqual({ start: day(3), end: day(5) });
    await expect.poll(async () => (await spans())["API 연동"]).toEqual({ start: day(6), end: day(8) });
    await chart.getByRole("button", { name: /^API 연동: 1월 7일 – 1월 9일$/ }).waitFor();
    await p.getByRole("radio", { name: "월", exact: true }).click();
    await look(p, "gantt-month");

    // The table: 출시 공지 up twice with Alt+↑, the focus staying in its row (the second press needs it there).
    await p.getByRole("radio", { name: "테이블" }).click();
    const order = async () => (await api.ok<BoardEntry>(200, "GET", `board/${node.id}`, C.owner)).items.map((it: TodoItem) => it.title);
    const focusedItem = () => p.evaluate(() => Number(document.activeElement?.closest<HTMLElement>("[data-item]")?.dataset.item));
    await p.getByRole("button", { name: "출시 공지 열기" }).focus();
    await p.keyboard.press("Alt+ArrowUp");
    await expect.poll(order).toEqual(["디자인 시안", "출시 공지", "API 연동"]);
    await p.getByText(/^출시 공지: .+의 3개 중 2번째로 옮겼습니다$/).waitFor();
    await expect.poll(focusedItem).toBe(ids["출시 공지"]);
    await p.keyboard.press("Alt+ArrowUp");
    await expect.poll(order).toEqual(["출시 공지", "디자인 시안", "API 연동"]);
    await expect.poll(focusedItem).toBe(ids["출시 공지"]);
    await look(p, "table-keyboard-move");
    await p.context().close();

    // 이팔로 in Indonesian on a phone.
    await speak(e, C.follower, "id");
    const q = await open(`/todo/${ws.id}/${node.id}/${action({ viewType: "gantt" })}`, "lee", 390);
    await q.getByRole("region", { name: "Bagan Gantt" }).getByRole("button", { name: /^API 연동: / }).waitFor();
    await look(q, "gantt-id-phone");
    await q.context().close();
  });
});
