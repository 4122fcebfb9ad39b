// To-do's table view in a real browser (issue 30): on 김소유's board 출시 계획 (every column type, groups 이번 주
// and 다음 주) items are added in both groups, one cell of each type is edited in place (title, text, number,
// person, status, timeline, link, check; the creation log shows its author), a column is resized with the
// keyboard (never below its minimum), a STATUS label is added, a sub-item is added and expanded, items move to the
// other group by the row menu and by dragging (kept after a reload), deleting the last group is refused with the
// server's 409 text and the group comes back, and a bulk delete asks first. A board of 2,000 items in 20 groups
// opens, scrolls (only the rows in view are drawn) and loads a group's next page. English at phone width and
// Indonesian. axe on every screen, no console errors; screenshots under test-results/e2e/todo-table/.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { generateNKeysBetween } from "fractional-indexing";
import { startE2E } from "./support/browser.ts";
import { speak } from "./support/books.ts";
import { workPages } from "./support/work-pages.ts";
import type { Lang } from "./support/walk-i18n.ts";
import { follow, makeWorkspace, todoApi, todoCompany } from "../todo/support.ts";
import type { BoardEntry, TodoBoardNode } from "../../shared/todo/boards.ts";
import { GROUP_PAGE_SIZE } from "../../shared/todo/constants.ts";

const e = await startE2E("todo-table");
const C = await todoCompany(e.t, "todo-table.test");
// A refused call a screen handles (a 404 or 409 the test provokes) is logged by the browser itself.
const { open, look, consoleErrors } = workPages(e, C.co.domain, { expected: /^Failed to load resource/ });
const api = todoApi(e.t);

