// The task list's query from its address (002 §2 flow_tasks_action: filterId, statuses, priorities, assignees,
// rangeType, startDate, endDate, includeNoDate, searchWord, viewType) and a saved filter's rows from it (002 §5:
// only rows with a column, a condition and at least one value are sent).
import { type FlowViewType, TASK_LIST_PAGE_SIZE, TASK_PAGE_SIZE } from "@shared/flow/constants.ts";
import type { TaskFilterRow } from "@shared/flow/tasks.ts";
import type { TaskParams } from "../api.ts";
import type { FlowActionObj } from "../paths.ts";

export function taskParamsOf(action: FlowActionObj, viewType: FlowViewType): TaskParams {
  return {
    viewType,
    pageSize: viewType === "LIST" ? TASK_LIST_PAGE_SIZE : TASK_PAGE_SIZE,
    filterId: action.filterId,
    title: action.searchWord,
    statuses: action.statuses,
    priorities: action.priorities,
    assignees: action.assignees,
    rangeType: action.rangeType,
    startDate: action.rangeType ? undefined : action.startDate,
    endDate: action.rangeType ? undefined : action.endDate,
    includeNoDate: action.includeNoDate,
  };
}

/** Whether the address narrows the list beyond its filterId (the bar's reset and save apply). */
export const isFiltered = (a: FlowActionObj) =>
  !!(a.statuses?.length || a.priorities?.length || a.assignees?.length || a.rangeType || a.startDate || a.endDate || a.searchWord ||
    a.includeNoDate === false);

/** The rows of a saved filter from the bar's state. */
export function filterRowsOf(a: FlowActionObj): TaskFilterRow[] {
  const rows: TaskFilterRow[] = [];
  if (a.statuses?.length) rows.push({ column: "status", condition: "IS", values: a.statuses });
  if (a.priorities?.length) rows.push({ column: "priority", condition: "IS", values: a.priorities });
  if (a.assignees?.length) rows.push({ column: "assignee", condition: "IS", values: a.assignees.map(String) });
  if (a.rangeType) rows.push({ column: "range", condition: "IS", values: [a.rangeType] });
  else if (a.startDate && a.endDate) rows.push({ column: "range", condition: "IS", values: [a.startDate, a.endDate] });
  if (a.searchWord) rows.push({ column: "title", condition: "CONTAINS", values: [a.searchWord] });
  return rows.filter((r) => r.column && r.condition && r.values.length > 0);
}
