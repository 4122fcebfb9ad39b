// The bell's notices of to-do (issue 32, shared/notifications/kinds.ts todo.*), after the write committed and
// never for the actor (notify() leaves them out): an item's PERSON column newly naming someone (todo.assigned),
// a comment on an item to the people its PERSON columns name (todo.comment). The link opens the item in its
// board's detail panel (web/src/modules/todo/paths.ts boardPath with groupId and itemId, parentId for a
// sub-item); objectKey "todo:{itemId}", forgotten in the transaction that deletes the item, whether on its own,
// as a sub-item, or with its group, board or workspace (forgetItemNoticesIn).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import type { Caller } from "../../lib/context.ts";
import { todoItemLink } from "../../lib/app-links.ts";
import { bigintArray } from "../../lib/sql-array.ts";
import { forgetSelectedIn, notify } from "../notifications/notify.ts";

interface ItemPlace {
  title: string;
  workspaceId: number;
  boardId: number;
  groupId: number;
  parentId: number | null;
  header: { type?: string; value?: string }[];
  cells: Record<string, unknown>;
}

async function itemPlace(caller: Caller, itemId: number): Promise<ItemPlace | null> {
  const [r] = await caller.deps.db.execute<{
    title: string; workspace_id: string; board_id: string; group_id: string; parent_id: string | null; header: unknown; cells: unknown;
  }>(sql`
    select i.title, b.workspace_id, i.board_id, i.group_id, i.parent_id, b.header, i.cells
      from todo_items i join todo_boards b on b.id = i.board_id
     where i.id = ${itemId} and i.company_id = ${caller.auth.companyId}`);
  if (!r) return null;
  const json = (v: unknown) => typeof v === "string" ? JSON.parse(v) : v;
  return {
    title: r.title, workspaceId: Number(r.workspace_id), boardId: Number(r.board_id), groupId: Number(r.group_id),
    parentId: r.parent_id === null ? null : Number(r.parent_id), header: json(r.header) ?? [], cells: json(r.cells) ?? {},
  };
}

const itemLink = (p: ItemPlace, itemId: number) => todoItemLink(p.workspaceId, p.boardId, p.groupId, itemId, p.parentId);

/** The people a PERSON cell value names. */
export function personIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v) && v > 0) : [];
}

/** todo.assigned: those a PERSON cell names now and did not before. */
export async function noticeAssigned(caller: Caller, itemId: number, before: unknown, after: unknown): Promise<void> {
  const had = new Set(personIds(before));
  const gained = personIds(after).filter((id) => !had.has(id));
  if (!gained.length) return;
  try {
    const p = await itemPlace(caller, itemId);
    if (!p) return;
    await notify(caller.deps, caller.auth.companyId, {
      kind: "todo.assigned", userIds: gained, actorId: caller.auth.userId, title: p.title, link: itemLink(p, itemId), objectKey: `todo:${itemId}`,
    });
  } catch (e) {
    caller.deps.log.error("todo: recording an assignment notice failed", e);
  }
}

/** todo.comment: the people the item's PERSON columns name. */
export async function noticeComment(caller: Caller, itemId: number, text: string): Promise<void> {
  try {
    const p = await itemPlace(caller, itemId);
    if (!p) return;
    const people = p.header.filter((c) => c.type === "PERSON" && c.value).flatMap((c) => personIds(p.cells[c.value!]));
    await notify(caller.deps, caller.auth.companyId, {
      kind: "todo.comment", userIds: people, actorId: caller.auth.userId, title: p.title,
      excerpt: text.replace(/<[^>]*>/g, " "), link: itemLink(p, itemId), objectKey: `todo:${itemId}`,
    });
  } catch (e) {
    caller.deps.log.error("todo: recording a comment notice failed", e);
  }
}


/** What is being deleted: items (with their sub-items), a group, a board or folder (with its boards), a workspace. */
export type ItemScope =
  | { items: readonly number[] }
  | { groupId: number }
  | { boardId: number }
  | { workspaceId: number };

function itemsOf(scope: ItemScope) {
  if ("items" in scope) {
    const ids = bigintArray(scope.items);
    return sql`select id from todo_items where id = any(${ids}) or parent_id = any(${ids})`;
  }
  if ("groupId" in scope) return sql`select id from todo_items where group_id = ${scope.groupId}`;
  if ("boardId" in scope) {
    return sql`select id from todo_items where board_id in (select id from todo_boards where id = ${scope.boardId} or parent_id = ${scope.boardId})`;
  }
  return sql`select id from todo_items where board_id in (select id from todo_boards where workspace_id = ${scope.workspaceId})`;
}

/**
 * In the deleting transaction, before the rows go: the bell's notices of every item the deletion takes, the
 * sub-items and the items of a group, board or workspace that go by cascade included.
 */
export async function forgetItemNoticesIn(db: DbOrTx, companyId: number, scope: ItemScope): Promise<void> {
  await forgetSelectedIn(db, companyId, "todo", itemsOf(scope));
}
