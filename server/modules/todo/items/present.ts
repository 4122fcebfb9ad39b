// A to-do item as the API answers it (shared/todo/items.ts TodoItem) from one row of ITEM_COLUMNS: the cells of
// the board's columns, "title" for the title, and for every CREATED_LOG column { userId, name, time } of who
// made the item and when. Used by every call that answers items (the board entry too).
import { type SQL, sql } from "drizzle-orm";
import type { HeaderColumn } from "../../../../shared/todo/boards.ts";
import type { CellValue, TodoItem } from "../../../../shared/todo/items.ts";

/** What ITEM_COLUMNS selects (snake case, as raw SQL answers). */
export type ItemRow = {
  id: string | number;
  board_id: string | number;
  group_id: string | number;
  parent_id: string | number | null;
  sort_order: string;
  title: string;
  cells: Record<string, unknown> | string | null;
  exist_content: boolean;
  sub_cnt: string | number;
  checklist_cnt: string | number;
  checklist_done_cnt: string | number;
  attach_cnt: string | number;
  comment_cnt: string | number;
  created_by: string | number | null;
  creator_name: string | null;
  created_ms: string | number;
  updated_ms: string | number;
};

/**
 * The select list of an item row for `i` (todo_items) and `u` (users, left joined on i.created_by): put
 * `left join users u on u.id = i.created_by` after the FROM. existContent from octet_length: it reads a long
 * (TOASTed) content's size from its header, where `content <> ''` would fetch and decompress up to CONTENT_MAX
 * for every listed item.
 */
export const ITEM_COLUMNS: SQL = sql.raw(`i.id, i.board_id, i.group_id, i.parent_id, i.sort_order, i.title, i.cells,
  octet_length(i.content) > 0 as exist_content, i.sub_cnt, i.checklist_cnt, i.checklist_done_cnt, i.attach_cnt, i.comment_cnt,
  i.created_by, u.display_name as creator_name,
  (extract(epoch from i.created_at) * 1000)::bigint as created_ms, (extract(epoch from i.updated_at) * 1000)::bigint as updated_ms`);

/** The board's header as stored (todo_boards.header). */
export function headerOf(json: unknown): HeaderColumn[] {
  const v = typeof json === "string" ? JSON.parse(json) : json;
  return Array.isArray(v) ? (v as HeaderColumn[]) : [];
}

export function presentItem(row: ItemRow, header: HeaderColumn[]): TodoItem {
  const cells = (typeof row.cells === "string" ? JSON.parse(row.cells) : row.cells ?? {}) as Record<string, CellValue>;
  const createdTime = Number(row.created_ms);
  const createdBy = row.created_by === null ? 0 : Number(row.created_by);
  const items: Record<string, CellValue> = {};
  for (const col of header) {
    if (col.type === "TITLE") items[col.value] = row.title;
    else if (col.type === "CREATED_LOG") items[col.value] = { userId: createdBy, name: row.creator_name ?? "", time: createdTime };
    else if (col.type !== "ADDITIONAL" && cells[col.value] !== undefined && cells[col.value] !== null) items[col.value] = cells[col.value];
  }
  items.title = row.title;
  return {
    id: Number(row.id),
    boardId: Number(row.board_id),
    groupId: Number(row.group_id),
    parentId: row.parent_id === null ? 0 : Number(row.parent_id),
    sortOrder: row.sort_order,
    title: row.title,
    subCnt: Number(row.sub_cnt),
    itemRow: { items },
    existContent: row.exist_content,
    checkListCnt: Number(row.checklist_cnt),
    checkListDoneCnt: Number(row.checklist_done_cnt),
    attachCnt: Number(row.attach_cnt),
    commentCnt: Number(row.comment_cnt),
    createdBy,
    createdTime,
    updatedTime: Number(row.updated_ms),
  };
}
