// Where events go on screen: each item as days and minutes of the display zone, lanes for bars (all-day and
// multi-day events in the month grid and the time grids' all-day row), and side-by-side columns for timed
// events that overlap in a day column.
import type { EventItem } from "@shared/calendar/events.ts";
import { dayNum, zoned } from "./dates.ts";

export interface Placed {
  item: EventItem;
  /** Day numbers (dates.ts dayNum), inclusive. */
  startDay: number;
  endDay: number;
  /** Minutes since the zone's midnight of startDay / endDay (0 and 1440 for all-day items). */
  startMin: number;
  endMin: number;
  /** Shown as a bar (all-day, or timed across midnight). */
  bar: boolean;
}

export function place(item: EventItem, tz: string): Placed {
  if (item.isAllDay) {
    const s = dayNum(item.start.slice(0, 10));
    const e = Math.max(s, dayNum(item.end.slice(0, 10)));
    return { item, startDay: s, endDay: e, startMin: 0, endMin: 1440, bar: true };
  }
  const startMs = Date.parse(item.start);
  const endMs = Math.max(startMs, Date.parse(item.end));
  const a = zoned(startMs, tz);
  const b = zoned(endMs, tz);
  let endDay = dayNum(b.ymd);
  let endMin = b.minutes;
  // An event ending at midnight ends on the day before.
  if (endMin === 0 && endMs > startMs) {
    endDay -= 1;
    endMin = 1440;
  }
  const startDay = dayNum(a.ymd);
  if (endDay < startDay) endDay = startDay;
  return { item, startDay, endDay, startMin: a.minutes, endMin, bar: endDay > startDay };
}

const placedKept = new WeakMap<EventItem, { tz: string; placed: Placed }>();

/**
 * place(), kept per item of a fetched month (its objects do not change): a move to the next month places the
 * one new month's items, not again the two months it shares with the last view.
 */
export function placeKept(item: EventItem, tz: string): Placed {
  const kept = placedKept.get(item);
  if (kept?.tz === tz) return kept.placed;
  const placed = place(item, tz);
  placedKept.set(item, { tz, placed });
  return placed;
}

const names = new Intl.Collator();

export function compareForLanes(a: Placed, b: Placed): number {
  return a.startDay - b.startDay || Number(b.bar) - Number(a.bar) || (b.endDay - b.startDay) - (a.endDay - a.startDay) ||
    Number(b.item.isAllDay) - Number(a.item.isAllDay) || a.startMin - b.startMin || names.compare(a.item.name, b.item.name);
}

export interface Laned extends Placed {
  lane: number;
  /** The part inside the range: first and last shown day (day numbers). */
  from: number;
  to: number;
}

/** Lanes for items in [first, last] (day numbers): each takes the lowest lane free on all its days. */
export function lanes(items: Placed[], first: number, last: number): Laned[] {
  const taken: number[][] = []; // per lane, the days used (as a flat list of [from, to] pairs)
  const out: Laned[] = [];
  // Only the items on these days are sorted (a month view holds three months of items, laned week by week).
  for (const p of items.filter((p) => p.startDay <= last && p.endDay >= first).sort(compareForLanes)) {
    const from = Math.max(p.startDay, first);
    const to = Math.min(p.endDay, last);
    let lane = 0;
    for (;; lane++) {
      const used = taken[lane] ?? (taken[lane] = []);
      let free = true;
      for (let i = 0; i < used.length; i += 2) if (used[i] <= to && from <= used[i + 1]) free = false;
      if (free) {
        used.push(from, to);
        break;
      }
    }
    out.push({ ...p, lane, from, to });
  }
  return out;
}

/**
 * Which laned items fit when a day shows at most `max` lanes: on a day with more items than that, the last
 * lane gives way to "+N more". Answers the shown items and, per day, how many are hidden.
 */
export function fitLanes(items: Laned[], first: number, last: number, max: number): { shown: Laned[]; hidden: Map<number, number> } {
  const count = new Map<number, number>();
  for (const p of items) for (let d = p.from; d <= p.to; d++) count.set(d, (count.get(d) ?? 0) + 1);
  const limit = (d: number) => ((count.get(d) ?? 0) > max ? max - 1 : max);
  const shown = items.filter((p) => {
    for (let d = p.from; d <= p.to; d++) if (p.lane >= limit(d)) return false;
    return true;
  });
  const hidden = new Map<number, number>();
  for (let d = first; d <= last; d++) {
    const visible = shown.filter((p) => p.from <= d && d <= p.to).length;
    const n = (count.get(d) ?? 0) - visible;
    if (n > 0) hidden.set(d, n);
  }
  return { shown, hidden };
}

export interface Column extends Placed {
  /** Minutes of this day shown: [top, bottom). */
  top: number;
  bottom: number;
  col: number;
  cols: number;
}

/** Timed items of one day side by side: overlapping ones share the width in columns. */
export function dayColumns(items: Placed[], day: number): Column[] {
  const parts = items
    .filter((p) => !p.bar && p.startDay <= day && day <= p.endDay)
    .map((p) => ({ ...p, top: p.startDay === day ? p.startMin : 0, bottom: p.endDay === day ? Math.max(p.endMin, p.startMin + 15) : 1440 }))
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom);
  const out: Column[] = [];
  let cluster: Column[] = [];
  let clusterEnd = -1;
  const flush = () => {
    const cols = Math.max(1, ...cluster.map((c) => c.col + 1));
    for (const c of cluster) c.cols = cols;
    cluster = [];
  };
  for (const p of parts) {
    if (p.top >= clusterEnd) flush();
    const usedCols = new Set(cluster.filter((c) => c.bottom > p.top).map((c) => c.col));
    let col = 0;
    while (usedCols.has(col)) col++;
    const c: Column = { ...p, col, cols: 1 };
    cluster.push(c);
    out.push(c);
    clusterEnd = Math.max(clusterEnd, p.bottom);
  }
  flush();
  return out;
}
