// To-do's HTTP API (002 §7 "To-do (base api/todo)"; the calls and their shapes: shared/todo/). Every call needs
// a signed-in user of a company with to-do switched on (companies.use_todo): otherwise 403 todo.disabled. Who
// may do what: access.ts. Ids in paths are numeric.
//
// Layout (each folder mounts its own calls under /api/todo):
//   workspaces/   workspaces, followers, ownership (shared/todo/workspaces.ts)
//   boards/       the board tree, the board entry, header, saved filters, kanban lanes, gantt dependencies
//                 (shared/todo/boards.ts)
//   items/        groups and items: create, move (fractional keys), cell values, delete, sub-items, the pages
//                 of a group, filters applied in SQL (shared/todo/items.ts)
//   details/      an item's content, checklist, files and comments (shared/todo/details.ts)
import { Hono } from "hono";
import { TODO_ERRORS } from "../../../shared/todo/errors.ts";
import { requireAuth } from "../../lib/auth.ts";
import type { AppEnv } from "../../lib/context.ts";
import { moduleGate } from "../../lib/module-gate.ts";
import { boardRoutes } from "./boards/routes.ts";
import { detailRoutes } from "./details/routes.ts";
import { itemRoutes } from "./items/routes.ts";
import { workspaceRoutes } from "./workspaces/routes.ts";

export const todoEnabled = moduleGate("useToDo", TODO_ERRORS.disabled);

export function todoRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/todo/*", requireAuth, todoEnabled);
  r.route("/api/todo", workspaceRoutes());
  r.route("/api/todo", boardRoutes());
  r.route("/api/todo", itemRoutes());
  r.route("/api/todo", detailRoutes());
  return r;
}
