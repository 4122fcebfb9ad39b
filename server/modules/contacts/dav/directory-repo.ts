// Queries of the company directory book (directory.ts): the company's active users among those the caller
// may see, with the counter value of their last change (db/schema/contacts-dav-groups.ts contact_dav_people,
// kept by the triggers of migrations/0035_contacts_dav_groups_directory.sql on users, organization_members
// and organizations) and their organisations; the users changed since a sync-token's value. Read only.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { contactDavPeople, organizationMembers, users } from "../../../../db/schema/index.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

export interface Colleague {
  id: number;
  name: string;
  email: string;
  jobGrade: string | null;
  position: string | null;
  /** The representative organisation. */
  organId: number | null;
  /** Every organisation they belong to. */
  memberOf: number[];
  seq: number;
  changedAt: Date;
}

/** Active users of the company: `ids` only when given (null: all). */
export async function colleagues(db: DbOrTx, companyId: number, ids: number[] | null): Promise<Colleague[]> {
  if (ids && !ids.length) return [];
  const rows = await db.select({
    id: users.id, name: users.accountName, email: users.username, jobGrade: users.jobGrade, position: users.position, organId: users.organId,
    seq: contactDavPeople.seq, changedAt: contactDavPeople.changedAt, createdAt: users.createdAt,
  }).from(users)
    .leftJoin(contactDavPeople, eq(contactDavPeople.userId, users.id))
    .where(and(eq(users.companyId, companyId), eq(users.status, "ACTIVE"), ids ? sql`${users.id} = any(${bigintArray(ids)})` : undefined))
    .orderBy(asc(users.id));
  if (!rows.length) return [];
  const members = await db.select({ userId: organizationMembers.userId, organId: organizationMembers.organId }).from(organizationMembers)
    .where(and(eq(organizationMembers.companyId, companyId), inArray(organizationMembers.userId, rows.map((r) => r.id))))
    .orderBy(asc(organizationMembers.organId));
  const byUser = new Map<number, number[]>();
  for (const m of members) byUser.set(m.userId, [...(byUser.get(m.userId) ?? []), m.organId]);
  return rows.map((r) => ({
    id: r.id, name: r.name, email: r.email, jobGrade: r.jobGrade, position: r.position, organId: r.organId,
    memberOf: byUser.get(r.id) ?? [], seq: Number(r.seq ?? 0), changedAt: r.changedAt ?? r.createdAt,
  }));
}

/** The users of the company's directory book changed after `seq`. */
export async function peopleChangedSince(db: DbOrTx, companyId: number, book: string, seq: number): Promise<number[]> {
  const rows = await db.select({ userId: contactDavPeople.userId }).from(contactDavPeople)
    .where(and(eq(contactDavPeople.companyId, companyId), eq(contactDavPeople.book, book), gt(contactDavPeople.seq, seq)));
  return rows.map((r) => r.userId);
}
