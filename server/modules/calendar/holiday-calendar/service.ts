// The company's HOLIDAY calendar (issue 23 "In and out"; 001 §7 holiday). Design: STORED objects, so that the
// month list, search, export, CalDAV and the change log treat holidays as any other event, with no special
// case in the core:
//   - one HOLIDAY calendar per company (calendars_holiday_uq), no owner, privilege 2 (read) for everyone
//     (calendars/access.ts), so it is read-only in every user's tree (READ_ONLY_CALENDAR_TYPES);
//   - the public holidays of a year are the library's holidayObjects(year) (stable UIDs
//     kr-holiday-YYYYMMDD-n@groupware, stable texts: no churn of ETags), stored once per year: the years around
//     today (last year to two years ahead) when the calendar is made, and checked again once per process,
//     company and year at the calendar list (find), so they follow the years; any other year when
//     GET holiday?year= asks for it;
//   - GET holiday?year= names the public holidays in the reader's language (holidayObjects(year, locale));
//   - company holidays are all-day events of the same calendar (UID company-holiday-…@groupware,
//     CATEGORIES:HOLIDAY,COMPANY), added and removed by a company administrator; their id is the event id.
import { and, asc, eq, gte, like, lte } from "drizzle-orm";
import ICAL from "ical.js";
import { calendarEvents, calendars, users } from "../../../../db/schema/index.ts";
import { HOLIDAY_CALENDAR_COLOR } from "../../../../shared/calendar/constants.ts";
import type { HolidayItem } from "../../../../shared/calendar/inout.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import * as calendarRepo from "../calendars/repo.ts";
import { deleteObject, insertObject } from "../events/store.ts";
import { COMPUTED_FIRST_YEAR, COMPUTED_LAST_YEAR, holidays } from "../holidays/index.ts";
import { holidayObjects } from "../holidays/events.ts";
import { PRODID } from "../ics/types.ts";
import { audienceOf, publishToUsers } from "../realtime.ts";

export const HOLIDAY_CALENDAR_TITLE = "공휴일";
const COMPANY_UID = /^company-holiday-/;

function adminOnly(caller: Caller) {
  if (caller.auth.role !== "ROLE_ADMIN" || caller.auth.actorUserId) throw new AppError(403, "calendar.holiday_admin_only");
}

/** Whether the library has holidays for a year (gazette data, or the rules' range). */
function hasData(year: number): boolean {
  try {
    holidays(year);
    return true;
  } catch {
    return year >= COMPUTED_FIRST_YEAR && year <= COMPUTED_LAST_YEAR;
  }
}

/** The company's HOLIDAY calendar, made (with the years around today) on first need. */
export async function ensureHolidayCalendar(deps: AppDeps, companyId: number): Promise<calendarRepo.CalendarRow> {
  const found = await calendarRepo.holidayCalendar(deps.db, companyId);
  if (found) {
    await keepYearsFilled(deps, found);
    return found;
  }
  const now = deps.clock.now();
  const made = await deps.db.insert(calendars).values({
    companyId, type: "HOLIDAY", title: HOLIDAY_CALENDAR_TITLE, color: HOLIDAY_CALENDAR_COLOR, createdAt: now, updatedAt: now,
  }).onConflictDoNothing().returning();
  const cal = made[0] ?? (await calendarRepo.holidayCalendar(deps.db, companyId))!;
  // Only the call that made it fills it (concurrent first calls see it made, maybe not yet filled).
  const year = now.getUTCFullYear();
  if (made.length) for (let y = year - 1; y <= year + 2; y++) await fillYear(deps, cal, y);
  return cal;
}

/** Companies whose years around today were checked, with the year they were checked in (per database). */
const checked = new WeakMap<AppDeps["db"], Map<number, number>>();

/**
 * Once per process, company and year: the years around today are stored (so the calendar does not run dry as
 * the years pass for a company that made it long ago). A few look-ups the first time, nothing after.
 */
async function keepYearsFilled(deps: AppDeps, cal: calendarRepo.CalendarRow) {
  let seen = checked.get(deps.db);
  if (!seen) checked.set(deps.db, seen = new Map());
  const year = deps.clock.now().getUTCFullYear();
  if (seen.get(cal.companyId) === year) return;
  seen.set(cal.companyId, year);
  let added = 0;
  for (let y = year - 1; y <= year + 2; y++) added += await fillYear(deps, cal, y);
  if (added) await announce(deps, cal.companyId, cal.id);
}

/** Stores a year's public holidays in the calendar unless they are there already. */
export async function fillYear(deps: AppDeps, cal: calendarRepo.CalendarRow, year: number): Promise<number> {
  if (!hasData(year)) return 0;
  const objects = holidayObjects(year);
  if (!objects.length) return 0;
  const stored = await deps.db.select({ uid: calendarEvents.uid }).from(calendarEvents).where(and(
    eq(calendarEvents.companyId, cal.companyId), eq(calendarEvents.calendarId, cal.id), like(calendarEvents.uid, `kr-holiday-${year}%`),
  ));
  const have = new Set(stored.map((r) => r.uid));
  const missing = objects.filter((o) => !have.has(o.uid));
  if (!missing.length) return 0;
  try {
    await transactionWithRetry(deps.db, async (tx) => {
      for (const o of missing) await insertObject(tx, deps, { companyId: cal.companyId, calendarId: cal.id, ownerUserId: null, text: o.text });
    });
  } catch (e) {
    // Another call filled the same year at the same time (calendar_events_uid_uq): its rows are as good.
    if (uniqueViolation(e)) return 0;
    throw e;
  }
  return missing.length;
}

