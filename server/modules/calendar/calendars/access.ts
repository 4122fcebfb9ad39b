// Who may do what with a calendar (001 §6; levels in shared/calendar/constants.ts CALENDAR_PRIVILEGE):
//   the owner 4; a calendar shared through the share module: the share's permission (1 title only, 2 read,
//   3 write); PUBLIC calendars: at least 2 for everyone in the company; ORGANIZATION calendars: 3 for the
//   organisation's members, 2 for the others, 0 for org-chart-restricted users (001 §6); HOLIDAY: 2.
// A calendar of privilege 0 (or another company's) answers 404, as a missing one does.
import { CALENDAR_PRIVILEGE, CALENDAR_SHARE_MODULE, type CalendarPrivilege, DEFAULT_CALENDAR_COLOR } from "../../../../shared/calendar/constants.ts";
import type { Caller } from "../../../lib/context.ts";
import { forbidden, notFound } from "../../../lib/errors.ts";
import { sharedWith } from "../../share/access.ts";
import * as repo from "./repo.ts";

export interface Viewer {
  companyId: number;
  userId: number;
  username: string;
  name: string;
  /** The user's organisations (memberships and the representative one). */
  organIds: Set<number>;
  representative: number | null;
  /** Org-chart-restricted: sees no organisation calendar. */
  restricted: boolean;
  /** Calendars shared with the user: calendar id → share permission. */
  shared: Map<number, 1 | 2 | 3>;
  /** Owners of those shares, by calendar id. */
  sharedOwner: Map<number, { id: number; name: string }>;
}

/** The caller as the calendar sees them: three queries (user, organisations, shares). */
export async function viewerOf(caller: Caller): Promise<Viewer> {
  const { deps, auth } = caller;
  const [me, shares] = await Promise.all([
    repo.organIdsOf(deps.db, auth.companyId, auth.userId),
    sharedWith(deps, { companyId: auth.companyId, userId: auth.userId }, CALENDAR_SHARE_MODULE),
  ]);
  return {
    companyId: auth.companyId,
    userId: auth.userId,
    username: me.username,
    name: me.name,
    organIds: new Set(me.organIds),
    representative: me.representative,
    restricted: me.restricted,
    shared: new Map(shares.map((s) => [Number(s.objectId), s.permission])),
    sharedOwner: new Map(shares.map((s) => [Number(s.objectId), { id: s.ownerUserId, name: s.ownerName }])),
  };
}

export function privilegeOf(v: Viewer, cal: repo.CalendarRow): CalendarPrivilege {
  if (cal.companyId !== v.companyId) return CALENDAR_PRIVILEGE.NONE;
  // A Google calendar of the user's connection (calendar/external): theirs to read, nobody's to write.
  if (cal.type === "EXTERNAL") return cal.ownerUserId === v.userId ? CALENDAR_PRIVILEGE.READ : CALENDAR_PRIVILEGE.NONE;
  if (cal.ownerUserId === v.userId) return CALENDAR_PRIVILEGE.OWNER;
  const shared = v.shared.get(cal.id) ?? 0;
  switch (cal.type) {
    case "ORGANIZATION":
      if (v.restricted) return CALENDAR_PRIVILEGE.NONE;
      return cal.organId !== null && v.organIds.has(cal.organId) ? CALENDAR_PRIVILEGE.WRITE : CALENDAR_PRIVILEGE.READ;
    case "HOLIDAY":
      return CALENDAR_PRIVILEGE.READ;
    case "PUBLIC":
      return Math.max(shared, CALENDAR_PRIVILEGE.READ) as CalendarPrivilege;
    case "DEFAULT":
    case "PRIVATE":
      return shared as CalendarPrivilege;
    default:
      return CALENDAR_PRIVILEGE.NONE;
  }
}

/** A calendar the viewer may see, with their privilege; 404 otherwise. */
export async function requireCalendar(caller: Caller, v: Viewer, id: number, min: CalendarPrivilege = 1) {
  const cal = await repo.findCalendar(caller.deps.db, v.companyId, id);
  const privilege = cal ? privilegeOf(v, cal) : 0;
  if (!cal || privilege === 0) throw notFound();
  if (privilege < min) throw forbidden();
  return { cal, privilege };
}

/** The caller's DEFAULT calendar, made on first use. */
export async function defaultCalendarOf(caller: Caller, v: Pick<Viewer, "companyId" | "userId" | "name">) {
  return await repo.ensureDefault(caller.deps.db, v.companyId, v.userId, v.name || "Calendar", DEFAULT_CALENDAR_COLOR, caller.deps.clock.now());
}
