// Queries of a user's folders: every one is scoped by company and user. Structural changes (create, move,
// delete) run under lockFolders(), a per-user transaction lock, so sibling names, sort orders and the
// no-cycle rule are checked against a tree nobody else is changing. Counters are never written here except
// by recount(), the repair behind PUT api/folders/sync.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailFolders } from "../../../../db/schema/mail.ts";

export type FolderRow = typeof mailFolders.$inferSelect;

const own = (companyId: number, userId: number) => and(eq(mailFolders.companyId, companyId), eq(mailFolders.userId, userId));

/** Serialises structural changes of one user's folders until the transaction ends. */
export async function lockFolders(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail_folders:${userId}`}, 0))`);
}

/** All the user's real folders (system, private, saved search), in sibling order. */
export async function allFolders(db: DbOrTx, companyId: number, userId: number): Promise<FolderRow[]> {
  return await db.select().from(mailFolders).where(own(companyId, userId))
    .orderBy(mailFolders.sortOrder, mailFolders.id);
}

export async function findFolder(db: DbOrTx, companyId: number, userId: number, id: number): Promise<FolderRow | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const [row] = await db.select().from(mailFolders).where(and(own(companyId, userId), eq(mailFolders.id, id)));
  return row;
}

export async function insertFolder(db: DbOrTx, values: typeof mailFolders.$inferInsert): Promise<FolderRow> {
  const [row] = await db.insert(mailFolders).values(values).returning();
  return row;
}

type FolderChanges = Partial<Pick<FolderRow, "name" | "color" | "options" | "parentId" | "sortOrder">>;

export async function updateFolder(db: DbOrTx, companyId: number, userId: number, id: number, values: FolderChanges) {
  const [row] = await db.update(mailFolders).set(values).where(and(own(companyId, userId), eq(mailFolders.id, id))).returning();
  return row as FolderRow | undefined;
}

/** Gives the children of `parentId` the sort orders 1..n in the order of `orderedIds`. */
export async function setChildOrder(db: DbOrTx, companyId: number, userId: number, parentId: number, orderedIds: number[]) {
  if (orderedIds.length === 0) return;
  await db.execute(sql`update mail_folders f set sort_order = o.n
    from unnest(${bigintArray(orderedIds)}) with ordinality as o(id, n)
    where f.id = o.id and f.company_id = ${companyId} and f.user_id = ${userId} and f.parent_id = ${parentId}
      and f.sort_order is distinct from o.n::int`);
}

/** Whether any mail is filed in the folder. */
export async function holdsMails(db: DbOrTx, userId: number, folderId: number): Promise<boolean> {
  const rows = await db.execute(sql`select 1 from mails where user_id = ${userId} and folder_id = ${folderId} limit 1`);
  return rows.length > 0;
}

export async function deleteFolder(db: DbOrTx, companyId: number, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(mailFolders).where(and(own(companyId, userId), eq(mailFolders.id, id))).returning({ id: mailFolders.id });
  return rows.length > 0;
}

export interface FlagCounts {
  importantTotal: number;
  importantNew: number;
  importantSize: number;
  attachTotal: number;
  attachNew: number;
  attachSize: number;
}

/**
 * Starred and with-attachment counts over the user's mails outside `excludedFolderIds`, in one pass over the
 * mails that are either (partial indexes on (user_id) where important / where has_attachments serve it).
 */
export async function flagCounts(db: DbOrTx, userId: number, excludedFolderIds: number[]): Promise<FlagCounts> {
  const [r] = await db.execute<Record<keyof FlagCounts, string | number>>(sql`select
      count(*) filter (where important) as "importantTotal",
      count(*) filter (where important and not read) as "importantNew",
      coalesce(sum(size) filter (where important), 0) as "importantSize",
      count(*) filter (where has_attachments) as "attachTotal",
      count(*) filter (where has_attachments and not read) as "attachNew",
      coalesce(sum(size) filter (where has_attachments), 0) as "attachSize"
    from mails
    where user_id = ${userId} and (important or has_attachments)
      and folder_id <> all(${bigintArray(excludedFolderIds)})`);
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as unknown as FlagCounts;
}

export interface TagCount {
  tag: string;
  total: number;
  unread: number;
  size: number;
}

/** Per tag, the user's mails outside `excludedFolderIds` holding it (the tags GIN index finds them). */
export async function tagCounts(db: DbOrTx, userId: number, tags: string[], excludedFolderIds: number[]): Promise<TagCount[]> {
  if (tags.length === 0) return [];
  const rows = await db.execute<{ tag: string; total: string; unread: string; size: string }>(sql`
    select t.tag, count(*) as total, count(*) filter (where not m.read) as unread, coalesce(sum(m.size), 0) as size
    from mails m cross join lateral unnest(m.tags) as t(tag)
    where m.user_id = ${userId} and m.tags && ${textArray(tags)}
      and m.folder_id <> all(${bigintArray(excludedFolderIds)})
      and t.tag = any(${textArray(tags)})
    group by t.tag`);
  return rows.map((r) => ({ tag: r.tag, total: Number(r.total), unread: Number(r.unread), size: Number(r.size) }));
}

/** A bigint[] parameter. */
function bigintArray(ids: number[]) {
  return sql`${`{${ids.map((id) => String(Math.trunc(id))).join(",")}}`}::bigint[]`;
}

/** A text[] parameter (each element bound, never spliced into the SQL text). */
export function textArray(values: string[]) {
  return sql`array[${sql.join(values.map((v) => sql`${v}::text`), sql`, `)}]::text[]`;
}

/**
 * The repair: every counter of the user's folders recounted from the mails. The folder rows are locked
 * first, in id order as the counter triggers lock them, and then counted in a fresh snapshot: a mail
 * committed before the lock is counted, one filed after it waits and adds its own delta afterwards.
 */
export async function recount(tx: DbOrTx, companyId: number, userId: number): Promise<number> {
  await tx.execute(sql`select 1 from mail_folders where company_id = ${companyId} and user_id = ${userId} order by id for update`);
  const rows = await tx.execute(sql`update mail_folders f
       set total_count = c.n, new_count = c.u, used_size = c.s
      from (select f2.id, count(m.id)::int as n, (count(m.id) filter (where not m.read))::int as u,
                   coalesce(sum(m.size), 0)::bigint as s
              from mail_folders f2 left join mails m on m.folder_id = f2.id and m.user_id = f2.user_id
             where f2.company_id = ${companyId} and f2.user_id = ${userId}
             group by f2.id) c
     where f.id = c.id and (f.total_count, f.new_count, f.used_size) is distinct from (c.n, c.u, c.s)
     returning f.id`);
  return rows.length;
}
