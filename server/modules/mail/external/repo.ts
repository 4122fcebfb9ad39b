// Queries of external mail accounts (mail_external_accounts) and of what was already imported from them
// (mail_external_seen). Every account query is scoped by company and user, except the job's claim.
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailExternalAccounts, mailExternalSeen } from "../../../../db/schema/mail-settings.ts";

export type AccountRow = typeof mailExternalAccounts.$inferSelect;
export type AccountValues = typeof mailExternalAccounts.$inferInsert;

const own = (companyId: number, userId: number) =>
  and(eq(mailExternalAccounts.companyId, companyId), eq(mailExternalAccounts.userId, userId));

export async function list(db: DbOrTx, companyId: number, userId: number): Promise<AccountRow[]> {
  return await db.select().from(mailExternalAccounts).where(own(companyId, userId)).orderBy(asc(mailExternalAccounts.id));
}

export async function find(db: DbOrTx, companyId: number, userId: number, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(mailExternalAccounts).where(and(own(companyId, userId), eq(mailExternalAccounts.id, id)));
  return row;
}

export async function findMany(db: DbOrTx, companyId: number, userId: number, ids: number[]): Promise<AccountRow[]> {
  if (!ids.length) return [];
  return await db.select().from(mailExternalAccounts)
    .where(and(own(companyId, userId), inArray(mailExternalAccounts.id, ids))).orderBy(asc(mailExternalAccounts.id));
}

export async function findById(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(mailExternalAccounts).where(eq(mailExternalAccounts.id, id));
  return row;
}

export async function countOwn(db: DbOrTx, companyId: number, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(mailExternalAccounts).where(own(companyId, userId));
  return n;
}

/**
 * Serialises adds and address changes of external accounts in one company (the per-user limit and the
 * company-wide duplicate rule are checked under it) until the transaction ends.
 */
export async function lockCompany(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail_external:company:${companyId}`}, 0))`);
}

/** Who in the company already has this address as an external account (other than `exceptId`). */
export async function holdersOf(db: DbOrTx, companyId: number, email: string, exceptId = 0) {
  return await db.select({ id: mailExternalAccounts.id, userId: mailExternalAccounts.userId }).from(mailExternalAccounts)
    .where(and(eq(mailExternalAccounts.companyId, companyId), eq(mailExternalAccounts.email, email), ne(mailExternalAccounts.id, exceptId)));
}

export async function insert(db: DbOrTx, values: AccountValues): Promise<AccountRow> {
  const [row] = await db.insert(mailExternalAccounts).values(values).returning();
  return row;
}

export async function update(db: DbOrTx, id: number, values: Partial<AccountValues>): Promise<AccountRow | undefined> {
  const [row] = await db.update(mailExternalAccounts).set(values).where(eq(mailExternalAccounts.id, id)).returning();
  return row;
}

export async function remove(db: DbOrTx, companyId: number, userId: number, ids: number[]): Promise<number> {
  const rows = await db.delete(mailExternalAccounts)
    .where(and(own(companyId, userId), inArray(mailExternalAccounts.id, ids))).returning({ id: mailExternalAccounts.id });
  return rows.length;
}

/**
 * Takes the account for one fetch when nobody holds it (locked_until unset or past): FETCHING, counts reset.
 * Answers the row when taken.
 */
export async function claim(db: DbOrTx, id: number, now: Date, until: Date): Promise<AccountRow | undefined> {
  const [row] = await db.update(mailExternalAccounts)
    .set({ lockedUntil: until, fetchStatus: "FETCHING", fetchedCount: 0, totalCount: 0 })
    .where(and(
      eq(mailExternalAccounts.id, id),
      sql`(${mailExternalAccounts.lockedUntil} is null or ${mailExternalAccounts.lockedUntil} < ${now.toISOString()}::timestamptz)`,
    ))
    .returning();
  return row;
}

/** The scheduled job's next account: due (never fetched, or not since `dueBefore`) and free, claimed. */
export async function claimDue(db: DbOrTx, now: Date, dueBefore: Date, until: Date): Promise<AccountRow | undefined> {
  return await db.transaction(async (tx) => {
    const due = await tx.select({ id: mailExternalAccounts.id }).from(mailExternalAccounts)
      .where(and(
        eq(mailExternalAccounts.authStatus, "AUTH_SUCCESS"),
        sql`(${mailExternalAccounts.lockedUntil} is null or ${mailExternalAccounts.lockedUntil} < ${now.toISOString()}::timestamptz)`,
        sql`(${mailExternalAccounts.lastFetchAt} is null or ${mailExternalAccounts.lastFetchAt} < ${dueBefore.toISOString()}::timestamptz)`,
      ))
      .orderBy(sql`${mailExternalAccounts.lastFetchAt} asc nulls first`)
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due.length) return undefined;
    const [row] = await tx.update(mailExternalAccounts)
      .set({ lockedUntil: until, fetchStatus: "FETCHING", fetchedCount: 0, totalCount: 0 })
      .where(eq(mailExternalAccounts.id, due[0].id))
      .returning();
    return row;
  });
}

export async function progress(db: DbOrTx, id: number, values: Partial<AccountValues>): Promise<void> {
  await db.update(mailExternalAccounts).set(values).where(eq(mailExternalAccounts.id, id));
}

export async function seenUids(db: DbOrTx, accountId: number): Promise<Set<string>> {
  const rows = await db.select({ uid: mailExternalSeen.uid }).from(mailExternalSeen).where(eq(mailExternalSeen.accountId, accountId));
  return new Set(rows.map((r) => r.uid));
}

/** Remembers a uid as imported; answers false when it already was (another fetch got there first). */
export async function markSeen(db: DbOrTx, accountId: number, uid: string, at: Date): Promise<boolean> {
  const rows = await db.insert(mailExternalSeen).values({ accountId, uid, seenAt: at }).onConflictDoNothing()
    .returning({ uid: mailExternalSeen.uid });
  return rows.length > 0;
}

/** Forgets uids no longer on the server (deleted there), so the seen list does not grow without end. */
export async function forgetSeen(db: DbOrTx, accountId: number, keep: string[]): Promise<void> {
  if (!keep.length) {
    await db.delete(mailExternalSeen).where(eq(mailExternalSeen.accountId, accountId));
    return;
  }
  await db.delete(mailExternalSeen).where(and(
    eq(mailExternalSeen.accountId, accountId),
    sql`${mailExternalSeen.uid} not in (select jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb))`,
  ));
}

/** Forgets these seen uids (an incremental listing's keys known to be gone). */
export async function forgetUids(db: DbOrTx, accountId: number, uids: string[]): Promise<void> {
  if (!uids.length) return;
  await db.delete(mailExternalSeen).where(and(eq(mailExternalSeen.accountId, accountId), inArray(mailExternalSeen.uid, uids)));
}
