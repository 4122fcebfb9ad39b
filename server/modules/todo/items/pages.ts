// Pages of a board's top-level items: the first GROUP_PAGE_SIZE of every group for the board entry (one
// statement: a LATERAL per group over todo_items_group_order_idx) and the next page of one group
// (GET board/{id}/group/{groupId}/items), both narrowed by filter rows in SQL (filter-sql.ts).
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import type { FilterRow, HeaderColumn, ItemPage } from "../../../../shared/todo/boards.ts";
import { GROUP_PAGE_SIZE } from "../../../../shared/todo/constants.ts";
import type { TodoItem } from "../../../../shared/todo/items.ts";
import type { Caller } from "../../../lib/context.ts";
import type { BoardRow } from "../access.ts";
import { topLevelMatch } from "./filter-sql.ts";
import { ITEM_COLUMNS, type ItemRow, presentItem } from "./present.ts";

const whereOf = (match: SQL | null) => match ? sql`and ${match}` : sql``;

/** The statement of firstItemPages (the benchmark explains it). */
export function firstPagesSql(caller: Caller, board: BoardRow, header: HeaderColumn[], filter: FilterRow[]): SQL {
  const match = topLevelMatch(filter, header, caller.auth.userId);
  // A left join keeps a group with no matching item (one row of nulls but its id): moreItems names every group.
  return sql`
    select g.id as gid, x.* from todo_groups g
     left join lateral (
       select ${ITEM_COLUMNS} from todo_items i left join users u on u.id = i.created_by
        where i.group_id = g.id and i.parent_id is null ${whereOf(match)}
        order by i.sort_order, i.id
        limit ${GROUP_PAGE_SIZE + 1}) x on true
     where g.board_id = ${board.id} and g.company_id = ${caller.auth.companyId}
     order by g.sort_order, g.id, x.sort_order, x.id`;
}

/**
 * The first GROUP_PAGE_SIZE top-level items of each group of the board (by sortOrder, id), narrowed by
 * `filter`, by group order then sortOrder; moreItems says per group id whether more match.
 */
export async function firstItemPages(
  db: DbOrTx,
  caller: Caller,
  board: BoardRow,
  header: HeaderColumn[],
  filter: FilterRow[],
): Promise<{ items: TodoItem[]; moreItems: Record<string, boolean> }> {
  const rows = await db.execute<ItemRow & { gid: string }>(firstPagesSql(caller, board, header, filter));
  const items: TodoItem[] = [];
  const moreItems: Record<string, boolean> = {};
  const seen = new Map<number, number>();
  for (const row of rows) {
    const groupId = Number(row.gid);
    if (row.id === null) {
      moreItems[String(groupId)] = false;
      continue;
    }
    const n = (seen.get(groupId) ?? 0) + 1;
    seen.set(groupId, n);
    if (n > GROUP_PAGE_SIZE) {
      moreItems[String(groupId)] = true;
      continue;
    }
    moreItems[String(groupId)] ??= false;
    items.push(presentItem(row, header));
  }
  return { items, moreItems };
}

/** The next top-level items of a group (of this board) after the key `after`, narrowed by `filter`. */
export async function nextItemPage(
  db: DbOrTx,
  caller: Caller,
  board: BoardRow,
  header: HeaderColumn[],
  groupId: number,
  opts: { after?: string; limit: number; filter: FilterRow[] },
): Promise<ItemPage> {
  const match = topLevelMatch(opts.filter, header, caller.auth.userId);
  const after = opts.after ? sql`and i.sort_order > ${opts.after}::text collate "C"` : sql``;
  const rows = await db.execute<ItemRow>(sql`
    select ${ITEM_COLUMNS} from todo_items i left join users u on u.id = i.created_by
     where i.group_id = ${groupId} and i.board_id = ${board.id} and i.company_id = ${caller.auth.companyId}
       and i.parent_id is null ${after} ${whereOf(match)}
     order by i.sort_order, i.id
     limit ${opts.limit + 1}`);
  const more = rows.length > opts.limit;
  return { items: rows.slice(0, opts.limit).map((r) => presentItem(r, header)), more };
}
