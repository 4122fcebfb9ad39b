// Project calendars (001 §7 api/calendar/project; shapes in shared/calendar/projects.ts). The user's projects
// come from the registered source (source.ts) every time; a project the source does not give for this user
// (another company's, one they are not a member of, any at all while no source is registered or the company's
// useFlow is off: 001 §6) answers 404 calendar.project_not_found, as a missing one does.
import { DEFAULT_TIMEZONE, EVENT_QUERY_MAX_DAYS } from "../../../../shared/calendar/constants.ts";
import {
  type ProjectCalendar, projectDefaultColor, type ProjectEventItem, type ProjectEventsQuery, type ProjectUpdate,
} from "../../../../shared/calendar/projects.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { companyInfo } from "../../company/service.ts";
import { invalid } from "../events/input.ts";
import { apiTimeToInstant } from "../events/zone.ts";
import { projectItemOf } from "./items.ts";
import * as repo from "./repo.ts";
import { type ProjectCalendarContext, projectCalendarSource, type ProjectCalendarSource, type ProjectRef } from "./source.ts";

const projectNotFound = () => new AppError(404, "calendar.project_not_found");

interface Seen {
  source: ProjectCalendarSource;
  ctx: ProjectCalendarContext;
  projects: ProjectRef[];
}

/** The source and the caller's projects; null when the caller has no project calendars at all. */
async function seen(caller: Caller): Promise<Seen | null> {
  const source = projectCalendarSource();
  if (!source) return null;
  const { deps, auth } = caller;
  if (!(await companyInfo(deps, auth.companyId)).useFlow) return null;
  const ctx = { deps, companyId: auth.companyId, userId: auth.userId };
  const projects: ProjectRef[] = [];
  const ids = new Set<number>();
  for (const p of await source.projectsOf(ctx)) {
    if (!Number.isSafeInteger(p.id) || p.id <= 0 || ids.has(p.id)) continue;
    ids.add(p.id);
    projects.push(p);
  }
  return { source, ctx, projects };
}

function calendarOf(p: ProjectRef, state: repo.ProjectStateRow | undefined): ProjectCalendar {
  return {
    id: p.id,
    type: "PROJECT",
    title: p.title,
    color: state?.color ?? projectDefaultColor(p.id),
    isChecked: state?.checked ?? true,
    isSubscribed: state?.subscribed ?? true,
  };
}

async function calendarsOf(caller: Caller, s: Seen | null): Promise<ProjectCalendar[]> {
  if (!s || !s.projects.length) return [];
  const states = await repo.statesOf(caller.deps.db, caller.auth.companyId, caller.auth.userId);
  return s.projects.map((p) => calendarOf(p, states.get(p.id)));
}

/** GET all: the caller's project calendars ([] without flow). */
export async function all(caller: Caller): Promise<ProjectCalendar[]> {
  return await calendarsOf(caller, await seen(caller));
}

/**
 * The ids listed in the caller's tree (find/config subscribedProject). A failing source leaves them out
 * (logged): the calendar's own config does not fail with the flow module.
 */
export async function subscribedIds(caller: Caller): Promise<number[]> {
  try {
    return (await all(caller)).filter((c) => c.isSubscribed).map((c) => c.id);
  } catch (e) {
    caller.deps.log.error("calendar: the project calendar source failed", e);
    return [];
  }
}

/** GET {id}. */
export async function one(caller: Caller, projectId: number): Promise<ProjectCalendar> {
  const found = (await all(caller)).find((c) => c.id === projectId);
  if (!found) throw projectNotFound();
  return found;
}

async function requireProject(caller: Caller, projectId: number): Promise<ProjectRef> {
  const found = (await seen(caller))?.projects.find((p) => p.id === projectId);
  if (!found) throw projectNotFound();
  return found;
}

/** PATCH updateTreeStatus: checked or not. */
export async function setChecked(caller: Caller, projectId: number, isChecked: boolean): Promise<ProjectCalendar> {
  await requireProject(caller, projectId);
  await repo.upsertState(caller.deps.db, caller.auth.companyId, caller.auth.userId, projectId, { checked: isChecked }, caller.deps.clock.now());
  return await one(caller, projectId);
}

/** PUT update: the caller's colour of it. */
export async function update(caller: Caller, input: ProjectUpdate): Promise<ProjectCalendar> {
  await requireProject(caller, input.id);
  await repo.upsertState(caller.deps.db, caller.auth.companyId, caller.auth.userId, input.id, { color: input.color }, caller.deps.clock.now());
  return await one(caller, input.id);
}

/** PUT subscribe: exactly these of the caller's projects are listed in the tree. */
export async function subscribe(caller: Caller, projectIds: number[]): Promise<ProjectCalendar[]> {
  const s = await seen(caller);
  const mine = new Set(s?.projects.map((p) => p.id) ?? []);
  const wanted = new Set(projectIds);
  if ([...wanted].some((id) => !mine.has(id))) throw projectNotFound();
  await repo.setSubscribed(
    caller.deps.db, caller.auth.companyId, caller.auth.userId, new Map([...mine].map((id) => [id, wanted.has(id)])), caller.deps.clock.now(),
  );
  return await calendarsOf(caller, s);
}

/** POST events: the dated tasks in [dtStart, dtEnd) of the projects named, or of those listed and checked. */
export async function events(caller: Caller, q: ProjectEventsQuery): Promise<ProjectEventItem[]> {
  const zone = q.timezone ?? DEFAULT_TIMEZONE;
  const start = apiTimeToInstant(q.dtStart, zone);
  const end = apiTimeToInstant(q.dtEnd, zone);
  if (start === null || end === null) throw invalid("calendar.time_invalid");
  if (end <= start) throw invalid("calendar.start_after_end");
  if (end - start > EVENT_QUERY_MAX_DAYS * 86_400_000) throw invalid("calendar.range_too_long");
  const s = await seen(caller);
  let ids: number[];
  if (q.projectIds) {
    ids = [...new Set(q.projectIds)];
    const mine = new Set(s?.projects.map((p) => p.id) ?? []);
    if (ids.some((id) => !mine.has(id))) throw projectNotFound();
  } else {
    ids = (await calendarsOf(caller, s)).filter((c) => c.isSubscribed && c.isChecked).map((c) => c.id);
  }
  if (!s || !ids.length) return [];
  const asked = new Set(ids);
  // All-day tasks are days of the display zone: a day more on each side finds them in any zone.
  const tasks = await s.source.itemsOf(s.ctx, ids, new Date(start - 86_400_000), new Date(end + 86_400_000));
  const items: ProjectEventItem[] = [];
  const seenIds = new Set<string>();
  for (const task of tasks) {
    if (!asked.has(task.projectId)) continue; // only what was asked, whatever the source gives
    const item = projectItemOf(task, start, end, zone);
    if (!item || seenIds.has(item.id)) continue;
    seenIds.add(item.id);
    items.push(item);
  }
  return items.sort((a, b) => a.startForOrdering - b.startForOrdering || a.projectId - b.projectId || a.taskId - b.taskId);
}

/**
 * For the flow module when a project is deleted: every user's state of it goes (in the caller's transaction
 * when given one). Leaving a project needs nothing: the source stops giving it for that user.
 */
export async function forgetProject(db: DbOrTx, companyId: number, projectId: number): Promise<void> {
  await repo.deleteProject(db, companyId, projectId);
}
