// The pure parts of to-do's kanban and gantt views: the lanes a board's STATUS column makes (chosen labels in
// order, a last lane without a label, items of hidden labels left out), what a card dropped somewhere asks of
// the board (web/src/modules/todo/kanban/lanes.ts); the gantt's day numbers, the range it shows and its axis
// (web/src/modules/todo/gantt/time-axis.ts).
import { describe, expect, test } from "vitest";
import type { HeaderColumn, KanbanColumns } from "../../shared/todo/boards.ts";
import type { TodoItem } from "../../shared/todo/items.ts";
import { buildLanes, chosenLabels, NO_LABEL_LANE, planMove, statusColumnOf } from "../../web/src/modules/todo/kanban/lanes.ts";
import { dayNumber, dayText, rangeOf, ticksOf, weekday } from "../../web/src/modules/todo/gantt/time-axis.ts";

const status: HeaderColumn = {
  value: "status", type: "STATUS", name: "", width: 90, connectedColumn: null,
  options: [{ label: "Working on it", color: "#fdab3d" }, { label: "Done", color: "#00c875" }, { label: "Stuck", color: "#e2445c" }],
};
const title: HeaderColumn = { value: "title", type: "TITLE", name: "", width: 300, connectedColumn: null, options: [] };
const kanban = (columns: string, statusColumn = "status"): KanbanColumns => ({ boardId: 1, statusColumn, columns });
const item = (id: number, label?: string): TodoItem => ({
  id, boardId: 1, groupId: 1, parentId: 0, sortOrder: `a${id}`, title: `i${id}`, subCnt: 0,
  itemRow: { items: label === undefined ? {} : { status: label } }, createdBy: 1, createdTime: 0, updatedTime: 0,
  existContent: false, checkListCnt: 0, checkListDoneCnt: 0, attachCnt: 0, commentCnt: 0,
});

describe("kanban lanes", () => {
  test("the chosen labels in their order, then items without a (known) label; a hidden label's items are not shown", () => {
    expect(statusColumnOf([title, status], kanban("", ""))).toBe(status);
    expect(statusColumnOf([title], kanban(""))).toBeNull();
    const labels = chosenLabels(status, kanban("Done,Working on it,Gone,Done"));
    expect(labels.map((l) => l.label)).toEqual(["Done", "Working on it"]);
    // Nothing chosen for this column yet: all of its labels.
    expect(chosenLabels(status, kanban("", "other")).map((l) => l.label)).toEqual(["Working on it", "Done", "Stuck"]);
    const lanes = buildLanes(status, labels, [item(1, "Done"), item(2), item(3, "Stuck"), item(4, "Working on it"), item(5, "Unknown"), item(6, "Done")]);
    expect(lanes.map((l) => [l.id, l.items.map((it) => it.id)])).toEqual([
      ["label:Done", [1, 6]], ["label:Working on it", [4]], [NO_LABEL_LANE, [2, 5]],
    ]);
  });

  test("a drop: another lane's label, before a card or (within its lane) after the last; nothing for a card dropped where it is", () => {
    const lanes = buildLanes(status, status.options, [item(1, "Done"), item(2, "Done"), item(3, "Done"), item(4)]);
    expect(planMove(lanes, 4, "label:Done", 2)).toEqual({ status: "Done", move: { position: "BEFORE", targetId: 2 } });
    expect(planMove(lanes, 4, "label:Stuck", null)).toEqual({ status: "Stuck", move: null });
    expect(planMove(lanes, 1, NO_LABEL_LANE, null)).toEqual({ status: null, move: null });
    expect(planMove(lanes, 1, "label:Done", 3)).toEqual({ status: undefined, move: { position: "BEFORE", targetId: 3 } });
    expect(planMove(lanes, 1, "label:Done", null)).toEqual({ move: { position: "AFTER", targetId: 3 } });
    expect(planMove(lanes, 3, "label:Done", null)).toBeNull();
    expect(planMove(lanes, 99, "label:Done", null)).toBeNull();
  });
});

describe("gantt time axis", () => {
  test("days as whole numbers both ways, weekdays", () => {
    const n = dayNumber("2030-01-01")!;
    expect(dayText(n)).toBe("2030-01-01");
    expect(dayText(n + 31)).toBe("2030-02-01");
    expect(dayNumber("2030-1-1")).toBeNull();
    expect(weekday(n)).toBe(2); // a Tuesday
    expect(dayNumber("2028-03-01")! - dayNumber("2028-02-28")!).toBe(2); // a leap year
  });

  test("the range: the bars with margins from a Monday, today only when near them", () => {
    const d = (s: string) => dayNumber(s)!;
    const spans = [{ start: d("2030-01-02"), end: d("2030-01-04") }, { start: d("2030-01-10"), end: d("2030-01-20") }];
    const far = rangeOf(spans, d("2026-12-05"));
    expect(weekday(far.from)).toBe(1);
    expect(far.from).toBeLessThanOrEqual(d("2030-01-02") - 14);
    expect(far.from).toBeGreaterThan(d("2030-01-02") - 21);
    expect(far.from + far.days - 1).toBe(d("2030-01-20") + 28);
    const near = rangeOf(spans, d("2029-12-01"));
    expect(near.from).toBeLessThanOrEqual(d("2029-12-01") - 14);
    expect(rangeOf([], d("2030-01-01")).days).toBeGreaterThan(40);
  });

  test("the axis: every day in the week zoom, Mondays in the month zoom, each month named once", () => {
    const range = { from: dayNumber("2030-01-28")!, days: 14 };
    const week = ticksOf(range, "week", "en");
    expect(week.bottom.map((t) => t.label)).toEqual(["28", "29", "30", "31", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(week.top.map((t) => [t.at, t.label])).toEqual([[0, "Jan 2030"], [4, "Feb 2030"]]);
    const month = ticksOf(range, "month", "en");
    expect(month.bottom.map((t) => t.label)).toEqual(["28", "4"]);
  });
});
