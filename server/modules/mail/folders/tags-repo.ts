// Queries of a user's tags (mail_tags) and of the tag names their mails carry (mails.tags). Every query is
// scoped by company and user: renaming or removing a tag never touches another user's mails.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mails, mailTags } from "../../../../db/schema/mail.ts";
import { containsPattern, prefixPattern } from "../../../lib/like.ts";

export type TagRow = typeof mailTags.$inferSelect;

const own = (companyId: number, userId: number) => and(eq(mailTags.companyId, companyId), eq(mailTags.userId, userId));

/** Serialises tag changes of one user (names are unique regardless of case) until the transaction ends. */
export async function lockTags(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail_tags:${userId}`}, 0))`);
}

export async function allTags(db: DbOrTx, companyId: number, userId: number): Promise<TagRow[]> {
  return await db.select().from(mailTags).where(own(companyId, userId)).orderBy(asc(sql`lower(${mailTags.tag})`), asc(mailTags.tag));
}

export async function page(db: DbOrTx, companyId: number, userId: number, limit: number, offset: number) {
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(mailTags).where(own(companyId, userId))
      .orderBy(asc(sql`lower(${mailTags.tag})`), asc(mailTags.tag)).limit(limit).offset(offset),
    db.select({ n: count() }).from(mailTags).where(own(companyId, userId)),
  ]);
  return { rows, total: n };
}

/** Tags whose name contains `part` (case-insensitive), names starting with it first. */
export async function search(db: DbOrTx, companyId: number, userId: number, part: string, limit: number): Promise<TagRow[]> {
  return await db.select().from(mailTags)
    .where(and(own(companyId, userId), sql`${mailTags.tag} ilike ${containsPattern(part)}`))
    .orderBy(sql`${mailTags.tag} ilike ${prefixPattern(part)} desc`, asc(sql`lower(${mailTags.tag})`), asc(mailTags.tag))
    .limit(limit);
}

export async function find(db: DbOrTx, companyId: number, userId: number, tag: string): Promise<TagRow | undefined> {
  const [row] = await db.select().from(mailTags).where(and(own(companyId, userId), eq(mailTags.tag, tag)));
  return row;
}

/** A tag of the user with the same name regardless of case. */
export async function findIgnoringCase(db: DbOrTx, companyId: number, userId: number, tag: string): Promise<TagRow | undefined> {
  const [row] = await db.select().from(mailTags).where(and(own(companyId, userId), sql`lower(${mailTags.tag}) = lower(${tag})`));
  return row;
}

export async function countTags(db: DbOrTx, companyId: number, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(mailTags).where(own(companyId, userId));
  return n;
}

export async function insert(db: DbOrTx, values: typeof mailTags.$inferInsert): Promise<TagRow | undefined> {
  const [row] = await db.insert(mailTags).values(values).onConflictDoNothing().returning();
  return row;
}

export async function update(db: DbOrTx, companyId: number, userId: number, id: number, values: Partial<Pick<TagRow, "tag" | "color">>) {
  const [row] = await db.update(mailTags).set(values).where(and(own(companyId, userId), eq(mailTags.id, id))).returning();
  return row as TagRow | undefined;
}

export async function remove(db: DbOrTx, companyId: number, userId: number, id: number): Promise<void> {
  await db.delete(mailTags).where(and(own(companyId, userId), eq(mailTags.id, id)));
}

/** Renames a tag in the user's mails; a mail already holding the new name just loses the old one. */
export async function renameInMails(db: DbOrTx, companyId: number, userId: number, from: string, to: string): Promise<number> {
  const rows = await db.update(mails).set({
    tags: sql`case when ${mails.tags} @> array[${to}::text] then array_remove(${mails.tags}, ${from}::text)
                   else array_replace(${mails.tags}, ${from}::text, ${to}::text) end`,
  }).where(and(eq(mails.companyId, companyId), eq(mails.userId, userId), sql`${mails.tags} @> array[${from}::text]`))
    .returning({ id: mails.id });
  return rows.length;
}

/** Whether any mail of the user carries the tag. */
export async function onMails(db: DbOrTx, companyId: number, userId: number, tag: string): Promise<boolean> {
  const [row] = await db.select({ id: mails.id }).from(mails)
    .where(and(eq(mails.companyId, companyId), eq(mails.userId, userId), sql`${mails.tags} @> array[${tag}::text]`)).limit(1);
  return !!row;
}

/** Removes a tag from the user's mails. */
export async function removeFromMails(db: DbOrTx, companyId: number, userId: number, tag: string): Promise<number> {
  const rows = await db.update(mails).set({ tags: sql`array_remove(${mails.tags}, ${tag}::text)` })
    .where(and(eq(mails.companyId, companyId), eq(mails.userId, userId), sql`${mails.tags} @> array[${tag}::text]`))
    .returning({ id: mails.id });
  return rows.length;
}
