// How a list row shows time (its size: lib/bytes.ts), and the day groups of the group view (today, yesterday,
// this week, earlier). Pure functions of the row and "now", so the list and its tests agree.
import type { MailListItem } from "@shared/mail/reading.ts";

const DAY = 86_400_000;

function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Received time as the list shows it: HH:mm today, a short date this year, a full date before. */
export function listTime(ms: number, lang: string, now = Date.now()): string {
  const d = new Date(ms);
  if (startOfDay(ms) === startOfDay(now)) {
    return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
  }
  const sameYear = d.getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(lang, sameYear ? { month: "2-digit", day: "2-digit" } : { year: "numeric", month: "2-digit", day: "2-digit" })
    .format(d);
}

/** The full date and time, for titles and the scheduled badge. */
export function fullTime(ms: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false })
    .format(new Date(ms));
}

export type DayGroup = "today" | "yesterday" | "thisWeek" | "earlier";

/** The group of a received time: this week starts on Monday. */
export function dayGroup(ms: number, now = Date.now()): DayGroup {
  const today = startOfDay(now);
  const day = startOfDay(ms);
  if (day >= today) return "today";
  if (day >= today - DAY) return "yesterday";
  const weekday = (new Date(now).getDay() + 6) % 7; // Monday 0
  if (day >= today - weekday * DAY) return "thisWeek";
  return "earlier";
}

/** Rows split into consecutive day groups (the list is newest first, so each group appears once). */
export function groupByDay(mails: MailListItem[], now = Date.now()): { group: DayGroup; mails: MailListItem[] }[] {
  const out: { group: DayGroup; mails: MailListItem[] }[] = [];
  for (const m of mails) {
    const g = dayGroup(m.receivedTimeMillis, now);
    const last = out[out.length - 1];
    if (last && last.group === g) last.mails.push(m);
    else out.push({ group: g, mails: [m] });
  }
  return out;
}
