// board-1: the newest posts of the boards the caller may read (or of one board: READ needed, the board's own
// 404/403); board-2: must-read posts of readable boards the caller has not read yet (reading is the board's
// confirmation: board_post_reads). The boards' own access and list queries.
import { sql } from "drizzle-orm";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { WidgetDataQuery } from "../../../../shared/home/api.ts";
import type { RowsData, WidgetRow } from "../../../../shared/home/widgets.ts";
import type { Caller } from "../../../lib/context.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { readableBoardIds, requireBoard } from "../../board/access.ts";
import { type SummaryRow, summaries } from "../../board/posts/repo.ts";
import { postLink } from "../../../lib/app-links.ts";

const rowOf = (p: SummaryRow): WidgetRow => ({
  id: String(p.id),
  title: p.title,
  sub: p.boardName,
  at: new Date(p.createdAt).toISOString(),
  link: postLink(p.id, p.boardId),
  flag: !p.seen,
});

const newestFirst = sql`p.created_at desc nulls last, p.id desc nulls last`;

export async function newPostsWidget(caller: Caller, q: WidgetDataQuery): Promise<RowsData> {
  const { db } = caller.deps;
  const ids = q.boardId !== undefined
    ? [(await requireBoard(caller, q.boardId, "READ", { code: BOARD_ERRORS.postList })).id]
    : await readableBoardIds(db, caller.auth);
  if (!ids.length) return { rows: [] };
  const where = sql`p.company_id = ${caller.auth.companyId} and p.deleted_at is null and p.board_id = any(${bigintArray(ids)})`;
  const rows = await summaries(db, { where, order: newestFirst, limit: q.size, offset: 0, userId: caller.auth.userId, preview: 0 });
  return { rows: rows.map(rowOf) };
}

export async function mustReadWidget(caller: Caller, q: WidgetDataQuery): Promise<RowsData> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const ids = await readableBoardIds(db, caller.auth);
  if (!ids.length) return { rows: [] };
  const where = sql`p.company_id = ${companyId} and p.deleted_at is null and p.must_read and p.board_id = any(${bigintArray(ids)})
    and p.user_id <> ${userId}
    and not exists (select 1 from board_post_reads r where r.post_id = p.id and r.user_id = ${userId})`;
  const rows = await summaries(db, { where, order: newestFirst, limit: q.size, offset: 0, userId, preview: 0 });
  return { rows: rows.map((p) => ({ ...rowOf(p), flag: true })) };
}
