// GET api/leaves/list?date&organId&includeChildren&page&size: the members dashboard (002 §9: 15 per page,
// 1-based). HR sees any organisation of the company (no organId: every member); a manager the organisations
// they manage (no organId: all of them; an organisation outside them 403 leave.not_allowed); anyone else 403.
// A page costs a fixed number of statements whatever its size: the count, the page of members with their
// pending counts, and their balances (balances.ts) — never one per member.
import { type SQL, sql } from "drizzle-orm";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { MemberRow, MembersPage } from "../../../../shared/leave/leave.ts";
import type { membersQuery } from "../../../../shared/leave/leave.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { ensureLeaveDefaults } from "../settings/defaults.ts";
import { isHr, managedUserIds } from "../settings/roles.ts";
import { organTree } from "./access.ts";
import { organOrderCte } from "./organ-order.ts";
import { balancesOf } from "./balances.ts";
import { endOfDay, localDate } from "./period.ts";
import { HR_USER_COLUMNS, HR_USER_JOINS, hrUserOf } from "./present.ts";
import { annualPeriodsOf, toBeGrantedOf } from "./to-be-granted.ts";

export type MembersQuery = z.infer<typeof membersQuery>;

/** Which members the caller lists: a filter over users u (HR: any; a manager: those whose leave they decide). */
async function membersFilter(caller: Caller, q: MembersQuery): Promise<SQL> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const managed = isHr(caller) ? null : await managedUserIds(db, companyId, userId);
  if (managed !== null && !managed.length) throw new AppError(403, LEAVE_ERRORS.notAllowed);
  const mine = managed === null ? sql`true` : sql`u.id = any(${bigintArray(managed)})`;
  if (q.organId === undefined) return mine;
  const tree = await organTree(db, companyId, q.organId, q.includeChildren);
  if (!tree.length) throw notFound();
  const inTree = sql`u.id in (select m.user_id from organization_members m
    where m.company_id = ${companyId} and m.organ_id = any(${bigintArray(tree)}))`;
  if (managed !== null) {
    // A manager asks for an organisation none of whose members they decide: not theirs to see.
    const [row] = await db.execute<{ ok: boolean }>(sql`select exists (select 1 from users u where ${inTree} and ${mine}) as ok`);
    if (!row?.ok) throw new AppError(403, LEAVE_ERRORS.notAllowed);
  }
  return sql`${inTree} and ${mine}`;
}

export async function membersPage(caller: Caller, q: MembersQuery): Promise<MembersPage> {
  const { db, clock } = caller.deps;
  const { companyId } = caller.auth;
  const now = clock.now();
  const today = localDate(now.getTime());
  const date = q.date ?? today;
  const [filter, policy] = await Promise.all([membersFilter(caller, q), ensureLeaveDefaults(db, companyId)]);
  const where = sql`u.company_id = ${companyId} and u.status <> 'DELETED' and ${filter}`;
  const [[count], rows] = await Promise.all([
    db.execute<{ n: string }>(sql`select count(*) as n from users u where ${where}`),
    db.execute<Record<string, unknown>>(sql`
      ${organOrderCte(companyId)}
      select ${HR_USER_COLUMNS},
        (select count(*) from leave_allocations pa where pa.user_id = u.id and pa.company_id = ${companyId} and pa.status = 'PENDING')
        + (select count(*) from leave_usages pu where pu.user_id = u.id and pu.company_id = ${companyId} and pu.status = 'PENDING')
          as pending_count
      from users u ${HR_USER_JOINS} left join organ_order on organ_order.id = u.organ_id
      where ${where}
      order by organ_order.key nulls last, u.account_name, u.id
      limit ${q.size} offset ${(q.page - 1) * q.size}`),
  ]);
  const users = rows.map(hrUserOf);
  const asOf = new Date(date === today ? now.getTime() : endOfDay(date));
  const balances = await balancesOf(db, companyId, users.map((u) => u.id), date, asOf, toBeGrantedOf(policy, users, date), annualPeriodsOf(policy, users, date));
  const content: MemberRow[] = users.map((user, i) => {
    const b = balances.get(user.id)!;
    let customRemaining = 0;
    for (const c of b.custom.values()) customRemaining += c.remaining;
    return { user, annual: b.annual, customRemaining: Math.round(customRemaining * 1000) / 1000, pendingCount: Number(rows[i].pending_count) };
  });
  const totalElements = Number(count?.n ?? 0);
  return { content, totalElements, totalPages: Math.ceil(totalElements / q.size), page: q.page, pageSize: q.size };
}
