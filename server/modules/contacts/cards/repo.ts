// Queries of private cards. Every query is scoped by the owner and company of the request.
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { contactCardGroups, contactCards, contactGroups, contactPhotos } from "../../../../db/schema/contacts.ts";
import type { CardGroupRef } from "../../../../shared/contacts/cards.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import type { Owner } from "../groups/repo.ts";

export type CardRow = typeof contactCards.$inferSelect;
export type CardInsert = typeof contactCards.$inferInsert;

export const mine = (o: Owner) => and(eq(contactCards.companyId, o.companyId), eq(contactCards.ownerUserId, o.userId));

/** Columns of a card without its search columns (the list and detail answers). */
export const cardColumns = {
  id: contactCards.id,
  customerGroupId: contactCards.customerGroupId,
  uid: contactCards.uid,
  userName: contactCards.userName,
  firstName: contactCards.firstName,
  lastName: contactCards.lastName,
  phoneticName: contactCards.phoneticName,
  emails: contactCards.emails,
  tels: contactCards.tels,
  addresses: contactCards.addresses,
  urls: contactCards.urls,
  company: contactCards.company,
  organ: contactCards.organ,
  position: contactCards.position,
  memo: contactCards.memo,
  birthday: contactCards.birthday,
  important: contactCards.important,
  hasPhoto: contactCards.hasPhoto,
  createdAt: contactCards.createdAt,
  updatedAt: contactCards.updatedAt,
  deletedAt: contactCards.deletedAt,
};
export type CardView = { [K in keyof typeof cardColumns]: CardRow[K] };

export async function insertCards(db: DbOrTx, rows: CardInsert[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out: number[] = [];
  // Chunks keep each statement well under PostgreSQL's parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    const ids = await db.insert(contactCards).values(rows.slice(i, i + 500)).returning({ id: contactCards.id });
    out.push(...ids.map((r) => r.id));
  }
  return out;
}

export async function updateCard(db: DbOrTx, o: Owner, id: number, values: Partial<CardInsert>) {
  await db.update(contactCards).set(values).where(and(mine(o), eq(contactCards.id, id)));
}

