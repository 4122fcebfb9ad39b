// The boxes' queries: one page of a box's documents (ids with the caller's line facts) and the total, and the
// DocumentSummary rows of those ids. Everything is scoped by the caller's company.
import { and, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { DocumentStatus } from "../../../../shared/approval/constants.ts";
import type { DocumentSummary } from "../../../../shared/approval/documents.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import type { BoxSort, BoxSource } from "./sources.ts";

export interface BoxRow {
  id: number;
  lineStatus: string | null;
  unread: boolean;
}

const SORT_KEYS: Record<BoxSort, SQL> = {
  draftedAt: sql`d.drafted_at`,
  completedAt: sql`d.completed_at`,
  updatedAt: sql`d.updated_at`,
  title: sql`d.title`,
  docNum: sql`d.doc_num`,
  formName: sql`(select f.name from approval_forms f where f.id = d.form_id)`,
  drafterName: sql`(select u.account_name from users u where u.id = d.drafter_id)`,
};

/**
 * A line box reads its documents by id for each of the caller's lines (a few hundred at most): the lateral
 * subquery (offset 0 keeps it apart) stops the planner from hashing every document of the company when its
 * estimate of the lines is off.
 */
function fromWhere(companyId: number, src: BoxSource, filter: SQL | undefined): SQL {
  const where = and(sql`d.company_id = ${companyId}`, src.doc, filter);
  if (!src.lines) return sql`from approval_documents d where ${where}`;
  return sql`from (${src.lines}) s
    cross join lateral (select * from approval_documents d0 where d0.id = s.doc_id offset 0) d
    where ${where}`;
}

/** One page of the box (offset, limit) in the order asked, and how many documents the box holds in all. */
export async function boxPage(
  db: DbOrTx,
  companyId: number,
  src: BoxSource,
  filter: SQL | undefined,
  order: { sort: BoxSort; dir: "asc" | "desc" },
  limit: number,
  offset: number,
  withTotal = true,
): Promise<{ rows: BoxRow[]; total: number }> {
  const dir = sql.raw(order.dir);
  const by = [
    ...(src.pendingFirst ? [sql`s.rank`] : []),
    sql`${SORT_KEYS[order.sort]} ${dir} nulls last`,
    sql`d.id ${dir}`,
  ];
  const lineCols = src.lines ? sql`s.line_status, s.unread` : sql`null::text as line_status, false as unread`;
  const total = withTotal ? sql`, count(*) over () as total` : sql``;
  const rows = await db.execute<{ id: string; line_status: string | null; unread: boolean; total?: string }>(sql`
    select d.id, ${lineCols} ${total} ${fromWhere(companyId, src, filter)}
    order by ${sql.join(by, sql`, `)} limit ${limit} offset ${offset}`);
  let count = rows.length ? Number(rows[0].total ?? rows.length) : 0;
  if (withTotal && rows.length === 0 && offset > 0) {
    const [c] = await db.execute<{ n: string }>(sql`select count(*) as n ${fromWhere(companyId, src, filter)}`);
    count = Number(c.n);
  }
  return { rows: rows.map((r) => ({ id: Number(r.id), lineStatus: r.line_status, unread: r.unread })), total: count };
}

/** How many documents the box holds. */
export async function boxCount(db: DbOrTx, companyId: number, src: BoxSource): Promise<number> {
  const [c] = await db.execute<{ n: string }>(sql`select count(*) as n ${fromWhere(companyId, src, undefined)}`);
  return Number(c.n);
}

type SummaryRow = {
  id: string;
  title: string;
  status: DocumentStatus;
  doc_num: string | null;
  form_id: string;
  form_name: string;
  drafter_id: string;
  drafter_name: string;
  drafter_position: string | null;
  draft_organ_id: string;
  draft_organ_name: string;
  drafted_at: Date | null;
  completed_at: Date | null;
  updated_at: Date;
  has_files: boolean;
  current_approver: string | null;
};

const millis = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** The summaries of the rows, in their order (ids of another company are not answered). */
export async function summariesOf(db: DbOrTx, companyId: number, rows: BoxRow[]): Promise<DocumentSummary[]> {
  if (!rows.length) return [];
  const found = await db.execute<SummaryRow>(sql`
    select d.id, d.title, d.status, d.doc_num, d.form_id, f.name as form_name, d.drafter_id, u.account_name as drafter_name,
      u.position as drafter_position, d.draft_organ_id, o.name as draft_organ_name, d.drafted_at, d.completed_at, d.updated_at,
      exists (select 1 from approval_files af where af.document_id = d.id) as has_files,
      (select coalesce(pu.account_name, po.name) from approval_lines pl
        left join users pu on pu.id = pl.user_id left join organizations po on po.id = pl.organ_id
        where pl.document_id = d.id and pl.status = 'PENDING_APPROVAL'
        order by (pl.grp = 'APPROVAL') desc, pl.sort_order, pl.id limit 1) as current_approver
    from approval_documents d
      join approval_forms f on f.id = d.form_id
      join users u on u.id = d.drafter_id
      join organizations o on o.id = d.draft_organ_id
    where d.company_id = ${companyId} and d.id = any(${bigintArray(rows.map((r) => r.id))})`);
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return rows.flatMap((row) => {
    const r = byId.get(row.id);
    if (!r) return [];
    return [{
      id: row.id,
      title: r.title,
      status: r.status,
      docNum: r.doc_num,
      formId: Number(r.form_id),
      formName: r.form_name,
      drafter: { id: Number(r.drafter_id), name: r.drafter_name, position: r.drafter_position },
      draftOrgan: { id: Number(r.draft_organ_id), name: r.draft_organ_name },
      draftedAt: millis(r.drafted_at),
      completedAt: millis(r.completed_at),
      updatedAt: millis(r.updated_at)!,
      hasFiles: r.has_files,
      currentApprover: r.current_approver,
      myLineStatus: row.lineStatus,
      unread: row.unread,
    }];
  });
}
