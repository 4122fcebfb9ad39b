// The lanes of the task lists as SQL (one statement a call: a LATERAL per lane for its count and its first
// page, on the indexes of db/schema/flow.ts) and the `after` cursors of their pages:
//   group     LIST in a project: a group's top-level tasks by (listSortOrder, id)      after "list [id]"
//   status    KANBAN in a project: a status's top-level tasks by (kanbanSortOrder, id) after "kanban [id]"
//   project   LIST in all: a project's tasks by (group's sortOrder, listSortOrder, id)  after "group list id"
//   allStatus KANBAN in all: a status's tasks of the caller's projects, (kanbanSortOrder, id)  after "kanban id"
// A bare key (the last task's sort key, as a client may send) is "strictly after that key".
import { type SQL, sql } from "drizzle-orm";
import { TASK_STATUSES } from "../../../../shared/flow/constants.ts";
import type { FlowTask } from "../../../../shared/flow/tasks.ts";
import { AppError } from "../../../lib/errors.ts";
import { taskColumns } from "./present.ts";

export type LaneKind = "group" | "status" | "project" | "allStatus";

export interface Cursor {
  group?: string;
  key: string;
  id?: number;
}

const KEY = /^[0-9A-Za-z]{1,200}$/;
const ID = /^\d{1,15}$/;
const badCursor = () => new AppError(400, "common.validation", undefined, [{ field: "after", code: "common.validation", message: "not a cursor of this lane" }]);

/** Reads `after` for a lane of this kind; 400 common.validation when it is not one. */
export function parseCursor(kind: LaneKind, after: string | undefined): Cursor | null {
  if (after === undefined || after === "") return null;
  const parts = after.split(" ");
  if (kind === "project") {
    if (parts.length !== 3 || !KEY.test(parts[0]) || !KEY.test(parts[1]) || !ID.test(parts[2])) throw badCursor();
    return { group: parts[0], key: parts[1], id: Number(parts[2]) };
  }
  if (parts.length > 2 || !KEY.test(parts[0]) || (parts.length === 2 && !ID.test(parts[1]))) throw badCursor();
  return { key: parts[0], id: parts.length === 2 ? Number(parts[1]) : undefined };
}

/** The cursor after a task of the lane (`groupSort`: the task's group's sort key, for project lanes). */
export function cursorOf(kind: LaneKind, t: FlowTask, groupSort?: string): string {
  if (kind === "project") return `${groupSort} ${t.listSortOrder} ${t.id}`;
  return `${kind === "group" ? t.listSortOrder : t.kanbanSortOrder} ${t.id}`;
}

const keyOf = (kind: LaneKind) => (kind === "group" || kind === "project" ? sql`t.list_sort_order` : sql`t.kanban_sort_order`);

function afterKey(column: SQL, key: string, id: number | undefined, rest: SQL | null = null): SQL {
  const k = sql`${key} collate "C"`;
  if (id === undefined) return sql`${column} > ${k}`;
  return sql`(${column} > ${k} or (${column} = ${k} and ${rest ?? sql`t.id > ${id}`}))`;
}

/** The condition "after the cursor" on t (and g, the task's group, for project lanes). */
export function cursorCondition(kind: LaneKind, c: Cursor | null): SQL {
  if (!c) return sql`true`;
  if (kind === "project") {
    const inGroup = afterKey(sql`t.list_sort_order`, c.key, c.id);
    return afterKey(sql`g.sort_order`, c.group!, 0, inGroup);
  }
  return afterKey(keyOf(kind), c.key, c.id);
}

/** What ties a task t to its lane, by the lane's outer row (g a group, s a status, p a project). */
export function laneScope(kind: LaneKind, companyId: number, projectIds: SQL): SQL {
  switch (kind) {
    case "group":
      return sql`t.group_id = lane.id and t.parent_id is null`;
    case "status":
      return sql`t.project_id = ${projectIds} and t.status = lane.status and t.parent_id is null and t.company_id = ${companyId}`;
    case "project":
      return sql`t.project_id = lane.id and t.parent_id is null`;
    case "allStatus":
      return sql`t.project_id in (${projectIds}) and t.status = lane.status and t.parent_id is null and t.company_id = ${companyId}`;
  }
}

/** The select of one lane's tasks after the scope and filters: LIMIT `limit` in the lane's order (without the
 *  related columns: present.ts withRelated adds them). */
export function laneTasksSelect(kind: LaneKind, scope: SQL, where: SQL, limit: number | SQL): SQL {
  const groupJoin = kind === "project" ? sql`join flow_groups g on g.id = t.group_id` : sql``;
  const groupSort = kind === "project" ? sql`, g.sort_order as group_sort` : sql``;
  const order = kind === "project" ? sql`g.sort_order, t.list_sort_order, t.id` : sql`${keyOf(kind)}, t.id`;
  return sql`select ${taskColumns({ content: false, related: false })}${groupSort} from flow_tasks t ${groupJoin}
    where ${scope} and ${where} order by ${order} limit ${limit}`;
}

/** The order of a lane's tasks over the columns of a page (present.ts withRelated). */
export function pageOrder(kind: LaneKind): SQL {
  if (kind === "project") return sql`page.group_sort, page.list_sort_order, page.id`;
  return kind === "group" ? sql`page.list_sort_order, page.id` : sql`page.kanban_sort_order, page.id`;
}

/** The lanes of the five statuses, in order (lane.status, lane.ord). */
export const statusLanes = sql`(select s.status, s.ord from unnest(${`{${TASK_STATUSES.join(",")}}`}::text[]) with ordinality as s(status, ord)) lane`;
