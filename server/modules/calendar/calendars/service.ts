// Calendars of a user (001 §7 find, add, update, updateTreeStatus, delete, find/public, subscribe,
// cancelSubscription, find/config, find/organCalendars, organCalendar); shapes in shared/calendar/calendars.ts.
import type {
  CalendarAdd, CalendarConfig, CalendarEntry, CalendarUpdate, OrganCalendarNode, PublicCalendar, TreeStatus,
} from "../../../../shared/calendar/calendars.ts";
import {
  CALENDAR_PALETTE, CALENDAR_PRIVILEGE, CALENDAR_SHARE_MODULE, type CalendarViewType, DEFAULT_CALENDAR_COLOR,
  DEFAULT_CALENDAR_VIEW, DEFAULT_TIMEZONE,
} from "../../../../shared/calendar/constants.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, forbidden, notFound } from "../../../lib/errors.ts";
import type { OrganizationTreeNode } from "../../../../shared/organizations.ts";
import { forgetShares, ownedShares } from "../../share/access.ts";
import { tree as organizationTree } from "../../organizations/service.ts";
import { forgetCalendarEvents } from "../events/store.ts";
import { audienceOf, publishToUsers } from "../realtime.ts";
import { defaultCalendarOf, privilegeOf, requireCalendar, type Viewer, viewerOf } from "./access.ts";
import * as repo from "./repo.ts";
import { ensureHolidayCalendar } from "../holiday-calendar/service.ts";
import { organisedEvents, sendItipChanges } from "../itip-mail/send.ts";
import { subscribedIds as subscribedProjects } from "../projects/service.ts";

function entryOf(v: Viewer, cal: repo.CalendarRow, state: repo.StateRow | undefined, type: CalendarViewType, extra: Partial<CalendarEntry> = {}): CalendarEntry {
  const subscribed = type === "SUBSCRIPTION" || type === "PUBLIC_SUBSCRIPTION";
  return {
    id: cal.id,
    type,
    calendarType: cal.type,
    title: cal.title,
    color: state?.color ?? cal.color,
    selected: state?.selected ?? true,
    privilege: privilegeOf(v, cal),
    isSubscribed: subscribed || state?.subscription === "ORGANIZATION",
    targetCalendarId: subscribed ? cal.id : null,
    organId: cal.organId,
    calendarId: cal.id,
    connectionId: cal.connectionId,
    ownerUserId: cal.ownerUserId,
    ownerName: null,
    isPublic: cal.isPublic,
    description: cal.description,
    isShared: false,
    ...extra,
  };
}

/** The organisation calendars the viewer sees: their own organisations' first, then the subscribed ones. */
async function organizationCalendars(caller: Caller, v: Viewer, states: Map<number, repo.StateRow>) {
  if (v.restricted) return [];
  const { db, clock } = caller.deps;
  const all = flatten(await organizationTree(caller, false));
  const byId = new Map(all.map((o) => [o.id, o]));
  const own = [...v.organIds].filter((id) => byId.has(id))
    .sort((a, b) => Number(b === v.representative) - Number(a === v.representative) || a - b);
  const mine = await repo.ensureOrganizationCalendars(db, v.companyId, own.map((id) => ({ id, name: byId.get(id)!.name })), DEFAULT_CALENDAR_COLOR, clock.now());
  const subscribedIds = [...states.values()].filter((s) => s.subscription === "ORGANIZATION").map((s) => s.calendarId);
  const subscribed = (await repo.calendarsByIds(db, v.companyId, subscribedIds))
    .filter((c) => c.type === "ORGANIZATION" && c.organId !== null && !v.organIds.has(c.organId));
  const order = new Map(own.map((id, i) => [id, i]));
  return [...mine.sort((a, b) => order.get(a.organId!)! - order.get(b.organId!)!), ...subscribed.sort((a, b) => a.id - b.id)];
}

