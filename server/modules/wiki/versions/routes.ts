// Versions (shared/wiki/versions.ts): a document's versions newest first, and one version with its text.
import { Hono } from "hono";
import { versionsQuery } from "../../../../shared/wiki/versions.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { idParam, query } from "../../../lib/validate.ts";
import { getVersion, listVersions } from "./service.ts";

export function versionRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/versions", async (c) => c.json(await listVersions(callerOf(c), query(c, versionsQuery))));
  r.get("/versions/:id{[0-9]+}", async (c) => c.json(await getVersion(callerOf(c), idParam(c))));
  return r;
}
