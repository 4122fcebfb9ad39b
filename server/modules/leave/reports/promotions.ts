// GET api/hr/leaves/promotions?year: the §61 notices sent in a calendar year (in the company's zone; default
// this year), who was notified when, of which round and for how many unused days; newest first. HR only.
import { sql } from "drizzle-orm";
import type { Promotion } from "../../../../shared/leave/leave.ts";
import type { Caller } from "../../../lib/context.ts";
import { requireHr } from "../dashboards/access.ts";
import { localDate, startOfDay } from "../dashboards/period.ts";
import { days } from "../dashboards/present.ts";

export async function promotionsOf(caller: Caller, year?: number): Promise<Promotion[]> {
  requireHr(caller);
  const y = year ?? Number(localDate(caller.deps.clock.now().getTime()).slice(0, 4));
  const from = new Date(startOfDay(`${y}-01-01`)).toISOString(), to = new Date(startOfDay(`${y + 1}-01-01`)).toISOString();
  const rows = await caller.deps.db.execute<Record<string, unknown>>(sql`
    select p.user_id, u.account_name, p.allocation_id, p.round, p.unused_days, p.sent_at
    from leave_promotions p join users u on u.id = p.user_id
    where p.company_id = ${caller.auth.companyId} and p.sent_at >= ${from}::timestamptz and p.sent_at < ${to}::timestamptz
    order by p.sent_at desc, u.account_name, p.allocation_id, p.round`);
  return rows.map((r) => ({
    userId: Number(r.user_id),
    userName: String(r.account_name),
    allocationId: Number(r.allocation_id),
    round: Number(r.round) as 1 | 2,
    unusedDays: days(r.unused_days),
    sentAt: r.sent_at instanceof Date ? r.sent_at.getTime() : Date.parse(String(r.sent_at)),
  }));
}
