// The task lists (shared/flow/tasks.ts TaskBoard, TaskPage; 002 §2 "Default entry: projectId all with filterId
// my", §7): tasks/initial (all: across the caller's JOINED projects; lanes are those projects in LIST, the five
// statuses in KANBAN), projects/{p}/tasks/initial (lanes its groups, the default first, or the statuses) and
// the next page of one lane. Top-level tasks only (subtasks through sub/, each task says subCnt). The filters
// (conditions.ts) and the lanes (lane-sql.ts) are SQL: one statement a call. filterId: my (assigned to me),
// requested (requested by me), all, or one of the caller's saved filters (one saved under a project keeps the
// all lists to that project).
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { TASK_LIST_PAGE_SIZE, TASK_PAGE_SIZE, type TaskStatus } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { FlowTask, TaskBoard, TaskLane, TaskPage, TaskQuery } from "../../../../shared/flow/tasks.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireJoined } from "../access.ts";
import { groupRow } from "../groups/repo.ts";
import { projectAnswer } from "../projects/service.ts";
import { queryConditions, savedConditions } from "./conditions.ts";
import { checkDay, dayOf } from "./days.ts";
import { cursorCondition, cursorOf, type LaneKind, laneScope, laneTasksSelect, pageOrder, parseCursor, statusLanes } from "./lane-sql.ts";
import { namesOf, taskColumns, taskOf, tasksOf, withRelated } from "./present.ts";
import { filterNotFound, savedFilter } from "./saved-filters.ts";

export interface Filters {
  where: SQL;
  /** A saved filter's project (all lists only). */
  projectId: number | null;
}

const pageSizeOf = (q: TaskQuery) => q.pageSize ?? (q.viewType === "LIST" ? TASK_LIST_PAGE_SIZE : TASK_PAGE_SIZE);

/** The query's filters and its filterId's as one condition on t. */
export async function filtersOf(db: DbOrTx, caller: Caller, q: TaskQuery): Promise<Filters> {
  checkDay("startDate", q.startDate);
  checkDay("endDate", q.endDate);
  const me = caller.auth.userId;
  const today = dayOf(caller.deps.clock.now());
  const parts = queryConditions(q, me, today);
  let projectId: number | null = null;
  const f = q.filterId ?? "";
  if (f === "my") parts.push(sql`exists (select 1 from flow_task_assignees a where a.task_id = t.id and a.user_id = ${me})`);
  else if (f === "requested") parts.push(sql`t.requester_id = ${me}`);
  else if (f !== "" && f !== "all") {
    if (!/^\d{1,15}$/.test(f)) throw filterNotFound();
    const saved = await savedFilter(db, caller, Number(f));
    if (!saved) throw filterNotFound();
    parts.push(...savedConditions(saved.filters, me, today, q.includeNoDate));
    projectId = saved.projectId;
  }
  return { where: parts.length ? sql.join(parts.map((p) => sql`(${p})`), sql` and `) : sql`true`, projectId };
}

/** The caller's JOINED projects (of the company), optionally one of them. */
const joinedProjects = (caller: Caller, only: number | null) => sql`
  select m.project_id from flow_members m
   where m.user_id = ${caller.auth.userId} and m.state = 'JOINED' and m.company_id = ${caller.auth.companyId}
   ${only === null ? sql`` : sql`and m.project_id = ${only}`}`;

interface LaneRow {
  key: string;
  groupId: number | null;
  projectId: number | null;
  status: TaskStatus | null;
  title: string;
  total: number;
}

/**
 * Runs a lanes statement (one row a task, or one empty row for a lane without) into lanes: `size` + 1 tasks a
 * lane, or, `budgeted` (the LIST views), `size` tasks in all, lane after lane.
 */
async function lanesOf(
  db: DbOrTx, companyId: number, kind: LaneKind, statement: SQL, size: number, budgeted: boolean, laneOf: (r: Record<string, unknown>) => LaneRow,
): Promise<TaskLane[]> {
  const rows = await db.execute<Record<string, unknown>>(statement);
  const names = await namesOf(db, companyId, rows.filter((r) => r.id !== null && r.id !== undefined));
  const lanes: TaskLane[] = [];
  const sorts = new Map<TaskLane, string[]>();
  for (const r of rows) {
    const l = laneOf(r);
    let lane = lanes.at(-1);
    if (!lane || lane.key !== l.key) {
      lane = { key: l.key, groupId: l.groupId, projectId: l.projectId, status: l.status, title: l.title, totalCount: l.total, tasks: [], more: false, after: null };
      lanes.push(lane);
      sorts.set(lane, []);
    }
    if (r.id !== null && r.id !== undefined) {
      lane.tasks.push(taskOf(r, names));
      sorts.get(lane)!.push(String(r.group_sort ?? ""));
    }
  }
  for (const lane of lanes) {
    if (budgeted) {
      // The page's tasks ran out in or before this lane: the rest of it from its last task, or from its start.
      const n = lane.tasks.length;
      lane.more = lane.totalCount > n;
      lane.after = lane.more && n > 0 ? cursorOf(kind, lane.tasks[n - 1], sorts.get(lane)![n - 1]) : null;
    } else if (lane.tasks.length > size) {
      lane.tasks.length = size;
      lane.more = true;
      lane.after = cursorOf(kind, lane.tasks[size - 1], sorts.get(lane)![size - 1]);
    }
  }
  return lanes;
}

