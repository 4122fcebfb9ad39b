// Event search (001 §7 search, §5 "search needs 2 characters") with the mail module's lexemes (Korean words
// of two syllables found anywhere, other words at a word's start: server/modules/mail/search/tokens.ts),
// and free/busy of colleagues (001 §5 "free/busy lookup only for internal users").
import { and, type SQL, sql } from "drizzle-orm";
import { calendarEvents } from "../../../../db/schema/index.ts";
import {
  CALENDAR_PRIVILEGE, DEFAULT_TIMEZONE, FREEBUSY_MAX_DAYS, OCCURRENCES_PER_SERIES_MAX,
} from "../../../../shared/calendar/constants.ts";
import type { BusySlot, EventItem, FreeBusy } from "../../../../shared/calendar/events.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { containsPattern } from "../../../lib/like.ts";
import { queryTerm, tsqueryOf } from "../../mail/search/tokens.ts";
import { viewerOf } from "../calendars/access.ts";
import * as calendarRepo from "../calendars/repo.ts";
import { find } from "../calendars/service.ts";
import { occurrenceAt, occurrencesIn } from "./expand.ts";
import { parseObject } from "./ical-read.ts";
import { invalid } from "./input.ts";
import { accessOf, itemOf } from "./present.ts";
import * as repo from "./repo.ts";
import { addDays, apiTimeToInstant, dateString } from "./zone.ts";

/** The index condition and, for words of several lexemes, the check against the real text. */
function matchOf(keyword: string): SQL {
  const conds: SQL[] = [];
  for (const raw of keyword.split(/\s+/)) {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (!word) continue;
    const term = queryTerm(word);
    const tsquery = tsqueryOf(term, "");
    if (!tsquery) continue;
    conds.push(sql`${calendarEvents.searchVector} @@ ${tsquery}::tsquery`);
    if (term.all.length + term.prefix.length > 1) {
      const p = containsPattern(word);
      conds.push(sql`(${calendarEvents.summary} ilike ${p} or ${calendarEvents.location} ilike ${p} or ${calendarEvents.description} ilike ${p}
        or exists (select 1 from calendar_event_attendees a where a.event_id = ${calendarEvents.id} and (a.name ilike ${p} or a.email ilike ${p})))`);
    }
  }
  if (!conds.length) throw invalid("calendar.search_min_chars");
  return and(...conds)!;
}

/** GET search: events of the calendars the caller reads and those they are invited to; a series once. */
export async function search(caller: Caller, q: { keyword: string; page: number; pageSize: number }): Promise<Page<EventItem>> {
  const { db } = caller.deps;
  const match = matchOf(q.keyword);
  const v = await viewerOf(caller);
  const readable = (await find(caller)).filter((c) => c.privilege >= CALENDAR_PRIVILEGE.READ).map((c) => c.id);
  const { rows, total } = await repo.searchEvents(db, v.companyId, readable, v.userId, match, q.pageSize, q.page * q.pageSize);
  const cals = new Map((await calendarRepo.calendarsByIds(db, v.companyId, [...new Set(rows.map((r) => r.calendarId))])).map((c) => [c.id, c]));
  const mine = await repo.attendance(db, v.companyId, v.userId, rows.map((r) => r.id));
  const items: EventItem[] = [];
  for (const row of rows) {
    const obj = parseObject(row.ical);
    const o = occurrenceAt(obj, null, DEFAULT_TIMEZONE);
    if (!o) continue;
    items.push(itemOf(obj, row, o, row.calendarId, accessOf(v, row, cals.get(row.calendarId)!, mine.get(row.id) ?? null), v.username));
  }
  return pageOf(items, total, q);
}

interface Slot {
  s: number;
  e: number;
  allDay: boolean;
  start: string;
  end: string;
}

function merge(slots: Slot[]): BusySlot[] {
  slots.sort((a, b) => a.s - b.s);
  const out: Slot[] = [];
  for (const x of slots) {
    const last = out.at(-1);
    if (last && x.s <= last.e && last.allDay === x.allDay) {
      if (x.e > last.e) Object.assign(last, { e: x.e, end: x.end });
    } else out.push({ ...x });
  }
  return out.map((x) => ({ start: x.start, end: x.end, isAllDay: x.allDay }));
}

/** POST freeBusy: busy times of colleagues (their own calendars and the events they attend, unless declined). */
export async function freeBusy(
  caller: Caller, body: { userIds: number[]; emails: string[]; dtStart: string; dtEnd: string; timezone?: string },
): Promise<FreeBusy[]> {
  const { db } = caller.deps;
  const zone = body.timezone ?? DEFAULT_TIMEZONE;
  const start = apiTimeToInstant(body.dtStart, zone);
  const end = apiTimeToInstant(body.dtEnd, zone);
  if (start === null || end === null) throw invalid("calendar.time_invalid");
  if (end <= start) throw invalid("calendar.start_after_end");
  if (end - start > FREEBUSY_MAX_DAYS * 86_400_000) throw invalid("calendar.range_too_long");
  const companyId = caller.auth.companyId;
  const ids = [...new Set(body.userIds)];
  const emails = [...new Set(body.emails)];
  const found = await repo.activeUsers(db, companyId, ids, emails);
  if (ids.some((id) => !found.some((u) => u.id === id)) || emails.some((e) => !found.some((u) => u.username === e))) {
    throw new AppError(400, "calendar.freebusy_internal_only");
  }
  const from = new Date(start - 86_400_000);
  const to = new Date(end + 86_400_000);
  const out: FreeBusy[] = [];
  for (const u of found) {
    const own = await repo.eventsInCalendars(db, companyId, await repo.ownedCalendarIds(db, companyId, u.id), from, to);
    const attended = await repo.attendedEvents(db, companyId, [u.id], from, to);
    const declined = new Set(attended.filter((a) => a.partStat === "DECLINED").map((a) => a.event.id));
    const rows = new Map([...own, ...attended.map((a) => a.event)].filter((r) => !declined.has(r.id)).map((r) => [r.id, r]));
    const slots: Slot[] = [];
    for (const row of rows.values()) {
      const obj = parseObject(row.ical);
      for (const o of occurrencesIn(obj, start, end, zone, OCCURRENCES_PER_SERIES_MAX)) {
        if (String(o.vevent.getFirstPropertyValue("transp") ?? "").toUpperCase() === "TRANSPARENT") continue;
        slots.push({
          s: o.startMs, e: o.endMs, allDay: o.start.date,
          start: o.start.date ? dateString(o.start.wall) : new Date(o.startMs).toISOString(),
          end: o.end.date ? dateString(addDays(o.end.wall, -1)) : new Date(o.endMs).toISOString(),
        });
      }
    }
    out.push({ userId: u.id, email: u.username, name: u.name, busy: merge(slots) });
  }
  return out;
}
