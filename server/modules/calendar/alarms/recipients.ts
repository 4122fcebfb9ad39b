// Who an occurrence's alarm reaches (the rules are written down in shared/calendar/alarms.ts): the owner of the
// calendar (or, for organisation and project calendars, the user who made the event), and, for an event
// organised inside the company, every internal attendee whose answer for this occurrence is not DECLINED.
// Only active users of the event's own company, and only when the company has the calendar switched on.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendars, companies, users } from "../../../../db/schema/index.ts";
import type { CalendarType } from "../../../../shared/calendar/constants.ts";
import type { EventRow } from "../events/store.ts";
import { type Component, personOf } from "../events/ical-read.ts";
import { SILENT_CALENDAR_TYPES } from "./plan.ts";

export interface Recipient {
  userId: number;
  username: string;
  language: string;
}

export async function recipientsOf(db: DbOrTx, row: EventRow, vevent: Component): Promise<Recipient[]> {
  const [cal] = await db.select({ type: calendars.type, ownerUserId: calendars.ownerUserId, useCalendar: companies.useCalendar })
    .from(calendars).innerJoin(companies, eq(companies.id, calendars.companyId))
    .where(and(eq(calendars.companyId, row.companyId), eq(calendars.id, row.calendarId)));
  if (!cal || !cal.useCalendar || SILENT_CALENDAR_TYPES.includes(cal.type as CalendarType)) return [];
  const owner = cal.ownerUserId ?? (cal.type === "ORGANIZATION" || cal.type === "PROJECT" ? row.ownerUserId : null);
  const answers = new Map<string, string>();
  for (const prop of vevent.getAllProperties("attendee")) {
    const p = personOf(prop);
    if (p.email) answers.set(p.email, p.partStat);
  }
  const invited = row.organizerUserId === null ? [] : [...answers].filter(([, s]) => s !== "DECLINED").map(([e]) => e);
  const who = [
    ...(owner !== null ? [eq(users.id, owner)] : []),
    ...(invited.length ? [inArray(users.username, invited)] : []),
  ];
  if (!who.length) return [];
  const rows = await db.select({ userId: users.id, username: users.username, language: users.languageType }).from(users)
    .where(and(eq(users.companyId, row.companyId), sql`${users.status} = 'ACTIVE'`, or(...who)));
  // The owner listed as an attendee who declined this occurrence is left out too.
  return rows.filter((r) => answers.get(r.username) !== "DECLINED").sort((a, b) => a.userId - b.userId);
}