/** `laneOrder` is over the page's lane columns (page.lane_...). */
function laneStatement(kind: LaneKind, lanes: SQL, laneColumns: SQL, scope: SQL, where: SQL, size: number, laneWhere: SQL, laneOrder: SQL): SQL {
  return withRelated(sql`
    select ${laneColumns}, c.total, x.*
      from ${lanes}
      cross join lateral (select count(*) as total from flow_tasks t where ${scope} and ${where}) c
      left join lateral (${laneTasksSelect(kind, scope, where, size + 1)}) x on true
     where ${laneWhere}`, sql`${laneOrder}, ${pageOrder(kind)}`);
}

/**
 * KANBAN across the caller's projects (allStatus): one pass over the tasks in scope, numbered within their status
 * by a window, instead of a LATERAL per status that scanned them all twice a lane (its count and its page): no
 * index gives one kanban order across projects, so each lane's LATERAL read every task of its status (a "my"
 * board over 10,000 tasks: ten scans of the table). Every status is a lane, with an empty row when it has none.
 */
function rankedStatusStatement(scope: SQL, where: SQL, size: number): SQL {
  return withRelated(sql`
    select lane.status as lane_status, lane.ord as lane_ord, coalesce(x.lane_total, 0) as total, x.*
      from ${statusLanes}
      left join (select ranked.* from (
        select ${taskColumns({ content: false, related: false })},
               count(*) over (partition by t.status) as lane_total,
               row_number() over (partition by t.status order by t.kanban_sort_order, t.id) as lane_rn
          from flow_tasks t where ${scope} and ${where}) ranked
        where ranked.lane_rn <= ${size + 1}) x on x.status = lane.status`, sql`page.lane_ord, ${pageOrder("allStatus")}`);
}

/**
 * A LIST's lanes with one page of `size` tasks in all (002 §9: 150 in the list view), lane after lane in the
 * list's order: each lane's LIMIT is what its predecessors' counts left of the page (`lanesOrder` is that order
 * over the lane table's own columns). The lanes below are sent with their counts and fetch their tasks when
 * shown. A project of 10 groups of 1,000 tasks sent 1,500 tasks (1 MB) before any could be seen.
 */
function budgetedLaneStatement(
  kind: LaneKind, lanes: SQL, laneColumns: SQL, scope: SQL, where: SQL, size: number, laneWhere: SQL, lanesOrder: SQL, laneOrder: SQL,
): SQL {
  return withRelated(sql`
    select ${laneColumns}, lane.total, x.*
      from (select lane.*, c.total,
                   greatest(0, least(c.total, ${size} - coalesce(sum(c.total) over (order by ${lanesOrder}
                     rows between unbounded preceding and 1 preceding), 0)))::int as lane_limit
              from ${lanes}
              cross join lateral (select count(*) as total from flow_tasks t where ${scope} and ${where}) c
             where ${laneWhere}) lane
      left join lateral (${laneTasksSelect(kind, scope, where, sql`lane.lane_limit`)}) x on true`, sql`${laneOrder}, ${pageOrder(kind)}`);
}

type LaneOf = (r: Record<string, unknown>) => LaneRow;

