// Favourites, recent documents, last read (shared/wiki/personal.ts), under /api/wiki.
import { Hono } from "hono";
import { favoriteBody, favoriteMoveBody } from "../../../../shared/wiki/personal.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body } from "../../../lib/validate.ts";
import * as service from "./service.ts";

/** A favourite's id from the path; anything else is a favourite that does not exist. */
function favoriteId(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw new AppError(404, WIKI_ERRORS.favoriteNotFound);
  return Number(raw);
}

export function personalRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/users/last-read", async (c) => c.json(await service.lastRead(callerOf(c))));
  r.get("/users/recent", async (c) => c.json(await service.recent(callerOf(c))));
  r.get("/users/favorites", async (c) => c.json(await service.favorites(callerOf(c))));
  r.post("/users/favorites", async (c) => {
    const { documentId } = await body(c, favoriteBody);
    return c.json(await service.addFavorite(callerOf(c), documentId), 201);
  });
  r.patch("/users/favorites/:id", async (c) => {
    const id = favoriteId(c.req.param("id"));
    const { prevId } = await body(c, favoriteMoveBody);
    return c.json(await service.moveFavorite(callerOf(c), id, prevId));
  });
  r.delete("/users/favorites/:id", async (c) => c.json(await service.removeFavorite(callerOf(c), favoriteId(c.req.param("id")))));
  return r;
}
