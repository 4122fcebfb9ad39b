// flow-3: to-do items whose PERSON column names the caller, not done (no STATUS column of the board holds the
// done label: DEFAULT_STATUS_OPTIONS' "Done", or 완료 / Selesai a board may use), newest first, in workspaces
// the caller follows (todo/access.ts: followers read a workspace's boards). One query.
import { sql } from "drizzle-orm";
import type { WidgetDataQuery } from "../../../../shared/home/api.ts";
import type { RowsData } from "../../../../shared/home/widgets.ts";
import type { Caller } from "../../../lib/context.ts";
import { todoItemLink } from "../../../lib/app-links.ts";

const DONE_LABELS = ["done", "완료", "selesai"];

export async function todoWidget(caller: Caller, q: WidgetDataQuery): Promise<RowsData> {
  const { companyId, userId } = caller.auth;
  const rows = await caller.deps.db.execute<{ id: string; title: string; board: string; workspace_id: string; board_id: string; group_id: string; parent_id: string | null; created_at: string }>(sql`
    select i.id, i.title, b.title as board, b.workspace_id, i.board_id, i.group_id, i.parent_id, i.created_at
    from todo_workspace_users f
      join todo_boards b on b.workspace_id = f.workspace_id and b.company_id = ${companyId}
      join todo_items i on i.board_id = b.id
    where f.user_id = ${userId} and f.company_id = ${companyId}
      and exists (select 1 from jsonb_array_elements(b.header) h
                  where h->>'type' = 'PERSON' and i.cells->(h->>'value') @> jsonb_build_array(${userId}::bigint))
      and not exists (select 1 from jsonb_array_elements(b.header) h
                      where h->>'type' = 'STATUS' and lower(i.cells->>(h->>'value')) = any(${`{${DONE_LABELS.join(",")}}`}::text[]))
    order by i.created_at desc, i.id desc limit ${q.size}`);
  return {
    rows: rows.map((r) => ({
      id: String(r.id),
      title: r.title,
      sub: r.board,
      at: new Date(r.created_at).toISOString(),
      link: todoItemLink(Number(r.workspace_id), Number(r.board_id), Number(r.group_id), Number(r.id), r.parent_id === null ? null : Number(r.parent_id)),
    })),
  };
}
