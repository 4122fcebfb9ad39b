// Queries of the administration of users. Deleted users (soft delete) are left out of every lookup.
import { and, asc, count, eq, ilike, ne, or } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { UserRow } from "../users/repo.ts";

const notDeleted = ne(users.status, "DELETED");

export async function usersPage(
  db: DbOrTx,
  companyId: number,
  filter: { pattern?: string; status?: string },
  limit: number,
  offset: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    eq(users.companyId, companyId),
    notDeleted,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.pattern ? or(ilike(users.accountName, filter.pattern), ilike(users.username, filter.pattern)) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.accountName), asc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: n };
}

export async function findLiveUser(db: DbOrTx, companyId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id), notDeleted));
  return row;
}

export async function updateUser(db: DbOrTx, companyId: number, id: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(and(eq(users.companyId, companyId), eq(users.id, id)));
}

/** Ids of the company's active administrators, row-locked until the transaction ends. */
export async function lockActiveAdmins(db: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, "ROLE_ADMIN"), eq(users.status, "ACTIVE")))
    .for("update");
  return rows.map((r) => r.id);
}
