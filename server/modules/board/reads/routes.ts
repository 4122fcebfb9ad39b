// Mounted by ../routes.ts under /api/board: post/{postId}/view, post/read, post/unread, post/{postId}/readers,
// post/{postId}/remind (shared/board/posts.ts).
import { Hono } from "hono";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import { postIdsBody } from "../../../../shared/board/posts.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body } from "../../../lib/validate.ts";
import * as reads from "./service.ts";

function postId(c: AppContext): number {
  const raw = c.req.param("postId") ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, BOARD_ERRORS.postNotFound);
  return Number(raw);
}

export function readRoutes() {
  const r = new Hono<AppEnv>();
  r.put("/post/:postId{[0-9]+}/view", async (c) => c.json(await reads.view(callerOf(c), postId(c))));
  r.put("/post/read", async (c) => c.json(await reads.setRead(callerOf(c), (await body(c, postIdsBody)).postIds, true)));
  r.put("/post/unread", async (c) => c.json(await reads.setRead(callerOf(c), (await body(c, postIdsBody)).postIds, false)));
  r.get("/post/:postId{[0-9]+}/readers", async (c) => c.json(await reads.readers(callerOf(c), postId(c))));
  r.post("/post/:postId{[0-9]+}/remind", async (c) => c.json(await reads.remind(callerOf(c), postId(c))));
  return r;
}
