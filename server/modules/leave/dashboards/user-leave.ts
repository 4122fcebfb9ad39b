// GET api/leaves/users/{id}?date: one member's dashboard (UserLeave): their HR data, the annual and each custom
// type's balance at the date (balances.ts, the ledger's rule), the allocations granted and the usages starting
// in the allocation period containing the date (the annual allocations' span valid on it; without one, the
// policy's period: the service year by hire date or the fiscal year, period.ts), the activity of the last
// ACTIVITY_LOG_DAYS, and what the caller may do. The member themself, their deciders and HR read it; another member of the
// company 403 leave.not_allowed; a missing or foreign id 404 leave.user_not_found.
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { leaveAllocations, leaveUsages } from "../../../../db/schema/index.ts";
import { ACTIVITY_LOG_DAYS } from "../../../../shared/leave/constants.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { UserLeave } from "../../../../shared/leave/leave.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { presentAllocations, presentUsages } from "../ledger/present.ts";
import { ensureLeaveDefaults } from "../settings/defaults.ts";
import { isHr } from "../settings/roles.ts";
import { accessTo } from "./access.ts";
import { balancesOf, emptyBalance } from "./balances.ts";
import { endOfDay, localDate, startOfDay } from "./period.ts";
import { HR_USER_COLUMNS, HR_USER_JOINS, hrUserOf, logOf, templateOf } from "./present.ts";
import { annualPeriodsOf, toBeGrantedOf } from "./to-be-granted.ts";

const DAY_MS = 86_400_000;
/** The activity log shows at most this many entries (the newest) of its year. */
const LOGS_MAX = 500;

export async function userLeave(caller: Caller, userId: number, date?: string): Promise<UserLeave> {
  const { db, clock } = caller.deps;
  const { companyId } = caller.auth;
  const [row] = await db.execute<Record<string, unknown>>(sql`
    select ${HR_USER_COLUMNS} from users u ${HR_USER_JOINS}
    where u.id = ${userId} and u.company_id = ${companyId} and u.status <> 'DELETED'`);
  if (!row) throw new AppError(404, LEAVE_ERRORS.userNotFound);
  const access = await accessTo(caller, userId);
  if (!access.canRead) throw new AppError(403, LEAVE_ERRORS.notAllowed);

  const user = hrUserOf(row);
  const policy = await ensureLeaveDefaults(db, companyId);
  const now = clock.now();
  const today = localDate(now.getTime());
  const at = date ?? today;
  const asOf = new Date(at === today ? now.getTime() : endOfDay(at));
  const logsFrom = new Date(now.getTime() - ACTIVITY_LOG_DAYS * DAY_MS);
  const b = (await balancesOf(db, companyId, [userId], at, asOf, toBeGrantedOf(policy, [user], at), annualPeriodsOf(policy, [user], at))).get(userId)!;
  const period = { start: b.annual.calcStart, end: b.annual.calcEnd };

  const [templates, allocations, usages, logs] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      select * from leave_templates where company_id = ${companyId} and deleted_at is null and type <> 'ANNUAL'
      order by sort_order, id`),
    db.select().from(leaveAllocations).where(and(
      eq(leaveAllocations.companyId, companyId), eq(leaveAllocations.userId, userId),
      gte(leaveAllocations.validFrom, period.start), lte(leaveAllocations.validFrom, period.end),
    )).orderBy(asc(leaveAllocations.validFrom), asc(leaveAllocations.id)),
    db.select().from(leaveUsages).where(and(
      eq(leaveUsages.companyId, companyId), eq(leaveUsages.userId, userId),
      gte(leaveUsages.startAt, new Date(startOfDay(period.start))), lte(leaveUsages.startAt, new Date(endOfDay(period.end))),
    )).orderBy(asc(leaveUsages.startAt), asc(leaveUsages.id)),
    db.execute<Record<string, unknown>>(sql`
      select l.*, ac.account_name as actor_name from leave_logs l left join users ac on ac.id = l.actor_id
      where l.company_id = ${companyId} and l.user_id = ${userId} and l.at >= ${logsFrom.toISOString()}::timestamptz
      order by l.at desc, l.id desc limit ${LOGS_MAX}`),
  ]);
  return {
    user,
    annual: b.annual,
    custom: templates.map((t) => ({ template: templateOf(t), balance: b.custom.get(Number(t.id)) ?? emptyBalance(at) })),
    // The ledger's presenters; an allocation's "used" counts usages started by the dashboard's instant.
    allocations: await presentAllocations(db, companyId, allocations, asOf),
    usages: await presentUsages(db, companyId, usages, now),
    logs: logs.map(logOf),
    canApply: caller.auth.userId === userId || isHr(caller),
    canManage: access.canManage,
  };
}
