// The occurrences a booking asks for: one, or a repetition (DAILY: working days Monday..Friday every
// `interval` days; WEEKLY: the same weekday every `interval` weeks) up to `until` inclusive. Every occurrence
// keeps the first one's times and length. Checks the rules of a booking's time (shared/resource constants):
// the end after the start, at most MAX_BOOKING_DAYS long, not ending in the past, at most MAX_OCCURRENCES
// within MAX_REPEAT_DAYS.
import { MAX_BOOKING_DAYS, MAX_OCCURRENCES, MAX_REPEAT_DAYS } from "../../../shared/resource/constants.ts";
import type { RepeatInput } from "../../../shared/resource/resources.ts";
import { AppError } from "../../lib/errors.ts";
import { addDays, dateString, daysBetween, parseDate } from "../calendar/events/zone.ts";
import { instantOfApi } from "./time.ts";

export interface Slot {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

export interface Occurrence extends Slot {
  start: number;
  end: number;
}

const invalid = (code: string) => new AppError(400, code as `${string}.${string}`);

/** One slot as instants, with the rules of a booking's time checked. */
export function occurrenceOf(slot: Slot, now: Date): Occurrence {
  const start = instantOfApi(slot.startDate, slot.startTime);
  const end = instantOfApi(slot.endDate, slot.endTime);
  if (start === null || end === null || end <= start) throw invalid("resource.invalid_range");
  if (end - start > MAX_BOOKING_DAYS * 86_400_000) throw invalid("resource.too_long");
  if (end <= now.getTime()) throw invalid("resource.in_the_past");
  return { ...slot, start, end };
}

/** The occurrences of a booking: the slot itself, then its repetitions. */
export function occurrencesOf(slot: Slot, repeat: RepeatInput | undefined, now: Date): Occurrence[] {
  const first = occurrenceOf(slot, now);
  if (!repeat) return [first];
  const start = parseDate(slot.startDate)!;
  const until = parseDate(repeat.until);
  if (!until || daysBetween(start, until) < 0) throw invalid("resource.invalid_range");
  if (daysBetween(start, until) > MAX_REPEAT_DAYS) throw invalid("resource.too_many_occurrences");
  const span = daysBetween(start, parseDate(slot.endDate)!);
  const out = [first];
  const step = repeat.frequency === "WEEKLY" ? 7 * repeat.interval : repeat.interval;
  for (let offset = step; offset <= daysBetween(start, until); offset += step) {
    const day = addDays(start, offset);
    const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
    if (repeat.frequency === "DAILY" && (weekday === 0 || weekday === 6)) continue;
    if (out.length >= MAX_OCCURRENCES) throw invalid("resource.too_many_occurrences");
    const startDate = dateString(day);
    const endDate = dateString(addDays(day, span));
    out.push({
      startDate, startTime: slot.startTime, endDate, endTime: slot.endTime,
      start: instantOfApi(startDate, slot.startTime)!, end: instantOfApi(endDate, slot.endTime)!,
    });
  }
  return out;
}
