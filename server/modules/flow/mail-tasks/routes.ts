// Calls of flow's mail-tasks/ under /api/mails (shared/flow/mail-tasks.ts): POST, GET, PUT and DELETE
// flow/tasks. The rules: service.ts; what the mail list and view show of the links: link.ts.
import { Hono } from "hono";
import { mailTasksBody, mailTaskStatusBody, mailTaskUnlinkBody } from "../../../../shared/flow/mail-tasks.ts";
import { pageQuery } from "../../../../shared/paging.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, query } from "../../../lib/validate.ts";
import { listLinks, makeTasks, setLinkedStatus, unlink } from "./service.ts";

export function mailTaskRoutes() {
  const r = new Hono<AppEnv>();
  r.post("/flow/tasks", async (c) => c.json(await makeTasks(callerOf(c), await body(c, mailTasksBody)), 201));
  r.get("/flow/tasks", async (c) => c.json(await listLinks(callerOf(c), query(c, pageQuery))));
  r.put("/flow/tasks", async (c) => {
    const b = await body(c, mailTaskStatusBody);
    return c.json(await setLinkedStatus(callerOf(c), b.mailId, b.status));
  });
  r.delete("/flow/tasks", async (c) => {
    await unlink(callerOf(c), (await body(c, mailTaskUnlinkBody)).mailIds);
    return c.body(null, 204);
  });
  return r;
}
