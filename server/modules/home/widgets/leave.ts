// etc-3: the caller's annual leave today (the ledger's balance: approved allocations valid today, days used by
// approved usages that started) and their next leave (approved or waiting) with its type's name.
import { sql } from "drizzle-orm";
import type { LeaveWidgetData } from "../../../../shared/home/widgets.ts";
import type { Caller } from "../../../lib/context.ts";
import { balanceOf } from "../../leave/ledger/balance.ts";
import { localDate } from "../../leave/ledger/dates.ts";

export async function leaveWidget(caller: Caller): Promise<LeaveWidgetData> {
  const { db, clock } = caller.deps;
  const { companyId, userId } = caller.auth;
  const now = clock.now();
  const today = localDate(now.getTime());
  const [b, next] = await Promise.all([
    balanceOf(db, companyId, userId, "ANNUAL", today, { now }),
    db.execute<{ start_at: string; end_at: string; name: string }>(sql`
      select u.start_at, u.end_at, t.name from leave_usages u join leave_templates t on t.id = u.template_id
      where u.company_id = ${companyId} and u.user_id = ${userId} and u.status in ('APPROVED', 'PENDING')
        and u.start_at > ${now.toISOString()}::timestamptz
      order by u.start_at, u.id limit 1`),
  ]);
  const granted = Math.round((b.granted + b.carriedOver) * 1000) / 1000;
  return {
    year: Number(today.slice(0, 4)),
    granted,
    used: b.used,
    remaining: b.remaining,
    next: next[0] ? { start: new Date(next[0].start_at).toISOString(), end: new Date(next[0].end_at).toISOString(), type: next[0].name } : null,
  };
}
