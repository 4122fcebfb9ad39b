// Items in and out (shared/todo/items.ts): POST item (first, last or after a sibling's key; a sub-item under a
// top-level parent, in its group; the parent's sub_cnt kept), DELETE item (the items of the board among the ids,
// their sub-items with them; the parents left keep a true sub_cnt) and GET item/sub/{groupId}/{parentId}.
import { generateKeyBetween } from "fractional-indexing";
import type { TodoItem } from "../../../../shared/todo/items.ts";
import { ITEMS_MAX } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { requireBoard } from "../access.ts";
import { publishTodoChanged } from "../realtime.ts";
import { forgetItemNoticesIn } from "../notices.ts";
import { groupNotFound, moveInvalid, requireGroupOf } from "./groups.ts";
import { headerOf, presentItem } from "./present.ts";
import {
  boardItemCount, boardItemsAmong, bumpSubCount, deleteItems, groupById, insertItem, itemRef, itemRows, keyAbove,
  keyBelow, keyExists, type Level, recountSubItems, subItemRows,
} from "./repo.ts";

export const itemNotFound = () => new AppError(404, TODO_ERRORS.itemNotFound);

/** POST item. */
export async function createItem(
  caller: Caller,
  b: { boardId: number; groupId: number; parentId: number; sortOrder: string; title: string },
): Promise<TodoItem> {
  const { deps, auth } = caller;
  const { item, board } = await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, b.boardId, { lock: true });
    const group = await requireGroupOf(tx, caller, board, b.groupId);
    let level: Level = { groupId: group.id, parentId: null };
    let groupId = group.id;
    if (b.parentId > 0) {
      const parent = await itemRef(tx, auth.companyId, board.id, b.parentId);
      if (!parent) throw itemNotFound();
      if (parent.parentId !== null) throw moveInvalid();
      level = { parentId: parent.id };
      groupId = parent.groupId;
    }
    if (await boardItemCount(tx, board.id) >= ITEMS_MAX) throw new AppError(409, TODO_ERRORS.itemsMax);
    let sortOrder: string;
    if (b.sortOrder === "FIRST") sortOrder = generateKeyBetween(null, await keyAbove(tx, level, null));
    else if (b.sortOrder === "LAST") sortOrder = generateKeyBetween(await keyBelow(tx, level, null), null);
    else {
      if (!(await keyExists(tx, level, b.sortOrder))) throw moveInvalid();
      sortOrder = generateKeyBetween(b.sortOrder, await keyAbove(tx, level, b.sortOrder));
    }
    const id = await insertItem(tx, {
      companyId: auth.companyId, boardId: board.id, groupId, parentId: level.parentId, sortOrder, title: b.title,
      userId: auth.userId, now: deps.clock.now(),
    });
    if (level.parentId !== null) await bumpSubCount(tx, level.parentId, 1);
    const [row] = await itemRows(tx, auth.companyId, [id]);
    return { item: presentItem(row, headerOf(board.header)), board };
  });
  await publishTodoChanged(caller, { workspaceId: board.workspaceId, boardId: board.id, kind: "item", itemIds: [item.id, ...(item.parentId ? [item.parentId] : [])] });
  return item;
}

/** DELETE item: { boardId, itemIds }. */
export async function removeItems(caller: Caller, b: { boardId: number; itemIds: number[] }): Promise<void> {
  const { deps, auth } = caller;
  const { board, ids } = await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, b.boardId, { lock: true });
    const found = await boardItemsAmong(tx, auth.companyId, board.id, [...new Set(b.itemIds)]);
    if (found.length === 0) throw itemNotFound();
    const ids = found.map((f) => f.id);
    const gone = new Set(ids);
    const parents = [...new Set(found.map((f) => f.parentId).filter((p): p is number => p !== null && !gone.has(p)))];
    await forgetItemNoticesIn(tx, auth.companyId, { items: ids });
    await deleteItems(tx, ids);
    await recountSubItems(tx, parents);
    return { board, ids: [...ids, ...parents] };
  });
  await publishTodoChanged(caller, { workspaceId: board.workspaceId, boardId: board.id, kind: "item", itemIds: ids });
}

/** GET item/sub/{groupId}/{parentId}. */
export async function listSubItems(caller: Caller, groupId: number, parentId: number): Promise<TodoItem[]> {
  const { deps, auth } = caller;
  const db = deps.db;
  const group = await groupById(db, auth.companyId, groupId);
  if (!group) throw groupNotFound();
  const { board } = await requireBoard(db, caller, group.boardId);
  const parent = await itemRef(db, auth.companyId, board.id, parentId);
  if (!parent || parent.groupId !== group.id || parent.parentId !== null) throw itemNotFound();
  const header = headerOf(board.header);
  return (await subItemRows(db, auth.companyId, parentId)).map((r) => presentItem(r, header));
}
