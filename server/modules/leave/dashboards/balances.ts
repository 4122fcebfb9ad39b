// Balance summaries (002 §3) of many members at once, by the ledger's rule (ledger/balance.ts balanceOf, which
// answers for one member and type) in one statement for any number of members, so a page of the members
// dashboard costs the same for 15 members as for one. Per member and leave type, over APPROVED allocations:
//   granted, carriedOver  of the allocations valid on the date;
//   used         days of APPROVED usages drawn from those that started by `asOf` (002 §3: started and approved);
//   remaining    granted - used + carriedOver;
//   expired      what allocations that ended within the shown period (calcStart .. the day before the date)
//                left unused;
//   expiredBefore what allocations that ended in the 365 days before the date but before the period started
//                left unused (the previous period's lapse, shown apart);
//   toBeGranted  days the accrual will still grant (annual: the first year's months not yet arisen);
//   totalGranted granted + toBeGranted;
//   calcStart, calcEnd  the span of the allocations valid on the date (the allocation period containing it);
//                when none is: for annual leave the policy's period containing the date (the service year from
//                the hire date or the last anniversary, or the fiscal year; period.ts, given as annualPeriods),
//                for a custom type the date itself.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { BalanceSummary } from "../../../../shared/leave/leave.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { days } from "./present.ts";
import { addDays, type Period } from "./period.ts";

export interface MemberBalances {
  annual: BalanceSummary;
  /** Per custom template id. */
  custom: Map<number, BalanceSummary>;
}

export function emptyBalance(date: string): BalanceSummary {
  return {
    totalGranted: 0, toBeGranted: 0, granted: 0, used: 0, remaining: 0, expired: 0, expiredBefore: 0, carriedOver: 0, calcStart: date, calcEnd: date,
  };
}

/**
 * The balances of each member at `date`; `asOf` is the instant up to which usages count as used. `pending`
 * adds days the accrual will still grant (per user id) to the annual summary.
 */
export async function balancesOf(
  db: DbOrTx,
  companyId: number,
  userIds: number[],
  date: string,
  asOf: Date,
  pending: Map<number, number> = new Map(),
  annualPeriods: Map<number, Period> = new Map(),
): Promise<Map<number, MemberBalances>> {
  const out = new Map<number, MemberBalances>();
  for (const id of userIds) {
    const p = annualPeriods.get(id);
    out.set(id, { annual: { ...emptyBalance(date), ...(p ? { calcStart: p.start, calcEnd: p.end } : {}) }, custom: new Map() });
  }
  if (!userIds.length) return out;
  const yearBefore = addDays(date, -365);
  const rows = await db.execute<Record<string, unknown>>(sql`
    with a as (
      select a.id, a.user_id, a.template_id, t.type, a.granted, a.carried_over, a.valid_from, a.valid_to,
        a.valid_from <= ${date}::date and a.valid_to >= ${date}::date as valid
      from leave_allocations a join leave_templates t on t.id = a.template_id
      where a.company_id = ${companyId} and a.user_id = any(${bigintArray(userIds)}) and a.status = 'APPROVED'
        and a.valid_to >= ${yearBefore}::date and a.valid_from <= ${date}::date),
    d as (
      select ua.allocation_id, sum(ua.days) as used
      from leave_usage_allocations ua join leave_usages us on us.id = ua.usage_id
      where ua.allocation_id in (select id from a) and us.status = 'APPROVED' and us.start_at <= ${asOf.toISOString()}::timestamptz
      group by ua.allocation_id)
    select a.user_id, a.template_id, a.type,
      coalesce(sum(a.granted) filter (where a.valid), 0) as granted,
      coalesce(sum(a.carried_over) filter (where a.valid), 0) as carried_over,
      coalesce(sum(d.used) filter (where a.valid), 0) as used,
      coalesce(jsonb_agg(jsonb_build_array(a.valid_to::text, greatest(0, a.granted + a.carried_over - coalesce(d.used, 0))))
        filter (where not a.valid), '[]'::jsonb) as lapsed,
      min(a.valid_from) filter (where a.valid)::text as calc_start, max(a.valid_to) filter (where a.valid)::text as calc_end
    from a left join d on d.allocation_id = a.id
    group by a.user_id, a.template_id, a.type`);
  for (const r of rows) {
    const m = out.get(Number(r.user_id))!;
    const granted = days(r.granted), carriedOver = days(r.carried_over), used = days(r.used);
    const b: BalanceSummary = {
      totalGranted: granted, toBeGranted: 0, granted, used, remaining: days(granted - used + carriedOver), expired: 0, expiredBefore: 0,
      carriedOver, calcStart: r.calc_start === null ? date : String(r.calc_start), calcEnd: r.calc_end === null ? date : String(r.calc_end),
    };
    const p = r.type === "ANNUAL" ? annualPeriods.get(Number(r.user_id)) : undefined;
    if (r.calc_start === null && p) Object.assign(b, { calcStart: p.start, calcEnd: p.end });
    // what lapsed within the period shown, and apart what lapsed before it (the previous period's)
    let expired = 0, before = 0;
    for (const [validTo, unused] of r.lapsed as [string, number | string][]) {
      if (validTo >= b.calcStart) expired += Number(unused);
      else before += Number(unused);
    }
    b.expired = days(expired);
    b.expiredBefore = days(before);
    if (r.type === "ANNUAL") m.annual = b;
    else m.custom.set(Number(r.template_id), b);
  }
  for (const [userId, extra] of pending) {
    const m = out.get(userId);
    if (!m || !extra) continue;
    m.annual.toBeGranted = days(extra);
    m.annual.totalGranted = days(m.annual.granted + extra);
  }
  return out;
}
