// Queries of the private groups as group vCards (groups.ts): the live groups of a book with their member
// cards' UIDs, the counter value of their last change and their resource name and UID
// (db/schema/contacts-dav-groups.ts, kept by the triggers of migrations/0035_contacts_dav_groups_directory.sql);
// the groups changed since a sync-token's value; the name and UID a client gave a group it made. Groups are
// written only through the contacts services. Every query is scoped by company.
import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { contactCardGroups, contactCards, contactDavGroups, contactGroups } from "../../../../db/schema/index.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

export interface GroupEntry {
  id: number;
  /** The group's name: the vCard's FN. */
  title: string;
  /** The counter value of its last change (its ETag). */
  seq: number;
  /** Its resource name: the client's, or "group-<id>.vcf". */
  name: string;
  uid: string;
  changedAt: Date;
  /** The UIDs of its member cards not in the trash, in card order. */
  members: string[];
}

export const defaultGroupName = (id: number) => `group-${id}.vcf`;
const DEFAULT_NAME = /^group-(\d{1,15})\.vcf$/;

async function groupsWhere(db: DbOrTx, companyId: number, book: string, where?: ReturnType<typeof and>): Promise<GroupEntry[]> {
  const rows = await db.select({
    id: contactGroups.id, title: contactGroups.name, seq: contactDavGroups.seq, davName: contactDavGroups.name,
    uid: contactDavGroups.uid, changedAt: contactDavGroups.changedAt,
  }).from(contactDavGroups)
    .innerJoin(contactGroups, eq(contactGroups.id, contactDavGroups.groupId))
    .where(and(
      eq(contactDavGroups.companyId, companyId), eq(contactDavGroups.book, book), eq(contactDavGroups.deleted, false),
      eq(contactGroups.companyId, companyId), where,
    ))
    .orderBy(asc(contactGroups.id));
  if (!rows.length) return [];
  const members = await db.select({ groupId: contactCardGroups.groupId, uid: contactCards.uid }).from(contactCardGroups)
    .innerJoin(contactCards, eq(contactCards.id, contactCardGroups.cardId))
    .where(and(
      sql`${contactCardGroups.groupId} = any(${bigintArray(rows.map((r) => r.id))})`,
      eq(contactCards.companyId, companyId), isNull(contactCards.deletedAt),
    ))
    .orderBy(asc(contactCards.id));
  const byGroup = new Map<number, string[]>(rows.map((r) => [r.id, []]));
  for (const m of members) byGroup.get(m.groupId)?.push(m.uid);
  return rows.map((r) => ({
    id: r.id, title: r.title, seq: Number(r.seq), name: r.davName ?? defaultGroupName(r.id), uid: r.uid, changedAt: r.changedAt,
    members: byGroup.get(r.id) ?? [],
  }));
}

export async function groupEntries(db: DbOrTx, companyId: number, book: string): Promise<GroupEntry[]> {
  return await groupsWhere(db, companyId, book);
}

export async function groupEntriesByIds(db: DbOrTx, companyId: number, book: string, ids: number[]): Promise<GroupEntry[]> {
  if (!ids.length) return [];
  return await groupsWhere(db, companyId, book, and(sql`${contactGroups.id} = any(${bigintArray(ids)})`));
}

/** Live groups of the book with one of these resource names. */
export async function groupEntriesByNames(db: DbOrTx, companyId: number, book: string, names: string[]): Promise<GroupEntry[]> {
  if (!names.length) return [];
  const ids = names.map((n) => DEFAULT_NAME.exec(n)?.[1]).filter((x): x is string => !!x).map(Number);
  const rows = await groupsWhere(db, companyId, book, or(
    inArray(contactDavGroups.name, names),
    ids.length ? and(isNull(contactDavGroups.name), sql`${contactDavGroups.groupId} = any(${bigintArray(ids)})`) : undefined,
  ));
  const wanted = new Set(names);
  return rows.filter((g) => wanted.has(g.name));
}

export async function groupEntryByUid(db: DbOrTx, companyId: number, book: string, uid: string): Promise<GroupEntry | undefined> {
  return (await groupsWhere(db, companyId, book, and(eq(contactDavGroups.uid, uid))))[0];
}

/** The groups of the book changed after `seq`: live ones (their id) and gone ones (their last name). */
export async function groupChangesSince(db: DbOrTx, companyId: number, book: string, seq: number) {
  const rows = await db.select({ groupId: contactDavGroups.groupId, name: contactDavGroups.name, deleted: contactDavGroups.deleted })
    .from(contactDavGroups)
    .where(and(eq(contactDavGroups.companyId, companyId), eq(contactDavGroups.book, book), gt(contactDavGroups.seq, seq)));
  return rows.map((r) => ({ groupId: r.groupId, name: r.name ?? defaultGroupName(r.groupId), deleted: r.deleted }));
}

/**
 * Keeps the resource name and the UID a client gave a group it made, and gives the group a new counter value
 * (contact_dav_group_touch), so a client that read it under its first UID in between reads it again.
 */
export async function setGroupIdentity(db: DbOrTx, companyId: number, groupId: number, name: string | null, uid: string) {
  await db.transaction(async (tx) => {
    await tx.update(contactDavGroups).set({ name, uid })
      .where(and(eq(contactDavGroups.companyId, companyId), eq(contactDavGroups.groupId, groupId)));
    await tx.execute(sql`select contact_dav_group_touch(${bigintArray([groupId])})`);
  });
}

/** The ids of the own live cards whose UID is one of these (as stored, or with / without "urn:uuid:"). */
export async function cardIdsByUids(db: DbOrTx, companyId: number, ownerUserId: number, uids: string[]): Promise<number[]> {
  if (!uids.length) return [];
  const rows = await db.select({ id: contactCards.id }).from(contactCards)
    .where(and(
      eq(contactCards.companyId, companyId), eq(contactCards.ownerUserId, ownerUserId), isNull(contactCards.deletedAt),
      inArray(contactCards.uid, uids),
    ));
  return rows.map((r) => r.id);
}
