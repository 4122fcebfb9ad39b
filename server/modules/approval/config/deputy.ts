// 대결 (deputy approval): an approver names one deputy (config/deputy: one approval_deputies row, with a period
// [from, to) and a reason). The deputy may act on the approver's APPROVAL/HELP lines (PROXY_APPROVED; the
// approver post-views them afterwards, 후열) while the approver is absent, which is either
//   - now is in the row's own period: from_at <= now < to_at (an absence not recorded as leave: a trip, ...), or
//   - the approver is on leave now: a leave_usages row of theirs in the company with status APPROVED and
//     start_at <= now < end_at, while the company uses leave (companies.use_leave). PENDING, rejected, cancelled
//     or future leave does not count. The row still says who the deputy is: without a deputy row, leave names
//     nobody.
// That rule is written once, as SQL (deputyActsAt); activeDeputyOf (the line actions, B) and absentApproversFor
// (the boxes' scope and hence box ab and the dashboard counts, C) both use it, and so must any other query that
// asks whether a deputy acts (documents/access.ts, documents/notify.ts, lines/actor.ts).
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { approvalDeputies, users } from "../../../../db/schema/index.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { Deputy } from "../../../../shared/approval/config.ts";
import type { deputyBody } from "../../../../shared/approval/config.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The row `dp`'s own period holds `now`: from_at <= now < to_at. */
function inPeriodAt(now: Date, dp: SQL): SQL {
  return sql`(${dp}.from_at <= ${at(now)} and ${dp}.to_at > ${at(now)})`;
}

/** The row's approver (dp.user_id) is on APPROVED leave at `now` in a company that uses leave
 * (leave_usages_user_idx (company_id, user_id, start_at) answers it). */
function onLeaveAt(now: Date, dp: SQL): SQL {
  return sql`exists (select 1 from leave_usages lu join companies co on co.id = lu.company_id and co.use_leave
    where lu.company_id = ${dp}.company_id and lu.user_id = ${dp}.user_id and lu.status = 'APPROVED'
      and lu.start_at <= ${at(now)} and lu.end_at > ${at(now)})`;
}

/**
 * Whether the approval_deputies row `dp` (an alias in the caller's query) acts at `now`: its period holds now,
 * or its approver is on approved leave now. The one place of the rule (see the header).
 */
export function deputyActsAt(now: Date, dp: SQL = sql.raw("dp")): SQL {
  return sql`(${inPeriodAt(now, dp)} or ${onLeaveAt(now, dp)})`;
}

/**
 * The approver's deputy acting now, if any (an active user of the company); `byLeave`: they act only because
 * the approver is on approved leave (now is outside the row's period).
 */
export async function activeDeputyOf(
  db: DbOrTx,
  companyId: number,
  approverId: number,
  now: Date,
): Promise<{ deputyId: number; from: Date; to: Date; byLeave: boolean } | null> {
  const dp = sql.raw("dp");
  const rows = await db.execute<{ deputy_id: string | number; from_at: string | Date; to_at: string | Date; in_period: boolean }>(sql`
    select dp.deputy_id, dp.from_at, dp.to_at, ${inPeriodAt(now, dp)} as in_period
    from approval_deputies dp join users u on u.id = dp.deputy_id and u.company_id = dp.company_id and u.status = 'ACTIVE'
    where dp.company_id = ${companyId} and dp.user_id = ${approverId} and ${deputyActsAt(now, dp)}`);
  const row = rows[0];
  if (!row) return null;
  return { deputyId: Number(row.deputy_id), from: new Date(row.from_at), to: new Date(row.to_at), byLeave: !row.in_period };
}

/** The approvers for whom the user is the deputy now (the same rule as activeDeputyOf). */
export async function absentApproversFor(db: DbOrTx, companyId: number, deputyId: number, now: Date): Promise<number[]> {
  const rows = await db.execute<{ user_id: string | number }>(sql`
    select dp.user_id from approval_deputies dp
    where dp.company_id = ${companyId} and dp.deputy_id = ${deputyId} and ${deputyActsAt(now)}
    order by dp.user_id`);
  return rows.map((r) => Number(r.user_id));
}

export async function getDeputy(caller: Caller): Promise<Deputy | null> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const [row] = await db.select({
    deputyId: approvalDeputies.deputyId,
    name: users.displayName,
    email: users.username,
    from: approvalDeputies.fromAt,
    to: approvalDeputies.toAt,
    reason: approvalDeputies.reason,
  }).from(approvalDeputies).innerJoin(users, eq(users.id, approvalDeputies.deputyId))
    .where(and(eq(approvalDeputies.companyId, companyId), eq(approvalDeputies.userId, userId)));
  if (!row) return null;
  return {
    deputy: { id: row.deputyId, name: row.name, email: row.email },
    fromMillis: row.from.getTime(),
    toMillis: row.to.getTime(),
    reason: row.reason,
  };
}

/** Names the caller's deputy: another active user of the company, for a period that ends after it starts. */
export async function setDeputy(caller: Caller, input: z.infer<typeof deputyBody>): Promise<Deputy> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  if (input.deputyId === userId || input.toMillis <= input.fromMillis) throw new AppError(400, E.deputyInvalid);
  const [deputy] = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, input.deputyId), eq(users.status, "ACTIVE")));
  if (!deputy) throw new AppError(400, E.deputyInvalid);
  const values = { fromAt: new Date(input.fromMillis), toAt: new Date(input.toMillis), deputyId: input.deputyId, reason: input.reason };
  await db.insert(approvalDeputies).values({ userId, companyId, ...values })
    .onConflictDoUpdate({ target: approvalDeputies.userId, set: values });
  return (await getDeputy(caller))!;
}

export async function removeDeputy(caller: Caller): Promise<void> {
  await caller.deps.db.delete(approvalDeputies)
    .where(and(eq(approvalDeputies.companyId, caller.auth.companyId), eq(approvalDeputies.userId, caller.auth.userId)));
}
