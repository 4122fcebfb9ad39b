// Set-up of the group and item tests (tests/todo/groups.test.ts, items*.test.ts): a workspace made through the
// API (owner 김소유, follower 이팔로) and a board written straight into the database with a header holding every
// column type (so these tests do not wait on the board calls), one group; item makers and the sort keys as
// stored.
import { generateKeyBetween } from "fractional-indexing";
import type { HeaderColumn } from "../../shared/todo/boards.ts";
import type { TodoItem } from "../../shared/todo/items.ts";
import type { TestApp } from "../support/test-app.ts";
import { follow, makeWorkspace, type TodoCompany, todoApi } from "./support.ts";

export const HEADER: HeaderColumn[] = [
  { value: "title", type: "TITLE", name: "", width: 300, connectedColumn: null, options: [] },
  { value: "person", type: "PERSON", name: "담당자", width: 90, connectedColumn: null, options: [] },
  {
    value: "status", type: "STATUS", name: "상태", width: 90, connectedColumn: null,
    options: [{ label: "진행 중", color: "#fdab3d" }, { label: "완료", color: "#00c875" }, { label: "막힘", color: "#e2445c" }],
  },
  { value: "timeline", type: "TIMELINE", name: "일정", width: 150, connectedColumn: "status", options: [] },
  { value: "timeline2", type: "TIMELINE", name: "예비 일정", width: 150, connectedColumn: null, options: [] },
  { value: "number", type: "NUMBER", name: "예산", width: 90, connectedColumn: null, options: [] },
  { value: "text", type: "TEXT", name: "메모", width: 90, connectedColumn: null, options: [] },
  { value: "link", type: "LINK", name: "링크", width: 360, connectedColumn: null, options: [] },
  { value: "check", type: "CHECK", name: "확인", width: 62, connectedColumn: null, options: [] },
  { value: "created", type: "CREATED_LOG", name: "", width: 150, connectedColumn: null, options: [] },
  { value: "additional", type: "ADDITIONAL", name: "", width: 100, connectedColumn: null, options: [] },
];

export interface ItemBoard {
  workspaceId: number;
  boardId: number;
  /** The board's first group. */
  groupId: number;
}

/** A workspace of `c.owner` followed by `c.follower`, with a board of HEADER and one group "할 일". */
export async function itemBoard(t: TestApp, c: TodoCompany, title = "출시 계획"): Promise<ItemBoard> {
  const ws = await makeWorkspace(t, c.owner, `${title} 공간`);
  await follow(t, c.follower, ws.id);
  const now = t.clock.now().toISOString();
  const [b] = await t.db.sql<{ id: string }[]>`
    insert into todo_boards (company_id, workspace_id, board_type, title, sort_order, header, created_by, created_at, updated_at)
    values (${c.co.companyId}, ${ws.id}, 'BOARD', ${title}, ${generateKeyBetween(null, null)}, ${JSON.stringify(HEADER)}::jsonb,
            ${c.owner.id}, ${now}, ${now}) returning id`;
  const [g] = await t.db.sql<{ id: string }[]>`
    insert into todo_groups (company_id, board_id, title, color, sort_order, created_at)
    values (${c.co.companyId}, ${b.id}, '할 일', '#579bfc', 'a0', ${now}) returning id`;
  return { workspaceId: ws.id, boardId: Number(b.id), groupId: Number(g.id) };
}

/** POST item (201). */
export async function addItem(
  t: TestApp,
  who: { token: string },
  b: { boardId: number; groupId: number },
  title: string,
  extra: { parentId?: number; sortOrder?: string } = {},
): Promise<TodoItem> {
  return await todoApi(t).ok<TodoItem>(201, "POST", "item", who, { boardId: b.boardId, groupId: b.groupId, title, ...extra });
}

/** PUT item/{id} (201). */
export async function putCell(t: TestApp, who: { token: string }, boardId: number, itemId: number, headerValue: string, value: unknown): Promise<TodoItem> {
  return await todoApi(t).ok<TodoItem>(201, "PUT", `item/${itemId}`, who, { boardId, headerValue, itemValue: JSON.stringify(value) });
}

/** Every item of the board as stored: id → [group, parent, sort key]. */
export async function storedItems(t: TestApp, boardId: number): Promise<Map<number, { groupId: number; parentId: number | null; sortOrder: string; subCnt: number }>> {
  const rows = await t.db.sql<{ id: string; group_id: string; parent_id: string | null; sort_order: string; sub_cnt: string }[]>`
    select id, group_id, parent_id, sort_order, sub_cnt from todo_items where board_id = ${boardId}`;
  return new Map(rows.map((r) => [Number(r.id), {
    groupId: Number(r.group_id), parentId: r.parent_id === null ? null : Number(r.parent_id), sortOrder: r.sort_order, subCnt: Number(r.sub_cnt),
  }]));
}

/** Titles of a level in stored order (the C collation of the column). */
export async function titlesInOrder(t: TestApp, groupId: number, parentId: number | null = null): Promise<string[]> {
  const rows = parentId === null
    ? await t.db.sql<{ title: string }[]>`select title from todo_items where group_id = ${groupId} and parent_id is null order by sort_order, id`
    : await t.db.sql<{ title: string }[]>`select title from todo_items where parent_id = ${parentId} order by sort_order, id`;
  return rows.map((r) => r.title);
}
