// Calls of to-do's groups and items (shared/todo/items.ts) and the next page of a group's items
// (GET board/{id}/group/{groupId}/items, shared/todo/boards.ts). Path ids are parsed strictly: anything but
// digits answers the module's not-found code for that id.
import { Hono } from "hono";
import { itemPageQuery } from "../../../../shared/todo/boards.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import {
  createItemBody, deleteItemsBody, groupBody, groupColorBody, groupMoveBody, groupTitleBody, itemValueBody, moveItemBody,
} from "../../../../shared/todo/items.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, query } from "../../../lib/validate.ts";
import { requireBoard } from "../access.ts";
import { setCell } from "./cells.ts";
import { createItem, listSubItems, removeItems } from "./create-delete.ts";
import { resolveFilter } from "./filters.ts";
import { changeGroup, createGroup, moveGroup, removeGroup, requireGroupOf } from "./groups.ts";
import { moveItem } from "./move.ts";
import { nextItemPage } from "./pages.ts";
import { headerOf } from "./present.ts";

type NotFound = "boardNotFound" | "groupNotFound" | "itemNotFound";
function pathId(c: AppContext, name: string, code: NotFound): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, TODO_ERRORS[code]);
  return Number(raw);
}

export function itemRoutes() {
  const r = new Hono<AppEnv>();

  r.post("/group/:boardId", async (c) => {
    const boardId = pathId(c, "boardId", "boardNotFound");
    return c.json(await createGroup(callerOf(c), boardId, await body(c, groupBody)), 201);
  });
  r.put("/group/:id/title", async (c) => {
    const id = pathId(c, "id", "groupNotFound");
    return c.json(await changeGroup(callerOf(c), id, await body(c, groupTitleBody)), 201);
  });
  r.put("/group/:id/color", async (c) => {
    const id = pathId(c, "id", "groupNotFound");
    return c.json(await changeGroup(callerOf(c), id, await body(c, groupColorBody)), 201);
  });
  r.put("/group/:id/move", async (c) => {
    const id = pathId(c, "id", "groupNotFound");
    return c.json(await moveGroup(callerOf(c), id, await body(c, groupMoveBody)), 201);
  });
  r.delete("/group/:id", async (c) => {
    await removeGroup(callerOf(c), pathId(c, "id", "groupNotFound"));
    return c.body(null, 204);
  });

  r.get("/item/sub/:groupId/:parentId", async (c) => {
    const groupId = pathId(c, "groupId", "groupNotFound");
    const parentId = pathId(c, "parentId", "itemNotFound");
    return c.json(await listSubItems(callerOf(c), groupId, parentId));
  });
  r.post("/item", async (c) => c.json(await createItem(callerOf(c), await body(c, createItemBody)), 201));
  r.put("/item/:id/move", async (c) => {
    const id = pathId(c, "id", "itemNotFound");
    return c.json(await moveItem(callerOf(c), id, await body(c, moveItemBody)), 201);
  });
  r.put("/item/:id", async (c) => {
    const id = pathId(c, "id", "itemNotFound");
    return c.json(await setCell(callerOf(c), id, await body(c, itemValueBody)), 201);
  });
  r.delete("/item", async (c) => {
    await removeItems(callerOf(c), await body(c, deleteItemsBody));
    return c.body(null, 204);
  });

  r.get("/board/:id/group/:groupId/items", async (c) => {
    const boardId = pathId(c, "id", "boardNotFound");
    const groupId = pathId(c, "groupId", "groupNotFound");
    const q = query(c, itemPageQuery);
    const caller = callerOf(c);
    const db = caller.deps.db;
    const { board } = await requireBoard(db, caller, boardId);
    await requireGroupOf(db, caller, board, groupId);
    const header = headerOf(board.header);
    const filter = await resolveFilter(db, caller, board, header, q);
    return c.json(await nextItemPage(db, caller, board, header, groupId, { after: q.after, limit: q.limit, filter: filter.rows }));
  });
  return r;
}
