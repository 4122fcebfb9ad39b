// Calls of flow's tasks (shared/flow/tasks.ts): the lists (initial, lane pages), one task and its subtasks,
// create, bulk, copy, the field changes, moves, deletes, moves to another project and the saved task filters.
// The fixed paths (initial, bulk, copy, all, project-group, filters, sub) are registered before a task's
// routes; a task id that is not digits answers 404 flow.task_not_found.
import { Hono } from "hono";
import { FLOW_VIEW_TYPES, type FlowViewType } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import {
  bulkBody, createTaskBody, deleteAllBody, moveTaskBody, projectGroupBody, TASK_FIELDS, type TaskField, taskFieldBodies,
  taskFilterBody, taskIdsBody, taskQuery,
} from "../../../../shared/flow/tasks.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, query } from "../../../lib/validate.ts";
import { copyTasks, createBulk, createTask } from "./create.ts";
import { setTaskField } from "./fields.ts";
import { allBoard, lanePage, projectBoard } from "./lists.ts";
import { deleteAllOfGroup, deleteTasks, moveTask } from "./moves.ts";
import { pathId, projectOrAll, projectParam, taskParam } from "./params.ts";
import { getSubTasks, getTask } from "./read.ts";
import { moveToProjectGroup } from "./relocate.ts";
import { createFilter, deleteFilter } from "./saved-filters.ts";

function viewTypeParam(c: AppContext): FlowViewType {
  const v = (c.req.param("viewType") ?? "").toUpperCase();
  if (!(FLOW_VIEW_TYPES as readonly string[]).includes(v)) {
    throw new AppError(400, "common.validation", undefined, [{ field: "viewType", code: "common.validation", message: "LIST or KANBAN" }]);
  }
  return v as FlowViewType;
}

export function taskRoutes() {
  const r = new Hono<AppEnv>();
  const T = "/projects/:p/tasks";
  r.get("/tasks/initial", async (c) => c.json(await allBoard(callerOf(c), query(c, taskQuery))));
  r.get(`${T}/initial`, async (c) => {
    const p = projectParam(c);
    return c.json(await projectBoard(callerOf(c), p, query(c, taskQuery)));
  });
  r.get(T, async (c) => {
    const p = projectOrAll(c);
    return c.json(await lanePage(callerOf(c), p, query(c, taskQuery)));
  });
  r.get(`${T}/sub/:t`, async (c) => {
    const [p, t] = [projectParam(c), taskParam(c)];
    return c.json(await getSubTasks(callerOf(c), p, t));
  });
  r.get(`${T}/:t`, async (c) => {
    const [p, t] = [projectParam(c), taskParam(c)];
    return c.json(await getTask(callerOf(c), p, t));
  });
  r.post(T, async (c) => {
    const p = projectParam(c);
    return c.json(await createTask(callerOf(c), p, await body(c, createTaskBody)), 201);
  });
  r.post(`${T}/bulk`, async (c) => {
    const p = projectParam(c);
    return c.json(await createBulk(callerOf(c), p, await body(c, bulkBody)), 201);
  });
  r.post(`${T}/copy`, async (c) => {
    const p = projectParam(c);
    return c.json(await copyTasks(callerOf(c), p, await body(c, taskIdsBody)), 201);
  });
  r.post(`${T}/filters`, async (c) => {
    const p = projectOrAll(c);
    return c.json(await createFilter(callerOf(c), p, await body(c, taskFilterBody)), 201);
  });
  r.delete(`${T}/filters/:f`, async (c) => {
    const p = projectOrAll(c);
    await deleteFilter(callerOf(c), p, pathId(c, "f", FLOW_ERRORS.filterNotFound));
    return c.body(null, 204);
  });
  r.put(`${T}/project-group`, async (c) => {
    const p = projectParam(c);
    return c.json(await moveToProjectGroup(callerOf(c), p, await body(c, projectGroupBody)));
  });
  r.put(`${T}/:t/move/:viewType`, async (c) => {
    const [p, t, view] = [projectParam(c), taskParam(c), viewTypeParam(c)];
    return c.json(await moveTask(callerOf(c), p, t, view, await body(c, moveTaskBody)));
  });
  r.delete(`${T}/all`, async (c) => {
    const p = projectParam(c);
    await deleteAllOfGroup(callerOf(c), p, await body(c, deleteAllBody));
    return c.body(null, 204);
  });
  r.delete(T, async (c) => {
    const p = projectParam(c);
    await deleteTasks(callerOf(c), p, await body(c, taskIdsBody));
    return c.body(null, 204);
  });
  // Only the field names: details/ has PUT tasks/{t}/checklist.
  r.put(`${T}/:t/:field{${TASK_FIELDS.join("|")}}`, async (c) => {
    const [p, t] = [projectParam(c), taskParam(c)];
    const field = c.req.param("field") as TaskField;
    const b = await body(c, taskFieldBodies[field]);
    return c.json(await setTaskField(callerOf(c), p, t, field, b));
  });
  return r;
}
