// Share links and their email verifications. Management queries are scoped by company; the public ones go
// by the unguessable token.
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { shareLinks, shareLinkVerifications, users } from "../../../db/schema/index.ts";
import type { DbOrTx } from "../../../db/client.ts";

export type LinkRow = typeof shareLinks.$inferSelect;
export type VerificationRow = typeof shareLinkVerifications.$inferSelect;

export async function linksOf(db: DbOrTx, companyId: number, moduleType: string, objectId: string): Promise<LinkRow[]> {
  return await db.select().from(shareLinks).where(and(
    eq(shareLinks.companyId, companyId), eq(shareLinks.moduleType, moduleType), eq(shareLinks.objectId, objectId),
  )).orderBy(asc(shareLinks.id));
}

export async function findLink(db: DbOrTx, companyId: number, id: number, lock = false): Promise<LinkRow | undefined> {
  const q = db.select().from(shareLinks).where(and(eq(shareLinks.companyId, companyId), eq(shareLinks.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function findByToken(db: DbOrTx, token: string): Promise<LinkRow | undefined> {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.token, token));
  return row;
}

export async function insertLink(db: DbOrTx, values: typeof shareLinks.$inferInsert): Promise<LinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  return row;
}

export async function updateLink(db: DbOrTx, companyId: number, id: number, values: Partial<typeof shareLinks.$inferInsert>) {
  const [row] = await db.update(shareLinks).set(values).where(and(eq(shareLinks.companyId, companyId), eq(shareLinks.id, id))).returning();
  return row as LinkRow | undefined;
}

export async function deleteLink(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const rows = await db.delete(shareLinks).where(and(eq(shareLinks.companyId, companyId), eq(shareLinks.id, id))).returning({ id: shareLinks.id });
  return rows.length === 1;
}

/** Which of these objects have a link. */
export async function linkedObjectIds(db: DbOrTx, companyId: number, moduleType: string, objectIds: string[]): Promise<Set<string>> {
  if (objectIds.length === 0) return new Set();
  const rows = await db.selectDistinct({ objectId: shareLinks.objectId }).from(shareLinks).where(and(
    eq(shareLinks.companyId, companyId), eq(shareLinks.moduleType, moduleType), inArray(shareLinks.objectId, objectIds),
  ));
  return new Set(rows.map((r) => r.objectId));
}

export async function deleteLinksOfObjects(db: DbOrTx, companyId: number, moduleType: string, objectIds: string[]) {
  if (objectIds.length === 0) return;
  await db.delete(shareLinks).where(and(
    eq(shareLinks.companyId, companyId), eq(shareLinks.moduleType, moduleType), inArray(shareLinks.objectId, objectIds),
  ));
}

/**
 * Counts one open, atomically: only while the link is started, not expired and under its limit, so
 * concurrent opens can never pass the limit. Undefined when the link refused.
 */
export async function countOpen(db: DbOrTx, id: number, now: Date): Promise<LinkRow | undefined> {
  const [row] = await db.update(shareLinks)
    .set({ downloadCount: sql`${shareLinks.downloadCount} + 1` })
    .where(and(
      eq(shareLinks.id, id),
      or(isNull(shareLinks.downloadLimitCount), sql`${shareLinks.downloadCount} < ${shareLinks.downloadLimitCount}`),
      or(isNull(shareLinks.startAt), lte(shareLinks.startAt, now)),
      or(isNull(shareLinks.expiryAt), gt(shareLinks.expiryAt, now)),
    ))
    .returning();
  return row;
}

/** The active user of the company with this address, if any. */
export async function activeUserByAddress(db: DbOrTx, companyId: number, email: string) {
  const [row] = await db.select({ id: users.id, languageType: users.languageType }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.username, email), eq(users.status, "ACTIVE")));
  return row;
}

export async function latestVerification(db: DbOrTx, linkId: number, email: string): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(shareLinkVerifications)
    .where(and(eq(shareLinkVerifications.linkId, linkId), eq(shareLinkVerifications.email, email)))
    .orderBy(desc(shareLinkVerifications.createdAt)).limit(1);
  return row;
}

export async function findVerification(db: DbOrTx, id: string): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(shareLinkVerifications).where(eq(shareLinkVerifications.id, id));
  return row;
}

export async function insertVerification(db: DbOrTx, values: typeof shareLinkVerifications.$inferInsert) {
  await db.insert(shareLinkVerifications).values(values);
}

export async function updateVerification(db: DbOrTx, id: string, values: Partial<typeof shareLinkVerifications.$inferInsert>) {
  await db.update(shareLinkVerifications).set(values).where(eq(shareLinkVerifications.id, id));
}

export async function removeVerification(db: DbOrTx, id: string) {
  await db.delete(shareLinkVerifications).where(eq(shareLinkVerifications.id, id));
}

/** Counts one try at the code, atomically; false when the code is used up, verified already, or gone. */
export async function claimVerificationTry(db: DbOrTx, id: string, max: number): Promise<number | null> {
  const rows = await db.update(shareLinkVerifications)
    .set({ attempts: sql`${shareLinkVerifications.attempts} + 1` })
    .where(and(eq(shareLinkVerifications.id, id), lt(shareLinkVerifications.attempts, max), isNull(shareLinkVerifications.verifiedAt)))
    .returning({ attempts: shareLinkVerifications.attempts });
  return rows[0]?.attempts ?? null;
}