function flatten(nodes: OrganizationTreeNode[]): OrganizationTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** GET find: the caller's tree, DEFAULT first (made on first use). */
export async function find(caller: Caller): Promise<CalendarEntry[]> {
  const { db } = caller.deps;
  const v = await viewerOf(caller);
  await defaultCalendarOf(caller, v);
  const [own, states, owned] = await Promise.all([
    repo.ownCalendars(db, v.companyId, v.userId),
    repo.statesOf(db, v.userId),
    ownedShares(caller.deps, v, CALENDAR_SHARE_MODULE),
  ]);
  const sharedOut = new Set(owned.filter((s) => s.memberCount > 0).map((s) => Number(s.objectId)));
  const typeRank = (c: repo.CalendarRow) => (c.type === "DEFAULT" ? 0 : 1);
  const out = own.sort((a, b) => typeRank(a) - typeRank(b) || a.id - b.id)
    .map((c) => entryOf(v, c, states.get(c.id), c.type as CalendarViewType, { ownerName: v.name, isShared: sharedOut.has(c.id) }));
  for (const c of await organizationCalendars(caller, v, states)) out.push(entryOf(v, c, states.get(c.id), "ORGANIZATION"));
  const sharedIds = [...v.shared.keys()].filter((id) => !states.get(id)?.hidden);
  const publicIds = [...states.values()].filter((s) => s.subscription === "PUBLIC_SUBSCRIPTION" && !v.shared.has(s.calendarId)).map((s) => s.calendarId);
  const others = await repo.calendarsByIds(db, v.companyId, [...sharedIds, ...publicIds]);
  const names = await repo.userNames(db, v.companyId, others.map((c) => c.ownerUserId!).filter((id) => id !== null));
  for (const c of others.sort((a, b) => a.id - b.id)) {
    if (c.ownerUserId === v.userId || privilegeOf(v, c) === 0) continue;
    const type = v.shared.has(c.id) ? "SUBSCRIPTION" : c.isPublic ? "PUBLIC_SUBSCRIPTION" : null;
    if (type) out.push(entryOf(v, c, states.get(c.id), type, { ownerName: names.get(c.ownerUserId!) ?? null }));
  }
  const holiday = await ensureHolidayCalendar(caller.deps, v.companyId);
  if (holiday) out.push(entryOf(v, holiday, states.get(holiday.id), "HOLIDAY"));
  return out;
}

/** GET find/organCalendars: the organisation tree, checked where the caller sees the calendar. */
export async function organCalendars(caller: Caller): Promise<OrganCalendarNode[]> {
  const v = await viewerOf(caller);
  if (v.restricted) return [];
  const subscribed = new Set((await config(caller)).subscribedOrgan);
  const map = (n: OrganizationTreeNode): OrganCalendarNode => ({
    id: n.id, parentId: n.parentId, name: n.name, email: n.email, childCount: n.childCount,
    children: n.children.map(map),
    checked: v.organIds.has(n.id) || subscribed.has(n.id),
    isMember: v.organIds.has(n.id),
  });
  return (await organizationTree(caller, false)).map(map);
}

/** PUT organCalendar: the other organisations whose calendars the caller sees (exactly these). */
export async function setOrganCalendars(caller: Caller, organIds: number[]): Promise<CalendarConfig> {
  const { db, clock } = caller.deps;
  const v = await viewerOf(caller);
  if (v.restricted) throw forbidden();
  const byId = new Map(flatten(await organizationTree(caller, false)).map((o) => [o.id, o]));
  const ids = [...new Set(organIds)].filter((id) => !v.organIds.has(id));
  if (ids.some((id) => !byId.has(id))) throw notFound();
  const now = clock.now();
  await db.transaction(async (tx) => {
    const cals = await repo.ensureOrganizationCalendars(tx, v.companyId, ids.map((id) => ({ id, name: byId.get(id)!.name })), DEFAULT_CALENDAR_COLOR, now);
    await repo.clearOrganizationSubscriptions(tx, v.userId, cals.map((c) => c.id), now);
    for (const c of cals) await repo.upsertState(tx, v.companyId, v.userId, c.id, { subscription: "ORGANIZATION" }, now);
  });
  return await config(caller);
}

