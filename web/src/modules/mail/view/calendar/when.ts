// When an invitation's event happens, as text in the reader's language and time zone (the browser's). A
// timed event with a known instant is shown in the reader's zone, with the organiser's wall clock beside it
// when that differs; an all-day event by its dates (the end date of an invitation is exclusive); a floating
// time (or one in a zone the server could not resolve) as written.
import type { CalendarEvent, CalendarTime } from "@shared/mail/calendar.ts";

const DAY_MS = 86_400_000;

export interface WhenText {
  text: string;
  /** The organiser's wall clock and zone, when it differs from the reader's. */
  original: string | null;
}

const hasInstant = (t: CalendarTime) => !t.allDay && t.iso.endsWith("Z");
const dateOf = (d: string) => new Date(`${d}T00:00:00Z`);

/** The reader's wall clock ("YYYY-MM-DDTHH:mm") at an instant. */
function readerWallClock(ms: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
    }).formatToParts(ms).map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

function range(fmt: Intl.DateTimeFormat, a: Date, b: Date | null): string {
  if (!b || b.getTime() <= a.getTime()) return fmt.format(a);
  return fmt.formatRange(a, b);
}

export function whenText(e: CalendarEvent, lang: string, allDayLabel: string): WhenText {
  const { start, end } = e;
  if (!start) return { text: "", original: null };
  if (start.allDay) {
    const fmt = new Intl.DateTimeFormat(lang, { timeZone: "UTC", weekday: "short", year: "numeric", month: "short", day: "numeric" });
    const first = dateOf(start.iso);
    const last = end?.allDay ? new Date(dateOf(end.iso).getTime() - DAY_MS) : null;
    return { text: `${range(fmt, first, last)} · ${allDayLabel}`, original: null };
  }
  const opts: Intl.DateTimeFormatOptions = {
    weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit",
  };
  if (hasInstant(start)) {
    const fmt = new Intl.DateTimeFormat(lang, { ...opts, timeZoneName: "short" });
    const a = new Date(start.iso);
    const b = end && hasInstant(end) ? new Date(end.iso) : null;
    const text = range(fmt, a, b);
    let original: string | null = null;
    if (start.timezone && start.timezone !== "UTC" && readerWallClock(a.getTime()) !== start.local.slice(0, 16)) {
      const wall = new Intl.DateTimeFormat(lang, { ...opts, timeZone: "UTC" });
      const wa = new Date(`${start.local}Z`);
      const wb = end && !end.allDay ? new Date(`${end.local}Z`) : null;
      original = `${range(wall, wa, wb)} (${start.timezone})`;
    }
    return { text, original };
  }
  // Floating, or a zone the server did not know: the wall clock as written.
  const wall = new Intl.DateTimeFormat(lang, { ...opts, timeZone: "UTC" });
  const text = range(wall, new Date(`${start.local}Z`), end && !end.allDay ? new Date(`${end.local}Z`) : null);
  return { text: start.timezone ? `${text} (${start.timezone})` : text, original: null };
}

/** FREQ of an RRULE when it is a plain one (INTERVAL 1): DAILY, WEEKLY, MONTHLY, YEARLY; else "CUSTOM". */
export function repeatKind(rrule: string | null): string | null {
  if (!rrule) return null;
  const parts = Object.fromEntries(rrule.split(";").map((p) => p.split("=") as [string, string]));
  const freq = parts.FREQ?.toUpperCase();
  const plain = (parts.INTERVAL ?? "1") === "1" && ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].includes(freq ?? "");
  return plain ? freq! : "CUSTOM";
}