/** The one statement of a board (projectId null: all) and how its rows make lanes; exported for the bench. */
export function boardStatement(
  caller: Caller, projectId: number | null, q: TaskQuery, f: Filters,
): { kind: LaneKind; statement: SQL; laneOf: LaneOf; budgeted?: boolean } {
  const { companyId } = caller.auth;
  const size = pageSizeOf(q);
  const statusLane = (projectOf: number | null): LaneOf => (r) => ({
    key: `status:${r.lane_status}`, groupId: null, projectId: projectOf, status: r.lane_status as TaskStatus, title: String(r.lane_status), total: Number(r.total),
  });
  if (projectId !== null && q.viewType === "LIST") {
    return {
      kind: "group",
      budgeted: true,
      statement: budgetedLaneStatement(
        "group",
        sql`flow_groups lane`,
        sql`lane.id as lane_id, lane.title as lane_title, lane.is_default as lane_default, lane.sort_order as lane_sort`,
        laneScope("group", companyId, sql``),
        f.where,
        size,
        sql`lane.company_id = ${companyId} and lane.project_id = ${projectId}`,
        sql`lane.is_default desc, lane.sort_order, lane.id`,
        sql`page.lane_default desc, page.lane_sort, page.lane_id`,
      ),
      laneOf: (r) => ({ key: `group:${r.lane_id}`, groupId: Number(r.lane_id), projectId, status: null, title: String(r.lane_title), total: Number(r.total) }),
    };
  }
  if (projectId !== null) {
    return {
      kind: "status",
      statement: laneStatement("status", statusLanes, sql`lane.status as lane_status, lane.ord as lane_ord`, laneScope("status", companyId, sql`${projectId}`), f.where, size, sql`true`, sql`page.lane_ord`),
      laneOf: statusLane(projectId),
    };
  }
  const mine = joinedProjects(caller, f.projectId);
  if (q.viewType === "LIST") {
    return {
      kind: "project",
      budgeted: true,
      statement: budgetedLaneStatement(
        "project",
        sql`flow_projects lane`,
        sql`lane.id as lane_id, lane.title as lane_title`,
        laneScope("project", companyId, sql``),
        f.where,
        size,
        sql`lane.company_id = ${companyId} and lane.id in (${mine}) and c.total > 0`,
        sql`lane.title, lane.id`,
        sql`page.lane_title, page.lane_id`,
      ),
      laneOf: (r) => ({ key: `project:${r.lane_id}`, groupId: null, projectId: Number(r.lane_id), status: null, title: String(r.lane_title), total: Number(r.total) }),
    };
  }
  return {
    kind: "allStatus",
    statement: rankedStatusStatement(sql`t.project_id in (${mine}) and t.parent_id is null and t.company_id = ${companyId}`, f.where, size),
    laneOf: statusLane(null),
  };
}

async function boardOf(caller: Caller, projectId: number | null, q: TaskQuery): Promise<TaskBoard> {
  const { db } = caller.deps;
  if (projectId !== null) await requireJoined(db, caller, projectId);
  const f = await filtersOf(db, caller, q);
  const { kind, statement, laneOf, budgeted = false } = boardStatement(caller, projectId, q, f);
  // The project's answer on another connection meanwhile.
  const [lanes, project] = await Promise.all([
    lanesOf(db, caller.auth.companyId, kind, statement, pageSizeOf(q), budgeted, laneOf),
    projectId === null ? null : projectAnswer(db, caller, projectId),
  ]);
  return { viewType: q.viewType, project, lanes, totalCount: lanes.reduce((n, l) => n + l.totalCount, 0) };
}

/** GET projects/{p}/tasks/initial. */
export const projectBoard = (caller: Caller, projectId: number, q: TaskQuery) => boardOf(caller, projectId, q);

/** GET tasks/initial: across the caller's JOINED projects. */
export const allBoard = (caller: Caller, q: TaskQuery) => boardOf(caller, null, q);

const needsLane = (field: string) =>
  new AppError(400, "common.validation", undefined, [{ field, code: "common.validation", message: "which lane: groupId (LIST) or status (KANBAN)" }]);

/** GET projects/{p}/tasks?groupId=|status=&after=: the next page of one lane ({p} "all": a status of all). */
export async function lanePage(caller: Caller, projectId: number | null, q: TaskQuery): Promise<TaskPage> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  if (projectId !== null) await requireJoined(db, caller, projectId);
  const f = await filtersOf(db, caller, q);
  const size = pageSizeOf(q);
  let kind: LaneKind;
  let scope: SQL;
  if (projectId === null) {
    if (q.viewType !== "KANBAN" || !q.status) throw needsLane("status");
    kind = "allStatus";
    scope = sql`t.project_id in (${joinedProjects(caller, f.projectId)}) and t.status = ${q.status} and t.parent_id is null and t.company_id = ${companyId}`;
  } else if (q.viewType === "KANBAN") {
    if (!q.status) throw needsLane("status");
    kind = "status";
    scope = sql`t.project_id = ${projectId} and t.status = ${q.status} and t.parent_id is null and t.company_id = ${companyId}`;
  } else if (q.groupId !== undefined) {
    if (!(await groupRow(db, companyId, projectId, q.groupId))) throw new AppError(404, FLOW_ERRORS.groupNotFound);
    kind = "group";
    scope = sql`t.group_id = ${q.groupId} and t.parent_id is null`;
  } else {
    kind = "project";
    scope = sql`t.project_id = ${projectId} and t.parent_id is null and t.company_id = ${companyId}`;
  }
  const cursor = parseCursor(kind, q.after);
  const rows = await db.execute<Record<string, unknown>>(withRelated(laneTasksSelect(kind, sql`${scope} and ${cursorCondition(kind, cursor)}`, f.where, size + 1), pageOrder(kind)));
  const tasks: FlowTask[] = await tasksOf(db, companyId, rows.slice(0, size));
  const more = rows.length > size;
  return { tasks, more, after: more ? cursorOf(kind, tasks[size - 1], String(rows[size - 1].group_sort ?? "")) : null };
}
