// HR data of the company's users (api/hr/leaves/users): hire and leave dates and the job title live in
// leave_hr_users (a row made on first write), the rest comes from users and their organisations; attendance
// below 80% of a service year (근로기준법 §60(2)) in leave_attendance.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { leaveAttendance, leaveHrUsers, organizationMembers, organizations, users } from "../../../../db/schema/index.ts";
import { LEAVE_ERRORS } from "../../../../shared/leave/errors.ts";
import type { Attendance, attendanceBody, HrUser, hrUserBody, hrUsersQuery, MembersPage } from "../../../../shared/leave/leave.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { isDate } from "../ledger/dates.ts";
import { requireHr } from "./templates.ts";

export type HrUsersPage = Omit<MembersPage, "content"> & { content: HrUser[] };

/** The organisation and, with children, every organisation below it (of the company). */
export async function organSubtree(db: DbOrTx, companyId: number, organId: number, includeChildren: boolean): Promise<number[]> {
  const orgs = await db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations)
    .where(eq(organizations.companyId, companyId));
  if (!orgs.some((o) => o.id === organId)) throw new AppError(404, "common.404");
  const out = [organId];
  if (!includeChildren) return out;
  for (let i = 0; i < out.length; i++) for (const o of orgs) if (o.parentId === out[i] && !out.includes(o.id)) out.push(o.id);
  return out;
}

/** HR users of the given ids (of the company; missing ids are left out), in the order of the ids. */
export async function hrUsersOf(db: DbOrTx, companyId: number, ids: number[]): Promise<HrUser[]> {
  if (!ids.length) return [];
  const rows = await db.select({
    id: users.id, username: users.username, accountName: users.accountName, organId: users.organId, jobGrade: users.jobGrade,
    hireDate: leaveHrUsers.hireDate, leaveDate: leaveHrUsers.leaveDate, jobTitle: leaveHrUsers.jobTitle, organName: organizations.name,
    isManager: sql<boolean>`exists (select 1 from ${organizationMembers} m where m.user_id = ${users.id} and m.is_manager)`,
  }).from(users)
    .leftJoin(leaveHrUsers, eq(leaveHrUsers.userId, users.id))
    .leftJoin(organizations, and(eq(organizations.id, users.organId), eq(organizations.companyId, companyId)))
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined).map((r) => ({
    id: r.id, username: r.username, accountName: r.accountName, hireDate: r.hireDate ?? null, leaveDate: r.leaveDate ?? null,
    organId: r.organId ?? null, organName: r.organName ?? null, jobTitle: r.jobTitle ?? null, jobGrade: r.jobGrade ?? null,
    isManager: r.isManager,
  }));
}

/** One HR user of the company; 404 leave.user_not_found for a missing or foreign id. */
export async function hrUserOf(db: DbOrTx, companyId: number, id: number): Promise<HrUser> {
  const [u] = await hrUsersOf(db, companyId, [id]);
  if (!u) throw new AppError(404, LEAVE_ERRORS.userNotFound);
  return u;
}

/** The company's users (not deleted), of an organisation (and below) when asked, by name. */
export async function listHrUserIds(db: DbOrTx, companyId: number, organIds: number[] | null): Promise<number[]> {
  const rows = await db.selectDistinct({ id: users.id, name: users.accountName }).from(users)
    .where(and(
      eq(users.companyId, companyId), ne(users.status, "DELETED"),
      organIds ? sql`exists (select 1 from ${organizationMembers} m where m.user_id = ${users.id} and m.organ_id in ${organIds})` : undefined,
    ))
    .orderBy(asc(users.accountName), asc(users.id));
  return rows.map((r) => r.id);
}

export async function listHrUsers(caller: Caller, q: z.infer<typeof hrUsersQuery>): Promise<HrUsersPage> {
  requireHr(caller);
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const organIds = q.organId ? await organSubtree(db, companyId, q.organId, q.includeChildren) : null;
  const ids = await listHrUserIds(db, companyId, organIds);
  const content = await hrUsersOf(db, companyId, ids.slice((q.page - 1) * q.size, q.page * q.size));
  return { content, totalElements: ids.length, totalPages: Math.ceil(ids.length / q.size), page: q.page, pageSize: q.size };
}

export async function patchHrUser(caller: Caller, id: number, input: z.infer<typeof hrUserBody>): Promise<HrUser> {
  requireHr(caller);
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  return await db.transaction(async (tx) => {
    await hrUserOf(tx, companyId, id);
    await tx.insert(leaveHrUsers).values({ userId: id, companyId }).onConflictDoNothing();
    const [cur] = await tx.select().from(leaveHrUsers).where(eq(leaveHrUsers.userId, id)).for("update");
    const next = {
      hireDate: input.hireDate === undefined ? cur.hireDate : input.hireDate,
      leaveDate: input.leaveDate === undefined ? cur.leaveDate : input.leaveDate,
      jobTitle: input.jobTitle === undefined ? cur.jobTitle : input.jobTitle || null,
    };
    for (const d of [next.hireDate, next.leaveDate]) if (d && !isDate(d)) throw new AppError(400, "common.validation");
    if (next.hireDate && next.leaveDate && next.leaveDate < next.hireDate) {
      throw new AppError(400, "common.validation", undefined, [{ field: "leaveDate", code: "common.validation", message: "leaveDate before hireDate" }]);
    }
    await tx.update(leaveHrUsers).set({ ...next, updatedAt: caller.deps.clock.now() }).where(eq(leaveHrUsers.userId, id));
    return await hrUserOf(tx, companyId, id);
  });
}

export async function putAttendance(caller: Caller, id: number, input: z.infer<typeof attendanceBody>): Promise<Attendance> {
  requireHr(caller);
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  await hrUserOf(db, companyId, id);
  if (!isDate(input.yearStart)) throw new AppError(400, "common.validation");
  // fullMonths left out keeps what was stored; null clears it.
  const fullMonths = input.fullMonths;
  const [row] = await db.insert(leaveAttendance).values({ userId: id, companyId, yearStart: input.yearStart, rate: input.rate, fullMonths: fullMonths ?? null })
    .onConflictDoUpdate({
      target: [leaveAttendance.userId, leaveAttendance.yearStart],
      set: fullMonths === undefined ? { rate: input.rate } : { rate: input.rate, fullMonths },
    }).returning();
  return { userId: id, yearStart: row.yearStart, rate: row.rate, fullMonths: row.fullMonths };
}