/** GET find/config (001 §3 "Calendar config and others"). */
export async function config(caller: Caller): Promise<CalendarConfig> {
  const { db } = caller.deps;
  const states = await repo.statesOf(db, caller.auth.userId);
  const ids = [...states.values()].filter((s) => s.subscription === "ORGANIZATION").map((s) => s.calendarId);
  const [cals, projects] = await Promise.all([repo.calendarsByIds(db, caller.auth.companyId, ids), subscribedProjects(caller)]);
  return {
    subscribedOrgan: cals.map((c) => c.organId!).filter((id) => id !== null).sort((a, b) => a - b),
    subscribedProject: projects,
    timezone: DEFAULT_TIMEZONE,
    defaultView: DEFAULT_CALENDAR_VIEW,
    defaultColor: DEFAULT_CALENDAR_COLOR,
    palette: CALENDAR_PALETTE,
  };
}

async function entryById(caller: Caller, id: number): Promise<CalendarEntry> {
  const found = (await find(caller)).find((e) => e.id === id);
  if (!found) throw notFound();
  return found;
}

/** POST add: a PRIVATE or PUBLIC calendar of the caller. */
export async function add(caller: Caller, input: CalendarAdd): Promise<CalendarEntry> {
  const now = caller.deps.clock.now();
  const cal = await repo.insertCalendar(caller.deps.db, {
    companyId: caller.auth.companyId, ownerUserId: caller.auth.userId, type: input.type, title: input.title,
    color: input.color ?? DEFAULT_CALENDAR_COLOR, description: input.description ?? null, isPublic: input.type === "PUBLIC",
    createdAt: now, updatedAt: now,
  });
  return await entryById(caller, cal.id);
}

/** PUT update: the owner changes title, colour, type; others change their own colour of it only. */
export async function update(caller: Caller, input: CalendarUpdate): Promise<CalendarEntry> {
  const { db, clock } = caller.deps;
  const v = await viewerOf(caller);
  const { cal, privilege } = await requireCalendar(caller, v, input.id);
  const now = clock.now();
  if (privilege < CALENDAR_PRIVILEGE.OWNER) {
    if (input.title !== undefined || input.type !== undefined || input.description !== undefined) throw forbidden();
    if (input.color !== undefined) await repo.upsertState(db, v.companyId, v.userId, cal.id, { color: input.color }, now);
    return await entryById(caller, cal.id);
  }
  if (input.type !== undefined && input.type !== cal.type && cal.type === "DEFAULT") throw new AppError(400, "calendar.not_editable");
  await repo.updateCalendar(db, v.companyId, cal.id, {
    title: input.title ?? cal.title,
    color: input.color ?? cal.color,
    description: input.description ?? cal.description,
    ...(input.type && cal.type !== "DEFAULT" ? { type: input.type, isPublic: input.type === "PUBLIC" } : {}),
    updatedAt: now,
  });
  return await entryById(caller, cal.id);
}

/** PUT updateTreeStatus: checked or not in the caller's tree. */
export async function setTreeStatus(caller: Caller, calendarId: number, isChecked: boolean): Promise<TreeStatus> {
  const v = await viewerOf(caller);
  const { cal } = await requireCalendar(caller, v, calendarId);
  await repo.upsertState(caller.deps.db, v.companyId, v.userId, cal.id, { selected: isChecked }, caller.deps.clock.now());
  return { calendarId: cal.id, isChecked };
}

