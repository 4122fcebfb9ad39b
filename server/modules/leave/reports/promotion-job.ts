// The §61 사용촉진 job: in every company with leave on and policy.promotionEnabled, each APPROVED annual
// allocation of an active employee whose notice round is due today (promotion-windows.ts) and that still has
// unused days gets that round's notice, exactly once: a leave_promotions row per allocation and round (unique),
// inserted before the mail, so of several instances or ticks only the one whose insert lands mails it. One mail
// per employee, round and expiry date lists the days of all their allocations due together (the first year's monthly days
// arrive as several allocations), each recorded and logged (leave_logs ALLOCATION / PROMOTION_NOTICE).
// Unused days: granted + carried over, less the days of approved usages drawn from it (planned ones
// included: their dates are already set, which is what the notice asks for).
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../../lib/context.ts";
import type { Job } from "../../../jobs/runner.ts";
import { addDays, addMonths, localDate } from "../dashboards/period.ts";
import { days } from "../dashboards/present.ts";
import { promotionMail } from "./promotion-mail.ts";
import { roundDue } from "./promotion-windows.ts";
import { PROMOTION_FIRST_MONTHS, PROMOTION_WINDOW_DAYS } from "../../../../shared/leave/constants.ts";

export const PROMOTION_LOG_ACTION = "PROMOTION_NOTICE";

interface Due {
  companyId: number;
  userId: number;
  username: string;
  name: string;
  language: string;
  allocationId: number;
  validTo: string;
  round: 1 | 2;
  unused: number;
}

/** Allocations with a round due today and days unused (one statement for every company). */
async function dueToday(deps: AppDeps, today: string): Promise<Due[]> {
  // No window opens earlier than PROMOTION_FIRST_MONTHS before the end (plus its days).
  const horizon = addMonths(addDays(today, PROMOTION_WINDOW_DAYS), PROMOTION_FIRST_MONTHS);
  const rows = await deps.db.execute<Record<string, unknown>>(sql`
    select a.id, a.company_id, a.user_id, a.valid_from::text as valid_from, a.valid_to::text as valid_to,
      h.hire_date::text as hire_date, u.username, u.account_name, u.language_type,
      a.granted + a.carried_over - coalesce((select sum(ua.days) from leave_usage_allocations ua
        join leave_usages us on us.id = ua.usage_id where ua.allocation_id = a.id and us.status = 'APPROVED'), 0) as unused,
      array(select p.round from leave_promotions p where p.allocation_id = a.id) as sent
    from leave_allocations a
      join leave_templates t on t.id = a.template_id and t.type = 'ANNUAL'
      join leave_policies pol on pol.company_id = a.company_id and pol.promotion_enabled
      join companies c on c.id = a.company_id and c.use_leave
      join users u on u.id = a.user_id and u.company_id = a.company_id and u.status = 'ACTIVE'
      left join leave_hr_users h on h.user_id = a.user_id
    where a.status = 'APPROVED' and a.valid_from <= ${today}::date and a.valid_to >= ${today}::date and a.valid_to <= ${horizon}::date
      and (h.leave_date is null or h.leave_date > ${today}::date)
    order by a.company_id, a.user_id, a.id`);
  const out: Due[] = [];
  for (const r of rows) {
    const unused = days(r.unused);
    if (unused <= 0) continue;
    const hireDate = r.hire_date === null ? null : String(r.hire_date);
    const w = roundDue({ validFrom: String(r.valid_from), validTo: String(r.valid_to), hireDate }, today);
    if (!w || (r.sent as number[]).map(Number).includes(w.round)) continue;
    out.push({
      companyId: Number(r.company_id),
      userId: Number(r.user_id),
      username: String(r.username),
      name: String(r.account_name),
      language: String(r.language_type),
      allocationId: Number(r.id),
      validTo: String(r.valid_to),
      round: w.round,
      unused,
    });
  }
  return out;
}

/** One pass: records and mails the notices due today; returns how many mails went out. */
export async function sendPromotions(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const today = localDate(now.getTime());
  const due = await dueToday(deps, today);
  const groups = new Map<string, Due[]>();
  for (const d of due) {
    const key = `${d.userId}:${d.round}:${d.validTo}`;
    groups.set(key, [...groups.get(key) ?? [], d]);
  }
  let sent = 0;
  for (const group of groups.values()) {
    const first = group[0];
    // Recorded first (exactly once); only what this pass recorded is mailed.
    const recorded = await deps.db.transaction(async (tx) => {
      const mine: Due[] = [];
      for (const d of group) {
        const [row] = await tx.execute<{ id: string }>(sql`
          insert into leave_promotions (company_id, user_id, allocation_id, round, unused_days, sent_at)
          values (${d.companyId}, ${d.userId}, ${d.allocationId}, ${d.round}, ${d.unused}, ${now.toISOString()}::timestamptz)
          on conflict (allocation_id, round) do nothing returning id`);
        if (!row) continue;
        mine.push(d);
        await tx.execute(sql`
          insert into leave_logs (company_id, user_id, kind, ref_id, action, summary, days, detail, at)
          values (${d.companyId}, ${d.userId}, 'ALLOCATION', ${d.allocationId}, ${PROMOTION_LOG_ACTION},
            ${`근로기준법 §61 사용촉진 ${d.round}차 통지 (${d.validTo}까지)`}, ${d.unused},
            ${JSON.stringify({ round: d.round, validTo: d.validTo })}::jsonb, ${now.toISOString()}::timestamptz)`);
      }
      return mine;
    });
    if (!recorded.length) continue;
    const unusedDays = days(recorded.reduce((n, d) => n + d.unused, 0));
    const mail = promotionMail(deps, {
      to: first.username, language: first.language, name: first.name, userId: first.userId, round: first.round, unusedDays, expiry: first.validTo,
    });
    try {
      await deps.mailer.send(mail);
      sent++;
    } catch (e) {
      deps.log.error(`leave: the §61 notice mail to ${first.username} failed`, e);
    }
  }
  return sent;
}

/** Hourly: a notice goes out on the first tick of its window's first day (any instance). */
export function promotionJob(deps: AppDeps): Job {
  return { name: "leave-promotions", intervalMs: 60 * 60_000, tick: () => sendPromotions(deps) };
}