function uniqueViolation(e: unknown): boolean {
  for (let c: unknown = e; c && typeof c === "object"; c = (c as { cause?: unknown }).cause) {
    if ((c as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

async function announce(deps: AppDeps, companyId: number, calendarId: number) {
  await publishToUsers(deps, companyId, await audienceOf(deps.db, companyId, [calendarId]), { calendarId });
}

/** GET holiday?year=: the year's holidays (stored first when missing), public and the company's, by date. */
export async function list(caller: Caller, year: number): Promise<HolidayItem[]> {
  const { deps, auth } = caller;
  const cal = await ensureHolidayCalendar(deps, auth.companyId);
  if (await fillYear(deps, cal, year)) await announce(deps, auth.companyId, cal.id);
  const rows = await deps.db.select().from(calendarEvents).where(and(
    eq(calendarEvents.companyId, auth.companyId), eq(calendarEvents.calendarId, cal.id),
    gte(calendarEvents.firstStart, new Date(Date.UTC(year, 0, 1) - 86_400_000)),
    lte(calendarEvents.firstStart, new Date(Date.UTC(year + 1, 0, 1) + 86_400_000)),
  )).orderBy(asc(calendarEvents.firstStart), asc(calendarEvents.id));
  // Public holidays named in the reader's language (the stored objects are in Korean).
  const lang = await languageOf(deps, auth.userId);
  const names = new Map(hasData(year) ? holidayObjects(year, lang).map((o) => [o.uid, summaryOf(o.text)]) : []);
  const items: HolidayItem[] = [];
  for (const r of rows) {
    const date = dateOf(r.ical);
    if (!date || !date.startsWith(`${year}-`)) continue;
    const company = COMPANY_UID.test(r.uid);
    items.push({
      id: company ? String(r.id) : r.uid.replace(/@groupware$/, ""),
      date, name: (company ? null : names.get(r.uid)) ?? r.summary, kind: company ? "COMPANY" : "PUBLIC", substitute: /SUBSTITUTE/.test(r.ical),
    });
  }
  return items.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id));
}

export async function languageOf(deps: AppDeps, userId: number): Promise<"ko" | "en" | "id"> {
  const [u] = await deps.db.select({ lang: users.languageType }).from(users).where(eq(users.id, userId));
  const lang = (u?.lang ?? "ko").toLowerCase();
  return lang === "en" || lang === "id" ? lang : "ko";
}

/** The public holidays stored in the HOLIDAY calendar (the company's own keep their names as written). */
export const PUBLIC_HOLIDAY_UID = /^kr-holiday-/;

function summaryOf(text: string): string {
  return /\r?\nSUMMARY[^:]*:(.*)/.exec(text.replace(/\r?\n[ \t]/g, ""))?.[1]?.replace(/\\([,;\\])/g, "$1").trim() ?? "";
}

function dateOf(text: string): string | null {
  const m = /DTSTART;VALUE=DATE:(\d{4})(\d{2})(\d{2})/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

function companyHolidayText(uid: string, date: string, name: string, now: Date): string {
  const cal = new ICAL.Component("vcalendar");
  cal.updatePropertyWithValue("prodid", PRODID);
  cal.updatePropertyWithValue("version", "2.0");
  const v = new ICAL.Component("vevent");
  v.updatePropertyWithValue("uid", uid);
  v.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(now, true));
  const start = ICAL.Time.fromDateString(date);
  const end = start.clone();
  end.adjust(1, 0, 0, 0);
  v.updatePropertyWithValue("dtstart", start);
  v.updatePropertyWithValue("dtend", end);
  v.updatePropertyWithValue("summary", name);
  v.updatePropertyWithValue("transp", "TRANSPARENT");
  const categories = new ICAL.Property("categories", v);
  categories.setValues(["HOLIDAY", "COMPANY"]);
  v.addProperty(categories);
  cal.addSubcomponent(v);
  return cal.toString().replace(/\r?\n/g, "\r\n") + "\r\n";
}

/** POST holiday (administrators): a company holiday. */
export async function add(caller: Caller, input: { date: string; name: string }): Promise<HolidayItem> {
  adminOnly(caller);
  const { deps, auth } = caller;
  const cal = await ensureHolidayCalendar(deps, auth.companyId);
  const uid = `company-holiday-${crypto.randomUUID()}@groupware`;
  const w = await transactionWithRetry(deps.db, (tx) =>
    insertObject(tx, deps, { companyId: auth.companyId, calendarId: cal.id, ownerUserId: null, text: companyHolidayText(uid, input.date, input.name, deps.clock.now()) }));
  await announce(deps, auth.companyId, cal.id);
  return { id: String(w.row.id), date: input.date, name: input.name, kind: "COMPANY", substitute: false };
}

/** DELETE holiday/{id} (administrators): a company holiday; a public holiday or another company's answers 404. */
export async function remove(caller: Caller, id: number): Promise<void> {
  adminOnly(caller);
  const { deps, auth } = caller;
  const cal = await ensureHolidayCalendar(deps, auth.companyId);
  const gone = await transactionWithRetry(deps.db, async (tx) => {
    const [row] = await tx.select().from(calendarEvents).where(and(
      eq(calendarEvents.companyId, auth.companyId), eq(calendarEvents.calendarId, cal.id), eq(calendarEvents.id, id),
    )).for("update");
    if (!row || !COMPANY_UID.test(row.uid)) return false;
    await deleteObject(tx, deps, row);
    return true;
  });
  if (!gone) throw notFound();
  await announce(deps, auth.companyId, cal.id);
}
