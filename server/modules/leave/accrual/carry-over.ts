// Carry-over of unused annual leave (policy carryOverMaxDays; 0: none). Pure. The law lets unused leave lapse
// (§60(7)) and pays it out (연차수당) unless §61 사용촉진 was done; a company may instead let some of it carry
// into the next year: at expiry, the unused days of the allocations that lapsed that day, up to the policy's
// maximum, become one CARRY_OVER allocation valid from the next day for a year (with the grant that starts then).
import { addDays, type IsoDate, periodEnd } from "./dates.ts";

export interface Lapsing {
  /** The last valid day of an accrued allocation. */
  validTo: IsoDate;
  /** Its days not used (granted + carried over − used). */
  unused: number;
}

export interface CarryOver {
  key: string;
  /** The day the lapsed allocations ended. */
  lapsedOn: IsoDate;
  validFrom: IsoDate;
  validTo: IsoDate;
  days: number;
  unused: number;
}

/** The carry-overs due by `asOf`: one per expiry day before it with unused days, none starting after leaving. */
export function carryOversDue(lapsing: Lapsing[], maxDays: number, asOf: IsoDate, leaveDate: IsoDate | null): CarryOver[] {
  if (maxDays <= 0) return [];
  const byDay = new Map<IsoDate, number>();
  for (const l of lapsing) {
    if (l.validTo >= asOf || l.unused <= 0) continue;
    byDay.set(l.validTo, (byDay.get(l.validTo) ?? 0) + l.unused);
  }
  const out: CarryOver[] = [];
  for (const [day, unused] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const from = addDays(day, 1);
    if (leaveDate !== null && from >= leaveDate) continue;
    const days = Math.min(maxDays, Math.round(unused * 1000) / 1000);
    out.push({ key: `carry:${from}`, lapsedOn: day, validFrom: from, validTo: periodEnd(from, 12), days, unused });
  }
  return out;
}
