// Calls of to-do's workspaces under /api/todo (shared/todo/workspaces.ts lists them): the list, followers,
// create, edit, delete, delegate, follow, unfollow, remove a follower.
import { Hono } from "hono";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import { workspaceBody } from "../../../../shared/todo/workspaces.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body } from "../../../lib/validate.ts";
import * as service from "./service.ts";

/** A numeric path id; anything else answers `missing` (404) like a missing row. */
export function pathId(c: AppContext, name: string, code: string = TODO_ERRORS.workspaceNotFound): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, code as `${string}.${string}`);
  return Number(raw);
}

export function workspaceRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/workspace", async (c) => c.json(await service.listWorkspaces(callerOf(c))));
  r.get("/workspace/:id/users", async (c) => c.json(await service.workspaceUsers(callerOf(c), pathId(c, "id"))));
  r.post("/workspace", async (c) => c.json(await service.createWorkspace(callerOf(c), await body(c, workspaceBody)), 201));
  r.put("/workspace/:id", async (c) => {
    const id = pathId(c, "id");
    return c.json(await service.updateWorkspace(callerOf(c), id, await body(c, workspaceBody)), 201);
  });
  r.delete("/workspace/:id", async (c) => {
    await service.deleteWorkspace(callerOf(c), pathId(c, "id"));
    return c.body(null, 204);
  });
  r.put("/workspace/:id/owner/:userId", async (c) => {
    const id = pathId(c, "id");
    const userId = pathId(c, "userId", TODO_ERRORS.userNotFound);
    return c.json(await service.delegateWorkspace(callerOf(c), id, userId));
  });
  r.post("/workspace/:id", async (c) => {
    const answer = await service.followWorkspace(callerOf(c), pathId(c, "id"));
    return answer ? c.json(answer, 201) : c.body(null, 304);
  });
  r.delete("/workspace/:id/user", async (c) => {
    await service.unfollowWorkspace(callerOf(c), pathId(c, "id"));
    return c.body(null, 204);
  });
  r.delete("/workspace/:id/user/:userId", async (c) => {
    const id = pathId(c, "id");
    const userId = pathId(c, "userId", TODO_ERRORS.userNotFound);
    await service.removeWorkspaceUser(callerOf(c), id, userId);
    return c.body(null, 204);
  });
  return r;
}
