// Queries of forwarding (mail_forward_configs, mail_forward_targets): always scoped by the owner, except the
// acceptance link, which finds its target by the token's hash alone.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailForwardConfigs, mailForwardTargets } from "../../../../db/schema/mail-settings.ts";
import { users } from "../../../../db/schema/users.ts";

export type TargetRow = typeof mailForwardTargets.$inferSelect;

export async function configOf(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(mailForwardConfigs).where(eq(mailForwardConfigs.userId, userId));
  return row;
}

export async function targetsOf(db: DbOrTx, userId: number): Promise<TargetRow[]> {
  return await db.select().from(mailForwardTargets).where(eq(mailForwardTargets.userId, userId)).orderBy(asc(mailForwardTargets.id));
}

export async function saveConfig(db: DbOrTx, row: typeof mailForwardConfigs.$inferInsert): Promise<void> {
  await db.insert(mailForwardConfigs).values(row).onConflictDoUpdate({
    target: mailForwardConfigs.userId,
    set: { useYn: row.useYn, saveOriginal: row.saveOriginal, updatedAt: row.updatedAt },
  });
}

/** Locks the owner's config row (made if missing) so concurrent saves of one user run one after the other. */
export async function lockConfig(db: DbOrTx, userId: number, companyId: number, now: Date): Promise<void> {
  await db.insert(mailForwardConfigs).values({ userId, companyId, updatedAt: now }).onConflictDoNothing();
  await db.select({ userId: mailForwardConfigs.userId }).from(mailForwardConfigs).where(eq(mailForwardConfigs.userId, userId)).for("update");
}

export async function deleteTargets(db: DbOrTx, userId: number, addresses: string[]): Promise<void> {
  if (!addresses.length) return;
  await db.delete(mailForwardTargets).where(and(eq(mailForwardTargets.userId, userId), inArray(mailForwardTargets.address, addresses)));
}

export async function insertTarget(db: DbOrTx, row: typeof mailForwardTargets.$inferInsert): Promise<void> {
  await db.insert(mailForwardTargets).values(row).onConflictDoNothing();
}

export async function renewToken(db: DbOrTx, userId: number, address: string, tokenHash: string, now: Date): Promise<boolean> {
  const r = await db.update(mailForwardTargets).set({ tokenHash, requestedAt: now })
    .where(and(eq(mailForwardTargets.userId, userId), eq(mailForwardTargets.address, address), eq(mailForwardTargets.status, "PENDING")))
    .returning({ id: mailForwardTargets.id });
  return r.length > 0;
}

/** The pending target behind a link's token hash, with its owner's name. */
export async function targetByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select({ target: mailForwardTargets, ownerName: users.displayName, ownerAddress: users.username })
    .from(mailForwardTargets).innerJoin(users, eq(users.id, mailForwardTargets.userId))
    .where(and(eq(mailForwardTargets.tokenHash, tokenHash), eq(mailForwardTargets.status, "PENDING")));
  return row;
}

export async function accept(db: DbOrTx, id: number, tokenHash: string, now: Date): Promise<boolean> {
  const r = await db.update(mailForwardTargets).set({ status: "ACCEPTED", acceptedAt: now, tokenHash: null })
    .where(and(eq(mailForwardTargets.id, id), eq(mailForwardTargets.tokenHash, tokenHash), eq(mailForwardTargets.status, "PENDING")))
    .returning({ id: mailForwardTargets.id });
  return r.length > 0;
}

export async function ownerOf(db: DbOrTx, userId: number) {
  const [row] = await db.select({ displayName: users.displayName, username: users.username, language: users.languageType })
    .from(users).where(eq(users.id, userId));
  return row;
}

/** Of these addresses, those any user asked an approval of after `since` (the approval-mail cooldown). */
export async function recentlyRequested(db: DbOrTx, addresses: string[], since: Date): Promise<string[]> {
  if (!addresses.length) return [];
  const rows = await db.selectDistinct({ address: mailForwardTargets.address }).from(mailForwardTargets)
    .where(and(inArray(mailForwardTargets.address, addresses), gt(mailForwardTargets.requestedAt, since)));
  return rows.map((r) => r.address);
}
