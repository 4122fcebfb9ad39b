// The caller's board config and the company's tags, mounted by ../routes.ts under /api/board
// (shared/board/config.ts lists the calls; the board mail calls are in ../mail/).
import { Hono } from "hono";
import { configBody, tagBody } from "../../../../shared/board/config.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body } from "../../../lib/validate.ts";
import { addTag, boardConfig, deleteTag, setBoardConfig, updateTag } from "./service.ts";

/** A numeric tag id; anything else answers 404 board.tag_not_found like a missing tag. */
function tagId(c: AppContext): number {
  const raw = c.req.param("tagId") ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, BOARD_ERRORS.tagNotFound);
  return Number(raw);
}

export function boardConfigRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/config", async (c) => c.json(await boardConfig(callerOf(c))));
  r.put("/config", async (c) => c.json(await setBoardConfig(callerOf(c), await body(c, configBody))));
  r.post("/config/tag", async (c) => c.json(await addTag(callerOf(c), await body(c, tagBody)), 201));
  r.put("/config/tag/:tagId", async (c) => {
    const id = tagId(c);
    return c.json(await updateTag(callerOf(c), id, await body(c, tagBody)));
  });
  r.delete("/config/tag/:tagId", async (c) => c.json(await deleteTag(callerOf(c), tagId(c))));
  return r;
}
