// PUT item/{id}/move (shared/todo/items.ts): BEFORE/AFTER another item (into its group and level), INSIDE a
// group (last at its top level) or INSIDE a top-level item (its last sub-item). Only the moved row gets a new
// key (fractional, between its new neighbours); crossing groups carries its sub-items' group_id along, and the
// old and new parents' sub_cnt follow. An item with sub-items never becomes a sub-item; nothing goes under a
// sub-item or under itself (409 todo.move_invalid).
import { generateKeyBetween } from "fractional-indexing";
import type { TodoItem } from "../../../../shared/todo/items.ts";
import type { Position } from "../../../../shared/todo/constants.ts";
import type { Caller } from "../../../lib/context.ts";
import { requireBoard } from "../access.ts";
import { publishTodoChanged } from "../realtime.ts";
import { itemNotFound } from "./create-delete.ts";
import { moveInvalid, requireGroupOf } from "./groups.ts";
import { headerOf, presentItem } from "./present.ts";
import { bumpSubCount, itemRef, itemRows, keyAbove, keyBelow, type Level, placeItem } from "./repo.ts";

export async function moveItem(
  caller: Caller,
  itemId: number,
  b: { boardId: number; targetItemId: number; targetParentId: number; targetGroupId: number; position: Position },
): Promise<TodoItem> {
  const { deps, auth } = caller;
  const { item, board, touched } = await deps.db.transaction(async (tx) => {
    const { board } = await requireBoard(tx, caller, b.boardId, { lock: true });
    const me = await itemRef(tx, auth.companyId, board.id, itemId);
    if (!me) throw itemNotFound();
    let level: Level;
    let groupId: number;
    let lo: string | null;
    let hi: string | null;
    if (b.position !== "INSIDE") {
      if (b.targetItemId === 0) throw moveInvalid();
      const target = await itemRef(tx, auth.companyId, board.id, b.targetItemId);
      if (!target) throw itemNotFound();
      if (target.id === me.id) throw moveInvalid();
      groupId = target.groupId;
      level = target.parentId === null ? { groupId, parentId: null } : { parentId: target.parentId };
      if (b.position === "BEFORE") [lo, hi] = [await keyBelow(tx, level, target.sortOrder, me.id), target.sortOrder];
      else [lo, hi] = [target.sortOrder, await keyAbove(tx, level, target.sortOrder, me.id)];
    } else if (b.targetParentId > 0) {
      const parent = await itemRef(tx, auth.companyId, board.id, b.targetParentId);
      if (!parent) throw itemNotFound();
      groupId = parent.groupId;
      level = { parentId: parent.id };
      [lo, hi] = [await keyBelow(tx, level, null, me.id), null];
    } else if (b.targetGroupId > 0) {
      const group = await requireGroupOf(tx, caller, board, b.targetGroupId);
      groupId = group.id;
      level = { groupId, parentId: null };
      [lo, hi] = [await keyBelow(tx, level, null, me.id), null];
    } else throw moveInvalid();

    const newParent = level.parentId;
    if (newParent !== null) {
      // Under a top-level item other than itself, and only when it has no sub-items of its own.
      if (newParent === me.id || me.subCnt > 0) throw moveInvalid();
      const parent = await itemRef(tx, auth.companyId, board.id, newParent);
      if (!parent || parent.parentId !== null) throw moveInvalid();
    }
    const sortOrder = generateKeyBetween(lo, hi);
    await placeItem(tx, me.id, { groupId, parentId: newParent, sortOrder, now: deps.clock.now() }, groupId !== me.groupId);
    const touched = [me.id];
    if (me.parentId !== newParent) {
      if (me.parentId !== null) {
        await bumpSubCount(tx, me.parentId, -1);
        touched.push(me.parentId);
      }
      if (newParent !== null) {
        await bumpSubCount(tx, newParent, 1);
        touched.push(newParent);
      }
    }
    const [row] = await itemRows(tx, auth.companyId, [me.id]);
    return { item: presentItem(row, headerOf(board.header)), board, touched };
  });
  await publishTodoChanged(caller, { workspaceId: board.workspaceId, boardId: board.id, kind: "item", itemIds: touched });
  return item;
}
