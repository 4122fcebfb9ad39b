// Calls of to-do's boards under /api/todo (shared/todo/boards.ts lists them): the tree, the board entry,
// create, rename, move, delete, the header, saved filters, the kanban lanes and gantt dependencies.
import { Hono } from "hono";
import {
  boardQuery, boardTitleBody, createBoardBody, dependencyBody, filterBody, headerBody, kanbanBody,
} from "../../../../shared/todo/boards.ts";
import { POSITIONS, type Position } from "../../../../shared/todo/constants.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, query } from "../../../lib/validate.ts";
import { pathId } from "../workspaces/routes.ts";
import { addDependency, deleteDependency } from "./dependencies.ts";
import { boardEntry } from "./entry.ts";
import { putHeader } from "./header.ts";
import { kanbanColumns, putKanbanColumns } from "./kanban.ts";
import { deleteFilter, saveFilter, setDefaultFilter } from "./saved-filters.ts";
import { boardTree, createBoard, deleteBoard, moveBoard, renameBoard } from "./tree.ts";

const B = TODO_ERRORS.boardNotFound;
const badParam = (field: string) =>
  new AppError(400, "common.validation", undefined, [{ field, code: "common.validation", message: `invalid ${field}` }]);

export function boardRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/workspace/:id/boards", async (c) => c.json(await boardTree(callerOf(c), pathId(c, "id"))));
  r.get("/board/:id", async (c) => {
    const id = pathId(c, "id", B);
    return c.json(await boardEntry(callerOf(c), id, query(c, boardQuery)));
  });
  r.post("/board/:workspaceId", async (c) => {
    const workspaceId = pathId(c, "workspaceId");
    return c.json(await createBoard(callerOf(c), workspaceId, await body(c, createBoardBody)), 201);
  });
  r.put("/board/:id/title", async (c) => {
    const id = pathId(c, "id", B);
    return c.json(await renameBoard(callerOf(c), id, (await body(c, boardTitleBody)).title), 201);
  });
  r.put("/board/:id/move/:targetId/:position", async (c) => {
    const id = pathId(c, "id", B);
    const targetId = pathId(c, "targetId", B);
    const position = c.req.param("position");
    if (!(POSITIONS as readonly string[]).includes(position)) throw badParam("position");
    return c.json(await moveBoard(callerOf(c), id, targetId, position as Position));
  });
  r.delete("/board/:id", async (c) => {
    await deleteBoard(callerOf(c), pathId(c, "id", B));
    return c.body(null, 204);
  });
  r.put("/board/:id/header", async (c) => {
    const id = pathId(c, "id", B);
    return c.json(await putHeader(callerOf(c), id, (await body(c, headerBody)).header), 201);
  });

  // Saved filters: the caller's own.
  r.post("/board/:id/filter", async (c) => {
    const id = pathId(c, "id", B);
    const input = await body(c, filterBody);
    return c.json(await saveFilter(callerOf(c), id, { ...input, id: undefined }), 201);
  });
  r.put("/board/:id/filter", async (c) => {
    const id = pathId(c, "id", B);
    const input = await body(c, filterBody);
    if (input.id === undefined) throw badParam("id");
    return c.json(await saveFilter(callerOf(c), id, input), 201);
  });
  r.put("/board/:id/filter/:filterId/default/:flag", async (c) => {
    const id = pathId(c, "id", B);
    const filterId = pathId(c, "filterId", TODO_ERRORS.filterNotFound);
    const flag = c.req.param("flag");
    if (flag !== "0" && flag !== "1") throw badParam("flag");
    return c.json(await setDefaultFilter(callerOf(c), id, filterId, flag === "1"), 201);
  });
  r.delete("/board/:id/filter/:filterId", async (c) => {
    const id = pathId(c, "id", B);
    await deleteFilter(callerOf(c), id, pathId(c, "filterId", TODO_ERRORS.filterNotFound));
    return c.body(null, 204);
  });

  // Kanban lanes.
  r.get("/kanban/columns/:boardId", async (c) => c.json(await kanbanColumns(callerOf(c), pathId(c, "boardId", B))));
  r.put("/kanban/columns", async (c) => c.json(await putKanbanColumns(callerOf(c), await body(c, kanbanBody)), 201));

  // Gantt dependencies.
  r.post("/board/:id/dependency", async (c) => {
    const id = pathId(c, "id", B);
    return c.json(await addDependency(callerOf(c), id, await body(c, dependencyBody)), 201);
  });
  r.delete("/board/:id/dependency/:dependencyId", async (c) => {
    const id = pathId(c, "id", B);
    await deleteDependency(callerOf(c), id, pathId(c, "dependencyId", TODO_ERRORS.dependencyNotFound));
    return c.body(null, 204);
  });
  return r;
}
