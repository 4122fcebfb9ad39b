// Shared-account queries. Every query is scoped by company; list queries also by the caller's side of the share.
import { and, asc, count, desc, eq, gt, isNull, or } from "drizzle-orm";
import { sessions, sharedAccountLogs, sharedAccounts, users } from "../../../db/schema/index.ts";
import type { DbOrTx } from "../../../db/client.ts";

export type ShareRow = typeof sharedAccounts.$inferSelect;
export type ShareLogInsert = typeof sharedAccountLogs.$inferInsert;

/** A share with the user on the other side of it (the sharee for owners, the owner for sharees). */
export interface ShareWithUser extends ShareRow {
  username: string;
  accountName: string;
}

/** One share of the company; `lock` takes a row lock until the transaction ends. */
export async function findShare(db: DbOrTx, companyId: number, id: number, lock = false): Promise<ShareRow | undefined> {
  const q = db.select().from(sharedAccounts).where(and(eq(sharedAccounts.companyId, companyId), eq(sharedAccounts.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function findPair(db: DbOrTx, companyId: number, sharedByUserId: number, sharedToUserId: number): Promise<ShareRow | undefined> {
  const [row] = await db.select().from(sharedAccounts).where(and(
    eq(sharedAccounts.companyId, companyId),
    eq(sharedAccounts.sharedByUserId, sharedByUserId),
    eq(sharedAccounts.sharedToUserId, sharedToUserId),
  ));
  return row;
}

/** Inserts unless the pair exists already; undefined when it does (the unique pair index decides). */
export async function insertShare(db: DbOrTx, values: typeof sharedAccounts.$inferInsert): Promise<ShareRow | undefined> {
  const [row] = await db.insert(sharedAccounts).values(values).onConflictDoNothing().returning();
  return row;
}

/** Updates one share; `expectStatus` guards against a concurrent change (the row must still have it). */
export async function updateShare(
  db: DbOrTx,
  companyId: number,
  id: number,
  values: Partial<Pick<ShareRow, "status" | "expireAt" | "updatedAt">>,
  expectStatus?: string,
): Promise<ShareRow | undefined> {
  const where = and(
    eq(sharedAccounts.companyId, companyId),
    eq(sharedAccounts.id, id),
    expectStatus ? eq(sharedAccounts.status, expectStatus) : undefined,
  );
  const [row] = await db.update(sharedAccounts).set(values).where(where).returning();
  return row;
}

export async function deleteShare(db: DbOrTx, companyId: number, id: number): Promise<ShareRow | undefined> {
  const [row] = await db.delete(sharedAccounts).where(and(eq(sharedAccounts.companyId, companyId), eq(sharedAccounts.id, id))).returning();
  return row;
}

const shareColumns = {
  id: sharedAccounts.id,
  companyId: sharedAccounts.companyId,
  sharedByUserId: sharedAccounts.sharedByUserId,
  sharedToUserId: sharedAccounts.sharedToUserId,
  status: sharedAccounts.status,
  expireAt: sharedAccounts.expireAt,
  createdAt: sharedAccounts.createdAt,
  updatedAt: sharedAccounts.updatedAt,
  username: users.username,
  accountName: users.accountName,
};

/** Shares of the owner's account, with each sharee. */
export async function sharesByOwner(db: DbOrTx, companyId: number, ownerId: number): Promise<ShareWithUser[]> {
  return await db
    .select(shareColumns)
    .from(sharedAccounts)
    .innerJoin(users, and(eq(users.id, sharedAccounts.sharedToUserId), eq(users.companyId, companyId)))
    .where(and(eq(sharedAccounts.companyId, companyId), eq(sharedAccounts.sharedByUserId, ownerId)))
    .orderBy(asc(sharedAccounts.id));
}

/**
 * Accounts shared with the sharee that can be switched into at `now` (ACTIVE, not expired, owner active),
 * and with `includePending` also the sharee's open requests. Each with the owner.
 */
export async function availableToSharee(db: DbOrTx, companyId: number, shareeId: number, now: Date, includePending: boolean): Promise<ShareWithUser[]> {
  const usable = and(eq(sharedAccounts.status, "ACTIVE"), or(isNull(sharedAccounts.expireAt), gt(sharedAccounts.expireAt, now)));
  return await db
    .select(shareColumns)
    .from(sharedAccounts)
    .innerJoin(users, and(eq(users.id, sharedAccounts.sharedByUserId), eq(users.companyId, companyId), eq(users.status, "ACTIVE")))
    .where(and(
      eq(sharedAccounts.companyId, companyId),
      eq(sharedAccounts.sharedToUserId, shareeId),
      includePending ? or(usable, eq(sharedAccounts.status, "PENDING")) : usable,
    ))
    .orderBy(asc(sharedAccounts.id));
}

export async function insertLog(db: DbOrTx, values: ShareLogInsert) {
  await db.insert(sharedAccountLogs).values(values);
}

/** Log entries where the user is the owner or the sharee, newest first, with the actor's name. */
export async function logsPage(db: DbOrTx, companyId: number, userId: number, limit: number, offset: number) {
  const where = and(
    eq(sharedAccountLogs.companyId, companyId),
    or(eq(sharedAccountLogs.sharedByUserId, userId), eq(sharedAccountLogs.sharedToUserId, userId)),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: sharedAccountLogs.id,
        sharedAccountId: sharedAccountLogs.sharedAccountId,
        action: sharedAccountLogs.action,
        actorUserId: sharedAccountLogs.actorUserId,
        actorName: users.accountName,
        sharedByUserId: sharedAccountLogs.sharedByUserId,
        sharedToUserId: sharedAccountLogs.sharedToUserId,
        detail: sharedAccountLogs.detail,
        ip: sharedAccountLogs.ip,
        at: sharedAccountLogs.at,
      })
      .from(sharedAccountLogs)
      .innerJoin(users, eq(users.id, sharedAccountLogs.actorUserId))
      .where(where)
      .orderBy(desc(sharedAccountLogs.at), desc(sharedAccountLogs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(sharedAccountLogs).where(where),
  ]);
  return { rows, total: n };
}

/** Revokes the open sessions in the owner's account that the sharee opened by switching. Returns how many. */
export async function revokeSwitchedSessions(
  db: DbOrTx,
  companyId: number,
  ownerId: number,
  shareeId: number,
  now: Date,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(
      eq(sessions.companyId, companyId),
      eq(sessions.userId, ownerId),
      eq(sessions.actorUserId, shareeId),
      isNull(sessions.revokedAt),
    ))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Removes every account share the user is a party to (the user is leaving the company). */
export async function deleteSharesOf(db: DbOrTx, companyId: number, userId: number) {
  await db.delete(sharedAccounts).where(and(
    eq(sharedAccounts.companyId, companyId),
    or(eq(sharedAccounts.sharedByUserId, userId), eq(sharedAccounts.sharedToUserId, userId)),
  ));
}
