// Queries of a user's folders: every one is scoped by company and user. Structural changes (create, move,
// delete) run under lockFolders(), a per-user transaction lock, so sibling names, sort orders and the
// no-cycle rule are checked against a tree nobody else is changing. Counters are never written here except
// by recount(), the repair behind PUT api/folders/sync.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailFolders } from "../../../../db/schema/mail.ts";
import { mailTaskCondition } from "../../flow/mail-tasks/link.ts";

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

export interface TagCount {
  tag: string;
  total: number;
  unread: number;
  size: number;
}

/**
 * Per tag, the user's mails holding it outside folders of `excludedTypes`: the trigger-kept rows of
 * mail_tag_counts (one per folder and tag) added up, so the cost follows the number of folders and tags,
 * never the number of mails.
 */
export async function tagCounts(db: DbOrTx, userId: number, excludedTypes: readonly string[]): Promise<TagCount[]> {
  const rows = await db.execute<{ tag: string; total: string; unread: string; size: string }>(sql`
    select c.tag, sum(c.total_count) as total, sum(c.new_count) as unread, sum(c.used_size) as size
    from mail_tag_counts c join mail_folders f on f.id = c.folder_id
    where c.user_id = ${userId} and f.folder_type <> all(${textArray([...excludedTypes])})
    group by c.tag`);
  return rows.map((r) => ({ tag: r.tag, total: Number(r.total), unread: Number(r.unread), size: Number(r.size) }));
}

export interface FlowCount {
  /** The company uses flow: only then has the tree a flow folder (-17). */
  useFlow: boolean;
  total: number;
  unread: number;
  size: number;
}

/**
 * The flow folder's counts in one query with the company's flow switch: the user's mails outside folders of
 * `excludedTypes` that are linked to a task (flow's mail-tasks/link.ts, the condition the list of -17 uses),
 * found from the user's links (flow_mail_tasks_user_idx), so the cost follows the links, never the mailbox.
 * Nothing is counted where flow is off.
 */
export async function flowCount(db: DbOrTx, companyId: number, userId: number, excludedTypes: readonly string[]): Promise<FlowCount> {
  const rows = await db.execute<{ use_flow: boolean; total: string | null; unread: string | null; size: string | null }>(sql`
    select co.use_flow, x.total, x.unread, x.size
      from companies co
      left join lateral (
        select count(*) as total, count(*) filter (where not lm.read) as unread, coalesce(sum(lm.size), 0) as size
          from mails lm join mail_folders lf on lf.id = lm.folder_id
         where co.use_flow
           and lm.id in (select l.mail_id from flow_mail_tasks l where l.user_id = ${userId} and l.company_id = ${companyId})
           and lm.user_id = ${userId} and lf.folder_type <> all(${textArray([...excludedTypes])})
           and ${mailTaskCondition(sql`lm.id`, sql`${userId}::bigint`)}) x on true
     where co.id = ${companyId}`);
  const r = rows[0];
  return { useFlow: r?.use_flow === true, total: Number(r?.total ?? 0), unread: Number(r?.unread ?? 0), size: Number(r?.size ?? 0) };
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
 * The repair: every counter of the user's folders (and their tag rows) recounted from the mails. The folder
 * rows are locked first, in id order as the counter triggers lock them, and then counted in a fresh
 * snapshot: a mail committed before the lock is counted, one filed after it waits and adds its own delta
 * afterwards. Answers how many folders (or tag rows) were off.
 */
export async function recount(tx: DbOrTx, companyId: number, userId: number): Promise<number> {
  await tx.execute(sql`select 1 from mail_folders where company_id = ${companyId} and user_id = ${userId} order by id for update`);
  const rows = await tx.execute(sql`update mail_folders f
       set total_count = c.n, new_count = c.u, used_size = c.s,
           important_count = c.imp_n, important_new_count = c.imp_u, important_size = c.imp_s,
           attach_count = c.att_n, attach_new_count = c.att_u, attach_size = c.att_s
      from (select f2.id, count(m.id)::int as n, (count(m.id) filter (where not m.read))::int as u,
                   coalesce(sum(m.size), 0)::bigint as s,
                   (count(m.id) filter (where m.important))::int as imp_n,
                   (count(m.id) filter (where m.important and not m.read))::int as imp_u,
                   coalesce(sum(m.size) filter (where m.important), 0)::bigint as imp_s,
                   (count(m.id) filter (where m.has_attachments))::int as att_n,
                   (count(m.id) filter (where m.has_attachments and not m.read))::int as att_u,
                   coalesce(sum(m.size) filter (where m.has_attachments), 0)::bigint as att_s
              from mail_folders f2 left join mails m on m.folder_id = f2.id and m.user_id = f2.user_id
             where f2.company_id = ${companyId} and f2.user_id = ${userId}
             group by f2.id) c
     where f.id = c.id
       and (f.total_count, f.new_count, f.used_size, f.important_count, f.important_new_count, f.important_size,
            f.attach_count, f.attach_new_count, f.attach_size)
           is distinct from (c.n, c.u, c.s, c.imp_n, c.imp_u, c.imp_s, c.att_n, c.att_u, c.att_s)
     returning f.id`);
  // Tag rows: the true ones, compared with what is kept; rows that differ are replaced, stray ones removed.
  const tags = await tx.execute(sql`with truth as (
      select m.folder_id, t.tag, count(*)::int as n, (count(*) filter (where not m.read))::int as u,
             sum(m.size)::bigint as s
        from mails m cross join lateral unnest(m.tags) as t(tag)
        join mail_folders f on f.id = m.folder_id and f.user_id = m.user_id
       where m.user_id = ${userId} and m.company_id = ${companyId}
       group by m.folder_id, t.tag),
    gone as (
      delete from mail_tag_counts c
       where c.user_id = ${userId} and c.company_id = ${companyId}
         and not exists (select 1 from truth where truth.folder_id = c.folder_id and truth.tag = c.tag)
      returning c.folder_id),
    fixed as (
      insert into mail_tag_counts as c (folder_id, tag, company_id, user_id, total_count, new_count, used_size)
      select truth.folder_id, truth.tag, ${companyId}, ${userId}, truth.n, truth.u, truth.s from truth
       order by truth.folder_id, truth.tag
      on conflict (folder_id, tag) do update
         set total_count = excluded.total_count, new_count = excluded.new_count, used_size = excluded.used_size
       where (c.total_count, c.new_count, c.used_size)
             is distinct from (excluded.total_count, excluded.new_count, excluded.used_size)
      returning c.folder_id)
    select (select count(*) from gone) + (select count(*) from fixed) as n`);
  return rows.length + Number((tags[0] as { n: string | number }).n);
}
