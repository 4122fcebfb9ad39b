// A document's permission members (shared/wiki/permissions.ts), mounted under /api/wiki before the documents'
// routes (docs/permissions/{id} is not docs/{id}).
import { Hono } from "hono";
import { permissionsBody } from "../../../../shared/wiki/permissions.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, idParam } from "../../../lib/validate.ts";
import * as service from "./service.ts";

export function permissionRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/docs/permissions/:id{[0-9]+}", async (c) => c.json(await service.getMember(callerOf(c), idParam(c))));
  r.delete("/docs/permissions/:id{[0-9]+}", async (c) => c.json(await service.deleteMember(callerOf(c), idParam(c))));
  r.get("/docs/:id{[0-9]+}/permissions", async (c) => c.json(await service.getPermissions(callerOf(c), idParam(c))));
  r.put("/docs/:id{[0-9]+}/permissions", async (c) => {
    const { members } = await body(c, permissionsBody);
    return c.json(await service.putPermissions(callerOf(c), idParam(c), members));
  });
  r.delete("/docs/:id{[0-9]+}/permissions", async (c) => c.json(await service.deletePermissions(callerOf(c), idParam(c))));
  return r;
}
