// GET board/{id} (shared/todo/boards.ts BoardEntry; 002 §3 "Board entry response"): everything a board's
// screen opens with — the node, header, groups with their item counts, the first page of each group's
// top-level items narrowed by the filter that applies (items/pages.ts, items/filters.ts), the people its
// PERSON columns may name (organUserList: the workspace's followers, or with organId those of that
// organisation and its sub-organisations, each with their main organisation's name), the caller's saved
// filters, the dependencies and the kanban lanes. A folder has no entry (404 todo.board_not_found).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { BoardEntry, OrganUser } from "../../../../shared/todo/boards.ts";
import type { Caller } from "../../../lib/context.ts";
import { boardNotFound, requireBoard } from "../access.ts";
import { resolveFilter } from "../items/filters.ts";
import { firstItemPages } from "../items/pages.ts";
import { headerOf } from "../items/present.ts";
import { boardGroups } from "../items/repo.ts";
import { boardDependencyList } from "./dependencies.ts";
import { effectiveKanban } from "./kanban.ts";
import { callerFilters } from "./saved-filters.ts";
import { presentNode } from "./tree.ts";

/** The workspace's followers (by name), narrowed to an organisation and the ones below it when organId is given. */
async function organUsers(db: DbOrTx, companyId: number, workspaceId: number, organId?: number): Promise<OrganUser[]> {
  const inOrgan = organId === undefined ? sql`` : sql`and exists (
      with recursive sub(id) as (
        select id from organizations where id = ${organId} and company_id = ${companyId}
        union
        select o.id from organizations o join sub on o.parent_id = sub.id where o.company_id = ${companyId}
      )
      select 1 from organization_members m where m.user_id = u.id and m.organ_id in (select id from sub))`;
  const rows = await db.execute<{ id: string; name: string; email: string; organ_name: string | null }>(sql`
    select u.id, u.display_name as name, u.username as email, o.name as organ_name
      from todo_workspace_users f join users u on u.id = f.user_id
      left join organizations o on o.id = u.organ_id and o.company_id = u.company_id
     where f.workspace_id = ${workspaceId} and u.company_id = ${companyId} ${inOrgan}
     order by u.display_name, u.id`);
  return rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email, organName: r.organ_name }));
}

export async function boardEntry(caller: Caller, boardId: number, q: { organId?: number; filterId?: number; filters?: string }): Promise<BoardEntry> {
  const db = caller.deps.db;
  const { companyId } = caller.auth;
  const { board } = await requireBoard(db, caller, boardId);
  if (board.boardType !== "BOARD") throw boardNotFound();
  const header = headerOf(board.header);
  const applied = await resolveFilter(db, caller, board, header, q);
  const [groups, pages, organUserList, filters, dependencies] = await Promise.all([
    boardGroups(db, companyId, board.id),
    firstItemPages(db, caller, board, header, applied.rows),
    organUsers(db, companyId, board.workspaceId, q.organId),
    callerFilters(db, caller, board.id),
    boardDependencyList(db, companyId, board.id),
  ]);
  return {
    board: presentNode(board),
    workspaceId: board.workspaceId,
    header,
    groups,
    items: pages.items,
    moreItems: pages.moreItems,
    organUserList,
    filters,
    defaultFilterId: filters.find((f) => f.isDefault)?.id ?? null,
    appliedFilterId: applied.appliedFilterId,
    dependencies,
    kanban: effectiveKanban(board, header),
  };
}
