// The day grid's arithmetic: which bookings cover which 30-minute slots of one day, and the free run a drag may
// cover. Times are the company's (the bookings' startDate/startTime … endDate/endTime strings), so no time zone
// shifts anything.
import type { Booking } from "@shared/resource/resources.ts";
import { SLOT_MINUTES } from "@shared/resource/constants.ts";
import { minutesOf, type Ymd } from "../dates.ts";

export const SLOTS = 1440 / SLOT_MINUTES;

/** A booking's part of the day, in minutes (0..1440), or null when it does not touch the day. */
export function spanOn(b: Pick<Booking, "startDate" | "startTime" | "endDate" | "endTime">, day: Ymd): { from: number; to: number } | null {
  if (b.endDate < day || b.startDate > day) return null;
  const from = b.startDate < day ? 0 : minutesOf(b.startTime);
  const to = b.endDate > day ? 1440 : minutesOf(b.endTime);
  return to > from ? { from, to } : null;
}

export interface DaySlots {
  /** For each slot: the booking covering it, if any. */
  owner: (Booking | null)[];
  /** The bookings placed on the day with their first slot and span in minutes. */
  blocks: { booking: Booking; slot: number; from: number; to: number }[];
}

export function daySlots(bookings: Booking[], day: Ymd): DaySlots {
  const owner: (Booking | null)[] = Array(SLOTS).fill(null);
  const blocks: DaySlots["blocks"] = [];
  for (const b of bookings) {
    const span = spanOn(b, day);
    if (!span) continue;
    const first = Math.floor(span.from / SLOT_MINUTES);
    const last = Math.ceil(span.to / SLOT_MINUTES) - 1;
    for (let i = first; i <= last; i++) owner[i] ??= b;
    blocks.push({ booking: b, slot: first, ...span });
  }
  return { owner, blocks };
}

/** The slots a drag from `anchor` to `current` covers: stopped by the first taken or closed slot on the way. */
export function dragRun(anchor: number, current: number, free: (slot: number) => boolean): { from: number; to: number } {
  const dir = current >= anchor ? 1 : -1;
  let end = anchor;
  while (end !== current && free(end + dir)) end += dir;
  return dir > 0 ? { from: anchor, to: end } : { from: end, to: anchor };
}