/** The caller's cards among ids (trash included), in the order of ids. */
export async function cardsByIds(db: DbOrTx, o: Owner, ids: number[]): Promise<CardView[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(cardColumns).from(contactCards).where(and(mine(o), sql`${contactCards.id} = any(${bigintArray(ids)})`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is CardView => !!r);
}

/** Which of ids are the caller's cards, and whether each is in the trash. */
export async function ownership(db: DbOrTx, o: Owner, ids: number[]): Promise<Map<number, boolean>> {
  const rows = await db.select({ id: contactCards.id, deletedAt: contactCards.deletedAt }).from(contactCards)
    .where(and(mine(o), sql`${contactCards.id} = any(${bigintArray(ids)})`));
  return new Map(rows.map((r) => [r.id, r.deletedAt !== null]));
}

export async function cardIdByEmail(db: DbOrTx, o: Owner, email: string): Promise<number | null> {
  const [row] = await db.select({ id: contactCards.id }).from(contactCards)
    .where(and(mine(o), isNull(contactCards.deletedAt), sql`${contactCards.emails} @> array[${email}]::text[]`))
    .orderBy(asc(contactCards.id)).limit(1);
  return row?.id ?? null;
}

/** The groups of each card. */
export async function groupsOfCards(db: DbOrTx, ids: number[]): Promise<Map<number, CardGroupRef[]>> {
  const out = new Map<number, CardGroupRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db.select({ cardId: contactCardGroups.cardId, id: contactGroups.id, groupName: contactGroups.name })
    .from(contactCardGroups)
    .innerJoin(contactGroups, eq(contactGroups.id, contactCardGroups.groupId))
    .where(sql`${contactCardGroups.cardId} = any(${bigintArray(ids)})`)
    .orderBy(asc(contactGroups.name), asc(contactGroups.id));
  for (const r of rows) out.get(r.cardId)?.push({ id: r.id, groupName: r.groupName });
  return out;
}

export async function addRelations(db: DbOrTx, cardIds: number[], groupIds: number[]) {
  if (cardIds.length === 0 || groupIds.length === 0) return;
  const values = cardIds.flatMap((cardId) => groupIds.map((groupId) => ({ cardId, groupId })));
  for (let i = 0; i < values.length; i += 5000) {
    await db.insert(contactCardGroups).values(values.slice(i, i + 5000)).onConflictDoNothing();
  }
}

/** Removes the cards from groupIds, or from every group when groupIds is null. */
export async function removeRelations(db: DbOrTx, cardIds: number[], groupIds: number[] | null) {
  if (cardIds.length === 0) return;
  await db.delete(contactCardGroups).where(and(
    sql`${contactCardGroups.cardId} = any(${bigintArray(cardIds)})`,
    groupIds ? inArray(contactCardGroups.groupId, groupIds) : undefined,
  ));
}

export async function groupIdsOfCards(db: DbOrTx, cardIds: number[]): Promise<number[]> {
  if (cardIds.length === 0) return [];
  const rows = await db.selectDistinct({ groupId: contactCardGroups.groupId }).from(contactCardGroups)
    .where(sql`${contactCardGroups.cardId} = any(${bigintArray(cardIds)})`);
  return rows.map((r) => r.groupId);
}

export async function setImportant(db: DbOrTx, o: Owner, ids: number[], important: boolean, now: Date) {
  await db.update(contactCards).set({ important, updatedAt: now }).where(and(mine(o), sql`${contactCards.id} = any(${bigintArray(ids)})`));
}

export async function touch(db: DbOrTx, o: Owner, ids: number[], now: Date) {
  await db.update(contactCards).set({ updatedAt: now }).where(and(mine(o), sql`${contactCards.id} = any(${bigintArray(ids)})`));
}

export async function trashCards(db: DbOrTx, o: Owner, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await db.update(contactCards).set({ deletedAt: now, updatedAt: now })
    .where(and(mine(o), isNull(contactCards.deletedAt), sql`${contactCards.id} = any(${bigintArray(ids)})`));
}

export async function restoreCards(db: DbOrTx, o: Owner, ids: number[], now: Date) {
  await db.update(contactCards).set({ deletedAt: null, updatedAt: now })
    .where(and(mine(o), isNotNull(contactCards.deletedAt), sql`${contactCards.id} = any(${bigintArray(ids)})`));
}

export async function deleteCards(db: DbOrTx, o: Owner, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(contactCards).where(and(mine(o), sql`${contactCards.id} = any(${bigintArray(ids)})`));
}

/** Private and customer cards in the trash since before `before`, deleted for good; how many. */
export async function purgeTrash(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const rows = await db.execute<{ id: number }>(sql`
    delete from ${contactCards} where ${contactCards.id} in (
      select ${contactCards.id} from ${contactCards}
      where ${contactCards.deletedAt} is not null and ${lt(contactCards.deletedAt, before)}
      order by ${contactCards.deletedAt} limit ${limit}
      for update skip locked)
    returning ${contactCards.id}`);
  return rows.length;
}

export async function photoOf(db: DbOrTx, o: Owner, cardId: number) {
  const [row] = await db.select({ mime: contactPhotos.mime, data: contactPhotos.data }).from(contactPhotos)
    .innerJoin(contactCards, eq(contactCards.id, contactPhotos.cardId))
    .where(and(mine(o), eq(contactPhotos.cardId, cardId)));
  return row ?? null;
}

export async function setPhoto(db: DbOrTx, cardId: number, photo: { mime: string; data: Uint8Array } | null) {
  if (!photo) {
    await db.delete(contactPhotos).where(eq(contactPhotos.cardId, cardId));
    return;
  }
  await db.insert(contactPhotos).values({ cardId, mime: photo.mime, data: photo.data })
    .onConflictDoUpdate({ target: contactPhotos.cardId, set: { mime: photo.mime, data: photo.data } });
}

/** The photos of the caller's cards among ids. */
export async function photosOf(db: DbOrTx, o: Owner, ids: number[]): Promise<Map<number, { mime: string; data: Uint8Array }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ cardId: contactPhotos.cardId, mime: contactPhotos.mime, data: contactPhotos.data }).from(contactPhotos)
    .innerJoin(contactCards, eq(contactCards.id, contactPhotos.cardId))
    .where(and(mine(o), sql`${contactPhotos.cardId} = any(${bigintArray(ids)})`));
  return new Map(rows.map((r) => [r.cardId, { mime: r.mime, data: r.data }]));
}

/** Customer cards of the company among ids (any group; the caller's access is checked by the service). */
export async function customerCardsByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<CardView[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(cardColumns).from(contactCards).where(and(
    eq(contactCards.companyId, companyId), isNotNull(contactCards.customerGroupId), isNull(contactCards.deletedAt),
    sql`${contactCards.id} = any(${bigintArray(ids)})`,
  ));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is CardView => !!r);
}

export async function photosByCard(db: DbOrTx, ids: number[]): Promise<Map<number, { mime: string; data: Uint8Array }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ cardId: contactPhotos.cardId, mime: contactPhotos.mime, data: contactPhotos.data }).from(contactPhotos)
    .where(sql`${contactPhotos.cardId} = any(${bigintArray(ids)})`);
  return new Map(rows.map((r) => [r.cardId, { mime: r.mime, data: r.data }]));
}
