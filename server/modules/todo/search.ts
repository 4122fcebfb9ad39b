// A keyword lookup of to-do items (the search across modules, shared/search.ts "workflow"): items whose title
// holds every word of the keyword (server/lib/search-words.ts: the same word rules as the other searches; a
// Korean word matches inside a longer one, "회의" in "회의록"), on boards of the workspaces the caller FOLLOWS
// (those whose boards they may read: access.ts), newest changed first, counted up to COUNT_CAP. Titles carry no
// index of their own: the followed workspaces' items are few enough to read through.
import { sql } from "drizzle-orm";
import type { Caller } from "../../lib/context.ts";
import { wordsOf, likeIn } from "../../lib/search-words.ts";

const COUNT_CAP = 1000;

export interface ItemHit {
  id: number;
  title: string;
  workspaceId: number;
  workspaceTitle: string;
  boardId: number;
  boardTitle: string;
  groupId: number;
  parentId: number | null;
  updatedAt: string;
}

export async function searchItems(caller: Caller, keyword: string, limit: number): Promise<{ hits: ItemHit[]; total: number }> {
  const words = wordsOf(keyword);
  if (!words.length) return { hits: [], total: 0 };
  const { companyId, userId } = caller.auth;
  const where = sql`i.company_id = ${companyId}
    and b.workspace_id in (select workspace_id from todo_workspace_users where user_id = ${userId})
    and ${sql.join(words.map((w) => likeIn(sql`i.title`, w)), sql` and `)}`;
  const from = sql`from todo_items i join todo_boards b on b.id = i.board_id`;
  const [rows, [{ n }]] = await Promise.all([
    caller.deps.db.execute<{
      id: string; title: string; workspace_id: string; workspace_title: string; board_id: string; board_title: string;
      group_id: string; parent_id: string | null; updated_at: string | Date;
    }>(sql`
      select i.id, i.title, b.workspace_id, w.title as workspace_title, i.board_id, b.title as board_title, i.group_id,
             i.parent_id, i.updated_at
        ${from} join todo_workspaces w on w.id = b.workspace_id
       where ${where}
       order by i.updated_at desc, i.id desc limit ${limit}`),
    caller.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 ${from} where ${where} limit ${COUNT_CAP}) x`),
  ]);
  return {
    hits: rows.map((r) => ({
      id: Number(r.id), title: r.title, workspaceId: Number(r.workspace_id), workspaceTitle: r.workspace_title,
      boardId: Number(r.board_id), boardTitle: r.board_title, groupId: Number(r.group_id),
      parentId: r.parent_id === null ? null : Number(r.parent_id), updatedAt: new Date(r.updated_at).toISOString(),
    })),
    total: n,
  };
}
