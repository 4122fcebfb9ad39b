// Balances (002 §3): only APPROVED allocations count. An allocation's days are granted + carriedOver; usages
// draw from allocations (leave_usage_allocations), the one expiring first first. A new application may take what
// the approved allocations valid over its dates have left after every APPROVED and PENDING usage's draws
// (available); the summary of a date counts the allocations valid on it, with "used" the days of approved usages
// that started (002 §3: a usage counts as used once its start is past and it is approved). Callers that draw hold
// the user's hr row lock (repo.lockHrUser), so two applications cannot both take the last day.
import { and, asc, eq, gte, lt, lte } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { leaveAllocations, leaveTemplates, leaveUsageAllocations } from "../../../../db/schema/index.ts";
import type { BalanceSummary } from "../../../../shared/leave/leave.ts";
import { addDays, roundDays } from "./dates.ts";
import { type AllocationRow, drawnFrom } from "./repo.ts";

export interface Draw {
  allocationId: number;
  days: number;
}

export interface DrawPlan {
  draws: Draw[];
  /** Days the allocations could not cover. */
  shortfall: number;
  /** What the valid allocations have left (before this draw). */
  available: number;
  /** Approved allocations of the type valid over the dates (0: none, e.g. an expired special leave). */
  validAllocations: number;
}

/** The user's approved allocations of a type valid over [startDate, endDate], the earliest expiry first. */
export async function validAllocations(db: DbOrTx, companyId: number, userId: number, templateId: number, startDate: string, endDate: string): Promise<AllocationRow[]> {
  return await db.select().from(leaveAllocations).where(and(
    eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.userId, userId), eq(leaveAllocations.templateId, templateId),
    eq(leaveAllocations.status, "APPROVED"), lte(leaveAllocations.validFrom, startDate), gte(leaveAllocations.validTo, endDate),
  )).orderBy(asc(leaveAllocations.validTo), asc(leaveAllocations.id));
}

/** How `need` days would be drawn for a usage over the dates (the caller holds the user's lock). */
export async function planDraw(
  db: DbOrTx, companyId: number, userId: number, templateId: number, startDate: string, endDate: string, need: number, now: Date,
): Promise<DrawPlan> {
  const allocations = await validAllocations(db, companyId, userId, templateId, startDate, endDate);
  const drawn = await drawnFrom(db, allocations.map((a) => a.id), now);
  const draws: Draw[] = [];
  let left = need;
  let available = 0;
  for (const a of allocations) {
    const free = roundDays(a.granted + a.carriedOver - (drawn.get(a.id)?.held ?? 0));
    if (free <= 0) continue;
    available = roundDays(available + free);
    if (left <= 0) continue;
    const take = Math.min(free, left);
    draws.push({ allocationId: a.id, days: roundDays(take) });
    left = roundDays(left - take);
  }
  return { draws, shortfall: Math.max(0, left), available, validAllocations: allocations.length };
}

/** Days a new application of the type over the dates may take. */
export async function available(db: DbOrTx, companyId: number, userId: number, templateId: number, startDate: string, endDate: string, now: Date): Promise<number> {
  return (await planDraw(db, companyId, userId, templateId, startDate, endDate, 0, now)).available;
}

export async function writeDraws(db: DbOrTx, usageId: number, draws: Draw[]) {
  if (draws.length) await db.insert(leaveUsageAllocations).values(draws.map((d) => ({ usageId, ...d })));
}

export interface BalanceOptions {
  /** Days the accrual will still grant in the period (accrual's toBeGranted); 0 when not given. */
  toBeGranted?: number;
  /** The instant "used" is counted at (usages started by then); the clock's now by default. */
  now?: Date;
}

/**
 * The balance of a user's leave of one type (its id) or of the ANNUAL type on a date: granted and carriedOver
 * of the approved allocations valid on it, used by approved started usages, remaining = granted - used +
 * carriedOver; expired: what approved allocations that ended within the period shown (calcStart up to the date)
 * left unused, expiredBefore: what those that ended before it, in the year before the date, left unused.
 */
export async function balanceOf(
  db: DbOrTx, companyId: number, userId: number, template: number | "ANNUAL", date: string, opts: BalanceOptions = {},
): Promise<BalanceSummary> {
  const now = opts.now ?? new Date();
  const templateId = template === "ANNUAL"
    ? (await db.select({ id: leaveTemplates.id }).from(leaveTemplates)
      .where(and(eq(leaveTemplates.companyId, companyId), eq(leaveTemplates.type, "ANNUAL"))))[0]?.id ?? 0
    : template;
  const base = and(
    eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.userId, userId), eq(leaveAllocations.templateId, templateId),
    eq(leaveAllocations.status, "APPROVED"),
  );
  const valid = await db.select().from(leaveAllocations).where(and(base, lte(leaveAllocations.validFrom, date), gte(leaveAllocations.validTo, date)));
  const ended = await db.select().from(leaveAllocations).where(and(base, lt(leaveAllocations.validTo, date), gte(leaveAllocations.validTo, addDays(date, -365))));
  const drawn = await drawnFrom(db, [...valid, ...ended].map((a) => a.id), now);
  const sum = (rows: AllocationRow[], f: (a: AllocationRow) => number) => roundDays(rows.reduce((s, a) => s + f(a), 0));
  const granted = sum(valid, (a) => a.granted);
  const carriedOver = sum(valid, (a) => a.carriedOver);
  const used = sum(valid, (a) => drawn.get(a.id)?.used ?? 0);
  const calcStart = valid.length ? valid.map((a) => a.validFrom).sort()[0] : date;
  const unused = (a: AllocationRow) => Math.max(0, a.granted + a.carriedOver - (drawn.get(a.id)?.used ?? 0));
  const expired = sum(ended.filter((a) => a.validTo >= calcStart), unused);
  const expiredBefore = sum(ended.filter((a) => a.validTo < calcStart), unused);
  const toBeGranted = opts.toBeGranted ?? 0;
  return {
    totalGranted: roundDays(granted + toBeGranted), toBeGranted, granted, used, remaining: roundDays(granted - used + carriedOver),
    expired, expiredBefore, carriedOver, calcStart,
    calcEnd: valid.length ? valid.map((a) => a.validTo).sort().at(-1)! : date,
  };
}