/** DELETE delete/{id}: the owner's PRIVATE or PUBLIC calendar, its events and shares. */
export async function remove(caller: Caller, id: number): Promise<void> {
  const v = await viewerOf(caller);
  const { cal, privilege } = await requireCalendar(caller, v, id);
  if (privilege < CALENDAR_PRIVILEGE.OWNER) throw forbidden();
  if (cal.type === "DEFAULT") throw new AppError(400, "calendar.default_not_deletable");
  // Who sees it (sharees, subscribers) is known only while it exists.
  const audience = await audienceOf(caller.deps.db, v.companyId, [cal.id]);
  const invitations = await organisedEvents(caller.deps.db, v.companyId, cal.id); // their guests get a CANCEL
  const affected = await caller.deps.db.transaction(async (tx) => {
    const users = await forgetCalendarEvents(tx, caller.deps, cal);
    await forgetShares(tx, v.companyId, CALENDAR_SHARE_MODULE, [String(cal.id)]);
    await repo.deleteCalendar(tx, v.companyId, cal.id);
    return users;
  });
  await publishToUsers(caller.deps, v.companyId, [v.userId, ...audience, ...affected], { calendarId: cal.id });
  for (const row of invitations) await sendItipChanges(caller.deps, row, null);
}

/** GET find/public: colleagues' PUBLIC calendars. */
export async function findPublic(caller: Caller, q: { keyword?: string; page: number; pageSize: number }): Promise<Page<PublicCalendar>> {
  const { db } = caller.deps;
  const { rows, total } = await repo.publicCalendars(db, caller.auth.companyId, caller.auth.userId, q.keyword || undefined, q.pageSize, q.page * q.pageSize);
  const states = await repo.statesOf(db, caller.auth.userId);
  return pageOf(rows.map((r) => ({
    id: r.cal.id, title: r.cal.title, color: r.cal.color, ownerUserId: r.cal.ownerUserId!, ownerName: r.ownerName,
    isSubscribed: states.get(r.cal.id)?.subscription === "PUBLIC_SUBSCRIPTION",
  })), total, q);
}

/** POST subscribe: a colleague's PUBLIC calendar, or a calendar shared with the caller taken out before. */
export async function subscribe(caller: Caller, calendarId: number): Promise<CalendarEntry> {
  const v = await viewerOf(caller);
  const { cal } = await requireCalendar(caller, v, calendarId);
  const state = (await repo.statesOf(caller.deps.db, v.userId)).get(cal.id);
  const now = caller.deps.clock.now();
  if (v.shared.has(cal.id) && cal.ownerUserId !== v.userId) {
    if (!state?.hidden) throw new AppError(409, "calendar.already_subscribed");
    await repo.upsertState(caller.deps.db, v.companyId, v.userId, cal.id, { hidden: false }, now);
  } else if (cal.isPublic && cal.ownerUserId !== null && cal.ownerUserId !== v.userId) {
    if (state?.subscription === "PUBLIC_SUBSCRIPTION") throw new AppError(409, "calendar.already_subscribed");
    await repo.upsertState(caller.deps.db, v.companyId, v.userId, cal.id, { subscription: "PUBLIC_SUBSCRIPTION", hidden: false }, now);
  } else {
    throw new AppError(400, "calendar.not_subscribable");
  }
  return await entryById(caller, cal.id);
}

/** DELETE cancelSubscription/{id}: the calendar leaves the caller's tree (a share stays; subscribe brings it back). */
export async function cancelSubscription(caller: Caller, calendarId: number): Promise<void> {
  const v = await viewerOf(caller);
  const { cal } = await requireCalendar(caller, v, calendarId);
  const state = (await repo.statesOf(caller.deps.db, v.userId)).get(cal.id);
  const now = caller.deps.clock.now();
  if (state?.subscription === "PUBLIC_SUBSCRIPTION" || state?.subscription === "ORGANIZATION") {
    await repo.upsertState(caller.deps.db, v.companyId, v.userId, cal.id, { subscription: null }, now);
  } else if (v.shared.has(cal.id) && !state?.hidden) {
    await repo.upsertState(caller.deps.db, v.companyId, v.userId, cal.id, { hidden: true }, now);
  } else {
    throw notFound();
  }
}
