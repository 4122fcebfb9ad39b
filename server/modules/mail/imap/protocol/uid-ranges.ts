// UID sets as sorted, merged ranges, for QRESYNC (RFC 7162 §3.2): a client's known-uids or a UID FETCH set
// with "*" bounded, what of it is missing from a mailbox, and VANISHED lines. Ranges, not UID lists, so a
// mailbox with 100,000 messages or a "1:*" costs little.
import type { SequenceSet } from "./args.ts";

/** Inclusive [low, high] ranges, ascending and disjoint. */
export type Ranges = [number, number][];

/** Ranges per VANISHED line, so lines stay of a reasonable length. */
const RANGES_PER_LINE = 500;

/** A sequence set of UIDs as ranges, "*" (and anything above) bounded by `max`. */
export function rangesOf(set: SequenceSet, max: number): Ranges {
  const raw = set.map(([a, b]) => [Math.min(a, b), Math.min(Math.max(a, b), max)] as [number, number])
    .filter(([lo, hi]) => lo <= hi)
    .sort((x, y) => x[0] - y[0]);
  const out: Ranges = [];
  for (const [lo, hi] of raw) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** Both sets of ranges together. */
export function union(a: Ranges, b: Ranges): Ranges {
  return rangesOf([...a, ...b], Infinity);
}

/** The part of the ranges from `lo` to `hi`. */
export function clip(ranges: Ranges, lo: number, hi: number): Ranges {
  return ranges.map(([a, b]) => [Math.max(a, lo), Math.min(b, hi)] as [number, number]).filter(([a, b]) => a <= b);
}

/** The ranges of ascending UIDs (runs of consecutive ones). */
export function rangesOfUids(uids: number[]): Ranges {
  const out: Ranges = [];
  for (const u of uids) {
    const last = out[out.length - 1];
    if (last && u === last[1] + 1) last[1] = u;
    else out.push([u, u]);
  }
  return out;
}

/** The UIDs (ascending) that lie within the ranges. */
export function within(uids: number[], ranges: Ranges): number[] {
  const out: number[] = [];
  let r = 0;
  for (const u of uids) {
    while (r < ranges.length && ranges[r][1] < u) r++;
    if (r === ranges.length) break;
    if (u >= ranges[r][0]) out.push(u);
  }
  return out;
}

/** The parts of the ranges that hold none of the `present` UIDs (ascending). */
export function missing(ranges: Ranges, present: number[]): Ranges {
  const out: Ranges = [];
  let p = 0;
  for (const [lo, hi] of ranges) {
    let from = lo;
    while (p < present.length && present[p] < lo) p++;
    while (p < present.length && present[p] <= hi) {
      if (present[p] > from) out.push([from, present[p] - 1]);
      from = present[p] + 1;
      p++;
    }
    if (from <= hi) out.push([from, hi]);
  }
  return out;
}

/** The ranges as set text ("1:3,7"). */
export function rangesText(ranges: Ranges): string {
  return ranges.map(([lo, hi]) => lo === hi ? String(lo) : `${lo}:${hi}`).join(",");
}

/** VANISHED [(EARLIER)] lines for ascending UIDs or ranges; none when empty. */
export function vanishedLines(uids: number[] | Ranges, earlier: boolean): string[] {
  const ranges: Ranges = typeof uids[0] === "number" ? rangesOfUids(uids as number[]) : uids as Ranges;
  const out: string[] = [];
  for (let i = 0; i < ranges.length; i += RANGES_PER_LINE) {
    out.push(`VANISHED ${earlier ? "(EARLIER) " : ""}${rangesText(ranges.slice(i, i + RANGES_PER_LINE))}`);
  }
  return out;
}
