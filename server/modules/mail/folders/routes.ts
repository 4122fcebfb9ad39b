// Folders and tags API (000 §7 "Folders and tags"); paths and shapes are described in shared/mail/folders.ts.
import { Hono } from "hono";
import {
  folderColorBody, folderCreateBody, folderRenameBody, folderSearchBody, folderTagBody, tagCreateBody, tagListQuery,
} from "../../../../shared/mail/folders.ts";
import { requireAuth } from "../../../lib/auth.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, query } from "../../../lib/validate.ts";
import { move } from "./move.ts";
import * as service from "./service.ts";
import * as tags from "./tags.ts";

export function folderRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/folders", requireAuth);
  r.use("/api/folders/*", requireAuth);
  r.use("/api/tag", requireAuth);
  r.use("/api/tag/*", requireAuth);

  r.get("/api/folders", async (c) => c.json(await service.tree(callerOf(c))));
  r.post("/api/folders", async (c) => c.json(await service.create(callerOf(c), await body(c, folderCreateBody)), 201));
  r.put("/api/folders/sync", async (c) => c.json(await service.sync(callerOf(c))));
  r.put("/api/folders/move/:id/:targetId/:position", async (c) =>
    c.json(await move(callerOf(c), c.req.param("id"), c.req.param("targetId"), c.req.param("position"))));
  r.get("/api/folders/:id", async (c) => c.json(await service.get(callerOf(c), c.req.param("id"))));

  r.put("/api/folders/:id/nameFolder", async (c) => {
    const id = service.folderIdOf(c.req.param("id"));
    const { nameFolder } = await body(c, folderRenameBody);
    return c.json(await service.rename(callerOf(c), id, nameFolder));
  });
  r.put("/api/folders/:id/color", async (c) => {
    const id = service.folderIdOf(c.req.param("id"));
    const { color } = await body(c, folderColorBody);
    return c.json(await service.setColor(callerOf(c), id, color));
  });
  r.put("/api/folders/:id/search", async (c) => {
    const id = service.folderIdOf(c.req.param("id"));
    return c.json(await service.updateSearch(callerOf(c), id, await body(c, folderSearchBody)));
  });
  r.put("/api/folders/:id/tag", async (c) => {
    const action = await body(c, folderTagBody);
    const tag = await tags.change(callerOf(c), c.req.param("id"), action);
    return tag ? c.json(tag) : c.body(null, 204);
  });
  r.delete("/api/folders/:id", async (c) => {
    await service.remove(callerOf(c), service.folderIdOf(c.req.param("id")));
    return c.body(null, 204);
  });

  r.get("/api/tag", async (c) => c.json(await tags.list(callerOf(c), query(c, tagListQuery))));
  r.get("/api/tag/:x", async (c) => c.json(await tags.search(callerOf(c), c.req.param("x"))));
  r.post("/api/tag/:x", async (c) => {
    const tag = tags.parseTag(c.req.param("x"));
    const { color } = await body(c, tagCreateBody);
    return c.json(await tags.create(callerOf(c), tag, color ?? null), 201);
  });

  return r;
}
