// Queries of a document's permission members (wiki_permissions). Every query is scoped by the company.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { AccessLevel } from "../../../../shared/wiki/constants.ts";
import type { PermissionMember } from "../../../../shared/wiki/permissions.ts";
import { bigintArray } from "../../../lib/sql-array.ts";

type Raw = Record<string, unknown>;
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown) => (v === null || v === undefined ? null : String(v));

const memberColumns = sql`p.id, p.doc_id, p.access_level, p.user_id, p.organ_id, p.include_children,
  u.username, u.account_name, u.position, u.job_grade, o.name as organ_name`;
const memberJoins = sql`left join users u on u.id = p.user_id and u.company_id = p.company_id
  left join organizations o on o.id = p.organ_id and o.company_id = p.company_id`;

function member(r: Raw): PermissionMember {
  return {
    id: Number(r.id),
    documentId: Number(r.doc_id),
    accessLevel: String(r.access_level) as AccessLevel,
    userId: numOrNull(r.user_id),
    username: strOrNull(r.username),
    accountName: strOrNull(r.account_name),
    jobTitle: strOrNull(r.position),
    jobGrade: strOrNull(r.job_grade),
    organId: numOrNull(r.organ_id),
    organName: strOrNull(r.organ_name),
    includeChildren: Boolean(r.include_children),
  };
}

/** The members of one document's own permissions: people first, then organisations, each in the order added. */
export async function membersOf(db: DbOrTx, companyId: number, docId: number): Promise<PermissionMember[]> {
  const rows = await db.execute<Raw>(sql`
    select ${memberColumns} from wiki_permissions p ${memberJoins}
     where p.company_id = ${companyId} and p.doc_id = ${docId}
     order by p.user_id is null, p.id`);
  return rows.map(member);
}

/** One member row by its id (null when missing or another company's). */
export async function memberById(db: DbOrTx, companyId: number, id: number): Promise<PermissionMember | null> {
  const [row] = await db.execute<Raw>(sql`
    select ${memberColumns} from wiki_permissions p ${memberJoins} where p.company_id = ${companyId} and p.id = ${id}`);
  return row ? member(row) : null;
}

/** Which of the ids are users of the company. */
export async function companyUsers(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.execute<{ id: string }>(sql`
    select id from users where company_id = ${companyId} and id = any(${bigintArray(ids)})`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** Which of the ids are organisations of the company. */
export async function companyOrgans(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.execute<{ id: string }>(sql`
    select id from organizations where company_id = ${companyId} and id = any(${bigintArray(ids)})`);
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Locks the document and its ancestors (root first), so permission changes up and down one branch run one
 * after another and each refreshSubtree sees the rows the other wrote.
 */
export async function lockPath(tx: DbOrTx, companyId: number, ids: number[]): Promise<void> {
  await tx.execute(sql`
    select id from wiki_docs where company_id = ${companyId} and id = any(${bigintArray(ids)}) order by depth for update`);
}

/** Whether the document has rows of its own. */
export async function hasOwn(tx: DbOrTx, companyId: number, docId: number): Promise<boolean> {
  const [row] = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from wiki_permissions where company_id = ${companyId} and doc_id = ${docId}`);
  return Number(row?.n ?? 0) > 0;
}

/** Copies the rows of `fromDocId` onto `docId`. */
export async function copyRows(tx: DbOrTx, companyId: number, fromDocId: number, docId: number): Promise<void> {
  await tx.execute(sql`
    insert into wiki_permissions (company_id, doc_id, user_id, organ_id, include_children, access_level)
    select company_id, ${docId}, user_id, organ_id, include_children, access_level
      from wiki_permissions where company_id = ${companyId} and doc_id = ${fromDocId}
     order by id`);
}

export interface MemberRow {
  userId: number | null;
  organId: number | null;
  accessLevel: AccessLevel;
  includeChildren: boolean;
}

/** Sets a member's row on the document (added, or its level and includeChildren replaced). */
export async function upsert(tx: DbOrTx, companyId: number, docId: number, m: MemberRow): Promise<void> {
  const conflict = m.userId !== null
    ? sql`(doc_id, user_id) where user_id is not null`
    : sql`(doc_id, organ_id) where organ_id is not null`;
  await tx.execute(sql`
    insert into wiki_permissions (company_id, doc_id, user_id, organ_id, include_children, access_level)
    values (${companyId}, ${docId}, ${m.userId}, ${m.organId}, ${m.includeChildren}, ${m.accessLevel})
    on conflict ${conflict} do update set access_level = excluded.access_level, include_children = excluded.include_children`);
}

/** Removes the document's rows (all, or the one with `id`). */
export async function removeRows(tx: DbOrTx, companyId: number, docId: number, id?: number): Promise<void> {
  await tx.execute(sql`
    delete from wiki_permissions where company_id = ${companyId} and doc_id = ${docId} ${id === undefined ? sql`` : sql`and id = ${id}`}`);
}

/** How many rows the document has, and how many of them are OWNER. */
export async function ownerCount(tx: DbOrTx, companyId: number, docId: number): Promise<{ rows: number; owners: number }> {
  const [row] = await tx.execute<{ rows: number; owners: number }>(sql`
    select count(*)::int as rows, (count(*) filter (where access_level = 'OWNER'))::int as owners
      from wiki_permissions where company_id = ${companyId} and doc_id = ${docId}`);
  return { rows: Number(row?.rows ?? 0), owners: Number(row?.owners ?? 0) };
}