/** The table's texts (locales/<lng>/todo/<part>.json) with {{vars}} filled in. */
function tx(lng: Lang, part: "table" | "cells") {
  const tree = JSON.parse(readFileSync(new URL(`../../web/src/locales/${lng}/todo/${part}.json`, import.meta.url), "utf8"));
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], tree);
    if (typeof v !== "string") throw new Error(`no text ${part}.${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
}
const T = tx("ko", "table");
const K = tx("ko", "cells");

afterAll(() => expect(consoleErrors).toEqual([]));

const ws = await makeWorkspace(e.t, C.owner, "출시 준비");
await follow(e.t, C.follower, ws.id);
const STATUS = [{ label: "진행 중", color: "#fdab3d" }, { label: "완료", color: "#00c875" }];
const board = await api.ok<TodoBoardNode>(201, "POST", `board/${ws.id}`, C.owner, {
  title: "출시 계획",
  header: [
    { type: "TITLE", name: "" },
    { type: "PERSON", name: "담당자" },
    { type: "STATUS", name: "상태", options: STATUS },
    { type: "TIMELINE", name: "일정" },
    { type: "NUMBER", name: "예산" },
    { type: "TEXT", name: "메모" },
    { type: "LINK", name: "참고 링크" },
    { type: "CHECK", name: "확인" },
    { type: "CREATED_LOG", name: "" },
    { type: "ADDITIONAL", name: "" },
  ],
  groups: [{ title: "이번 주" }, { title: "다음 주" }],
});
const entryOf = (id = board.id) => api.ok<BoardEntry>(200, "GET", `board/${id}?filterId=0`, C.owner);
const keyOf = (entry: BoardEntry, name: string) => entry.header.find((c) => c.name === name)!.value;
const itemNamed = (entry: BoardEntry, title: string) => entry.items.find((i) => i.title === title);
const groupNamed = (entry: BoardEntry, title: string) => entry.groups.find((g) => g.title === title)!;

describe("to-do table", () => {
  test("items in two groups, a cell of each type, a column resized with the keyboard, a status label", async () => {
    const p = await open(`/todo/${ws.id}/${board.id}`, "kim");
    const table = p.getByRole("table", { name: T("label", { board: "출시 계획" }) });
    await table.waitFor();

    // Items in both groups from their "add item" rows (Enter keeps the field for the next).
    const addThisWeek = table.getByRole("textbox", { name: T("item.addTo", { group: "이번 주" }) });
    await addThisWeek.fill("로그인 화면");
    await addThisWeek.press("Enter");
    await addThisWeek.fill("배포 준비");
    await addThisWeek.press("Enter");
    const addNextWeek = table.getByRole("textbox", { name: T("item.addTo", { group: "다음 주" }) });
    await addNextWeek.fill("결제 연동");
    await addNextWeek.press("Enter");
    for (const title of ["로그인 화면", "배포 준비", "결제 연동"]) await table.getByRole("button", { name: K("title.open", { item: title }) }).waitFor();
    await expect.poll(async () => (await entryOf()).items.length).toBe(3);

    // One cell of each type.
    const cell = (column: string, item: string) => table.getByRole("button", { name: K("label", { column, item }), exact: true });
    const title = table.getByRole("button", { name: K("title.edit", { item: "로그인 화면" }) });
    await title.click();
    await table.getByRole("textbox", { name: K("title.edit", { item: "로그인 화면" }) }).fill("로그인 화면 개편");
    await p.keyboard.press("Enter");
    const item = "로그인 화면 개편";
    await table.getByRole("button", { name: K("title.open", { item }) }).waitFor();

    await cell("메모", item).click();
    await p.keyboard.type("시안 두 가지");
    await p.keyboard.press("Enter");
    await cell("예산", item).click();
    await p.keyboard.type("1,500");
    await p.keyboard.press("Enter");
    await expect.poll(() => cell("예산", item).textContent()).toBe("1,500");
    await expect(cell("예산", item).evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    await cell("담당자", item).click();
    await p.getByRole("option", { name: /이팔로/ }).click();
    await p.getByRole("button", { name: K("done"), exact: true }).click();
    await cell("상태", item).click();
    await p.getByRole("option", { name: "진행 중" }).click();
    await expect.poll(() => cell("상태", item).textContent()).toBe("진행 중");
    await cell("일정", item).click();
    await p.getByLabel(K("timeline.start")).fill("2030-03-02");
    await p.getByLabel(K("timeline.end")).fill("2030-03-06");
    await p.getByRole("button", { name: K("save"), exact: true }).click();
    await cell("참고 링크", item).click();
    await p.getByRole("textbox", { name: K("link.url") }).fill("example.com/spec");
    await p.getByRole("textbox", { name: K("link.text") }).fill("기획서");
    await p.getByRole("button", { name: K("save"), exact: true }).click();
    const link = table.getByRole("link", { name: "기획서" });
    await expect(link.getAttribute("href")).resolves.toBe("https://example.com/spec");
    await expect(link.getAttribute("target")).resolves.toBe("_blank");
    await expect(link.getAttribute("rel")).resolves.toContain("noopener");
    await table.getByRole("checkbox", { name: K("label", { column: "확인", item }) }).check();
    await look(p, "cells");

    let entry = await entryOf();
    const cells = () => itemNamed(entry, item)!.itemRow.items;
    await expect.poll(async () => (entry = await entryOf(), cells()[keyOf(entry, "확인")])).toBe(true);
    expect(cells()).toMatchObject({
      [keyOf(entry, "메모")]: "시안 두 가지",
      [keyOf(entry, "예산")]: 1500,
      [keyOf(entry, "담당자")]: [C.follower.id],
      [keyOf(entry, "상태")]: "진행 중",
      [keyOf(entry, "일정")]: { start: "2030-03-02", end: "2030-03-06" },
      [keyOf(entry, "참고 링크")]: { url: "https://example.com/spec", text: "기획서" },
    });
    await table.getByRole("row").filter({ hasText: item }).getByText("김소유").waitFor();

    // Resize 메모 with the keyboard: three steps wider, then never below its minimum (90).
    const sep = table.getByRole("separator", { name: T("column.resize", { name: "메모" }) });
    await sep.focus();
    for (let i = 0; i < 3; i++) await p.keyboard.press("ArrowRight");
    await expect.poll(async () => (entry = await entryOf(), entry.header.find((c) => c.name === "메모")!.width)).toBe(120);
    for (let i = 0; i < 6; i++) await p.keyboard.press("ArrowLeft");
    await expect(sep.getAttribute("aria-valuenow")).resolves.toBe("90");
    await expect.poll(async () => (entry = await entryOf(), entry.header.find((c) => c.name === "메모")!.width)).toBe(90);

    // A STATUS label.
    await table.getByRole("button", { name: T("column.menu", { name: "상태" }) }).click();
    await p.getByRole("menuitem", { name: T("column.labels") }).click();
    const labels = p.getByRole("dialog", { name: T("labels.title", { column: "상태" }) });
    await labels.getByRole("textbox", { name: T("labels.new") }).fill("검토 중");
    await labels.getByRole("button", { name: T("labels.add"), exact: true }).click();
    await look(p, "status-labels");
    await labels.getByRole("button", { name: T("save"), exact: true }).click();
    await expect.poll(async () => (entry = await entryOf(), entry.header.find((c) => c.name === "상태")!.options.map((o) => o.label)))
      .toEqual(["진행 중", "완료", "검토 중"]);
    await cell("상태", "배포 준비").click();
    await p.getByRole("option", { name: "검토 중" }).click();
    await expect.poll(() => cell("상태", "배포 준비").textContent()).toBe("검토 중");
    await p.close();
  });

  test("a sub-item, moves by menu and by dragging kept after a reload, the last group refused, a bulk delete", async () => {
    const p = await open(`/todo/${ws.id}/${board.id}`, "kim");
    const table = p.getByRole("table", { name: T("label", { board: "출시 계획" }) });
    const item = "로그인 화면 개편";

    // A sub-item from the row menu; the parent's toggle shows it and hides it.
    await table.getByRole("button", { name: T("item.menu", { item }) }).click();
    await p.getByRole("menuitem", { name: T("item.addSub") }).click();
    const addSub = table.getByRole("textbox", { name: T("item.addSubTo", { item }) });
    await expect(addSub.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await addSub.fill("디자인 검토");
    await addSub.press("Enter");
    const sub = table.getByRole("button", { name: K("title.open", { item: "디자인 검토" }) });
    await sub.waitFor();
    const toggle = table.getByRole("button", { name: T("item.subItems_other", { count: 1, item }) });
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    await toggle.click();
    await sub.waitFor({ state: "detached" });
    await toggle.click();
    await sub.waitFor();
    await look(p, "sub-item");

    // 결제 연동 to 이번 주 by its menu; 배포 준비 dragged above 로그인 화면 개편. Both kept after a reload.
    await table.getByRole("button", { name: T("item.menu", { item: "결제 연동" }) }).click();
    await p.getByRole("menuitem", { name: T("item.moveTo") }).click();
    await p.getByRole("menuitem", { name: "이번 주" }).click();
    const handle = table.getByRole("row").filter({ has: p.getByRole("button", { name: K("title.open", { item: "배포 준비" }) }) }).locator(".tt-handle");
    const target = table.getByRole("row").filter({ has: p.getByRole("button", { name: K("title.open", { item }) }) });
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await p.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await p.mouse.down();
    await p.mouse.move(to.x + 200, to.y + 10, { steps: 6 });
    await p.mouse.move(to.x + 200, to.y + 8, { steps: 2 });
    await p.mouse.up();
    const order = async () => {
      const en = await entryOf();
      const g = groupNamed(en, "이번 주");
      return en.items.filter((i) => i.groupId === g.id).map((i) => i.title);
    };
    await expect.poll(order).toEqual(["배포 준비", "로그인 화면 개편", "결제 연동"]);
    await p.reload();
    await table.waitFor();
    const titles = () => table.locator(".tt-item-row .tt-title-text").allTextContents();
    await expect.poll(titles).toEqual(["배포 준비", "로그인 화면 개편", "결제 연동"]);

    // 다음 주 (now empty) goes; the last group is refused with the server's text and comes back.
    const deleteGroup = async (groupTitle: string) => {
      await table.getByRole("button", { name: T("group.menu", { title: groupTitle }) }).click();
      await p.getByRole("menuitem", { name: T("group.delete") }).click();
      await p.getByRole("alertdialog").or(p.getByRole("dialog")).getByRole("button", { name: T("delete"), exact: true }).click();
    };
    await deleteGroup("다음 주");
    await table.getByRole("button", { name: T("group.menu", { title: "다음 주" }) }).waitFor({ state: "detached" });
    await expect.poll(async () => (await entryOf()).groups.length).toBe(1);
    await deleteGroup("이번 주");
    await p.getByText("보드에는 그룹이 하나 이상 있어야 합니다.").first().waitFor();
    await table.getByRole("button", { name: T("group.menu", { title: "이번 주" }) }).waitFor();
    await expect.poll(titles).toEqual(["배포 준비", "로그인 화면 개편", "결제 연동"]);
    await look(p, "last-group-refused");

    // Bulk delete: two selected, asked first.
    await table.getByRole("checkbox", { name: T("item.select", { item: "배포 준비" }) }).check();
    await table.getByRole("checkbox", { name: T("item.select", { item: "결제 연동" }) }).check();
    const bulk = p.getByRole("region", { name: T("bulk.region") });
    await bulk.getByText(T("bulk.selected_other", { count: 2 })).waitFor();
    await bulk.getByRole("button", { name: T("bulk.delete"), exact: true }).click();
    await p.getByText(T("bulk.deleteConfirm_other", { count: 2 })).waitFor();
    await look(p, "bulk-confirm");
    await p.getByRole("alertdialog").or(p.getByRole("dialog")).getByRole("button", { name: T("delete"), exact: true }).click();
    await expect.poll(async () => (await entryOf()).items.map((i) => i.title)).toEqual(["로그인 화면 개편"]);
    await expect.poll(titles).toEqual(["로그인 화면 개편"]);
    await p.close();
  });

  test("a board of 2,000 items in 20 groups opens, scrolls and loads a group's next page", async () => {
    const groups = Array.from({ length: 20 }, (_, i) => ({ title: `그룹 ${String(i + 1).padStart(2, "0")}` }));
    const big = await api.ok<TodoBoardNode>(201, "POST", `board/${ws.id}`, C.owner, { title: "큰 보드", groups });
    const en = await entryOf(big.id);
    const keys = generateNKeysBetween(null, null, 100);
    for (const g of en.groups) {
      const n = Number(g.title.slice(3));
      await e.t.db.sql`
        insert into todo_items (company_id, board_id, group_id, sort_order, title, cells, created_by, created_at, updated_at)
        select ${C.co.companyId}, ${big.id}, ${g.id}, k.key, ${`작업 ${n}-`} || k.n, jsonb_build_object('title', ${`작업 ${n}-`} || k.n), ${C.owner.id}, now(), now()
        from unnest(${keys}::text[]) with ordinality as k(key, n)`;
    }
    const p = await open(`/todo/${ws.id}/${big.id}`, "kim");
    const table = p.getByRole("table", { name: T("label", { board: "큰 보드" }) });
    await table.getByRole("button", { name: K("title.open", { item: "작업 1-1" }) }).waitFor();
    await look(p, "big-board");
    // Only the rows in view (and a few around them) are drawn.
    expect(await table.locator(".tt-item-row").count()).toBeLessThan(80);
    const scroller = p.locator(".tt-scroll");
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
    await expect.poll(() => table.locator(".tt-item-row").count()).toBeGreaterThan(5);
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const more = table.getByRole("button", { name: T("group.more", { title: "그룹 20" }) });
    // The entry brought GROUP_PAGE_SIZE of the group's 100; each click brings the next page (50), until none follow
    // and the group's last item is at the end.
    for (let page = 0; page < Math.ceil((100 - GROUP_PAGE_SIZE) / 50); page++) {
      await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
      await more.click();
      await expect.poll(async () => (await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight)), await table.getByRole("button", {
        name: K("title.open", { item: `작업 20-${Math.min(100, GROUP_PAGE_SIZE + 50 * (page + 1))}` }),
      }).count())).toBe(1);
    }
    await more.waitFor({ state: "detached" });
    const last = table.getByRole("button", { name: K("title.open", { item: "작업 20-100" }) });
    await expect.poll(async () => (await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight)), await last.count())).toBe(1);
    expect(await table.locator(".tt-item-row").count()).toBeLessThan(80);
    await e.shot(p, "big-board-end");
    await p.close();
  });

  test("English at phone width, Indonesian at desktop width", async () => {
    await speak(e, C.follower, "en");
    const lee = await open(`/todo/${ws.id}/${board.id}`, "lee", 390);
    const en = tx("en", "table");
    const table = lee.getByRole("table", { name: en("label", { board: "출시 계획" }) });
    await table.getByRole("button", { name: tx("en", "cells")("title.open", { item: "로그인 화면 개편" }) }).waitFor();
    // The title column stays in view while the table scrolls sideways.
    const titleCell = table.locator(".tt-item-row .tt-title-td").first();
    const before = (await titleCell.boundingBox())!;
    await lee.locator(".tt-scroll").evaluate((el) => (el.scrollLeft = 400));
    await expect.poll(async () => (await titleCell.boundingBox())!.x).toBe(before.x);
    await look(lee, "en-phone");
    await table.getByRole("button", { name: en("item.menu", { item: "로그인 화면 개편" }) }).click();
    await look(lee, "en-phone-menu");
    await lee.keyboard.press("Escape");
    await lee.close();

    await speak(e, C.owner, "id");
    const kim = await open(`/todo/${ws.id}/${board.id}`, "kim");
    const id = tx("id", "table");
    const t2 = kim.getByRole("table", { name: id("label", { board: "출시 계획" }) });
    await t2.getByRole("textbox", { name: id("item.addTo", { group: "이번 주" }) }).waitFor();
    await t2.getByRole("button", { name: id("column.add") }).click();
    await look(kim, "id-add-column");
    await kim.getByRole("menuitem", { name: tx("id", "cells")("type.TEXT") }).click();
    await expect.poll(async () => (await entryOf()).header.filter((c) => c.type === "TEXT").length).toBe(2);
    await look(kim, "id-desktop");
    await kim.close();
  });
});

