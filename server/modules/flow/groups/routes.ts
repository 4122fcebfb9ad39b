// Calls of flow's task groups (shared/flow/tasks.ts): list, create, title, move, move to another project,
// delete. A group id that is not digits answers 404 flow.group_not_found as a missing one does.
import { Hono } from "hono";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import { groupBody, groupMoveBody, groupToProjectBody } from "../../../../shared/flow/tasks.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { body } from "../../../lib/validate.ts";
import { pathId, projectParam } from "../tasks/params.ts";
import { createGroup, deleteGroup, listGroups, moveGroup, moveGroupToProject, renameGroup } from "./service.ts";

const groupParam = (c: AppContext) => pathId(c, "g", FLOW_ERRORS.groupNotFound);

export function groupRoutes() {
  const r = new Hono<AppEnv>();
  const G = "/projects/:p/groups";
  r.get(G, async (c) => c.json(await listGroups(callerOf(c), projectParam(c))));
  r.post(G, async (c) => {
    const p = projectParam(c);
    return c.json(await createGroup(callerOf(c), p, await body(c, groupBody)), 201);
  });
  r.put(`${G}/:g/title`, async (c) => {
    const [p, g] = [projectParam(c), groupParam(c)];
    return c.json(await renameGroup(callerOf(c), p, g, await body(c, groupBody)));
  });
  r.put(`${G}/:g/move`, async (c) => {
    const [p, g] = [projectParam(c), groupParam(c)];
    return c.json(await moveGroup(callerOf(c), p, g, await body(c, groupMoveBody)));
  });
  r.put(`${G}/:g/moveToProject`, async (c) => {
    const [p, g] = [projectParam(c), groupParam(c)];
    return c.json(await moveGroupToProject(callerOf(c), p, g, await body(c, groupToProjectBody)));
  });
  r.delete(`${G}/:g`, async (c) => {
    const [p, g] = [projectParam(c), groupParam(c)];
    await deleteGroup(callerOf(c), p, g);
    return c.body(null, 204);
  });
  return r;
}
