// Advance use of next year's annual leave (policy.advanceNextAllocationAllowed): an application beyond the
// balance may borrow up to what the next grant will be. How it is recorded: an APPROVED allocation of source
// ADVANCE over the usage's dates (granted = the days borrowed, logged), which the usage draws from; the accrual
// deducts the ADVANCE days from the next grant. The next grant's size comes from the accrual engine through
// registerNextGrant (accrual/ registers it); without one there is nothing to borrow against.
import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { leaveAllocations } from "../../../../db/schema/index.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { ensureLeaveDefaults, type TemplateRow } from "../settings/defaults.ts";
import { roundDays } from "./dates.ts";
import type { UsageSpan } from "./days.ts";
import { writeLog } from "./logs.ts";

/** The days of the user's next annual grant after the date (0 when none is due). */
export type NextGrantDays = (db: DbOrTx, companyId: number, userId: number, date: string) => Promise<number>;

let nextGrant: NextGrantDays | null = null;

export function registerNextGrant(fn: NextGrantDays): () => void {
  nextGrant = fn;
  return () => {
    if (nextGrant === fn) nextGrant = null;
  };
}

/** Borrows `days` for the usage when the policy and the next grant allow; answers the ADVANCE allocation. */
export async function advanceFor(
  tx: DbOrTx, deps: AppDeps, companyId: number, userId: number, template: TemplateRow, span: UsageSpan, days: number,
): Promise<{ allocationId: number; days: number } | null> {
  const policy = await ensureLeaveDefaults(tx, companyId);
  if (!policy.advanceNextAllocationAllowed || !nextGrant) return null;
  const limit = await nextGrant(tx, companyId, userId, span.startDate);
  const [borrowed] = await tx.select({ n: sql<string>`coalesce(sum(${leaveAllocations.granted}), 0)` }).from(leaveAllocations).where(and(
    eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.userId, userId), eq(leaveAllocations.source, "ADVANCE"),
    eq(leaveAllocations.status, "APPROVED"), gte(leaveAllocations.validTo, span.startDate),
  ));
  if (roundDays(Number(borrowed.n) + days) > limit) return null;
  const now = deps.clock.now();
  const [row] = await tx.insert(leaveAllocations).values({
    companyId, userId, templateId: template.id, name: `${template.name} (advance)`, reason: "advance use of the next grant",
    status: "APPROVED", source: "ADVANCE", validFrom: span.startDate, validTo: span.endDate, granted: days,
    createdAt: now, updatedAt: now,
  }).returning();
  await writeLog(tx, { companyId, userId, kind: "ALLOCATION", refId: row.id, action: "ADVANCE", actorId: null, summary: row.name, days, at: now });
  return { allocationId: row.id, days };
}

/** A usage that no longer holds its days gives its ADVANCE allocations back (before its draws are cleared). */
export async function releaseAdvance(tx: DbOrTx, usageId: number) {
  await tx.execute(sql`
    delete from leave_allocations a using leave_usage_allocations ua
    where ua.usage_id = ${usageId} and ua.allocation_id = a.id and a.source = 'ADVANCE'`);
}
