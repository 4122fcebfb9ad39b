// Mounted by ../routes.ts under /api/board: replies, their children and count, and reactions (feeling)
// (shared/board/replies.ts). The file calls (POST file, GET file/...) are posts/'s.
import { Hono } from "hono";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import {
  childListQuery, feelBody, postIdQuery, replyBody, replyListQuery, replyUpdateBody,
} from "../../../../shared/board/replies.ts";
import { type AppContext, type AppEnv, callerOf } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { body, query } from "../../../lib/validate.ts";
import * as feelings from "./feelings.ts";
import * as replies from "./service.ts";
import * as write from "./write.ts";

/** The reply id of the path; anything else answers 404 like a missing reply. */
function replyId(c: AppContext): number {
  const raw = c.req.param("replyId") ?? "";
  if (!/^\d{1,15}$/.test(raw)) throw new AppError(404, BOARD_ERRORS.replyNotFound);
  return Number(raw);
}

export function replyRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/reply/list", async (c) => c.json(await replies.list(callerOf(c), query(c, replyListQuery))));
  r.get("/reply/count", async (c) => c.json(await replies.count(callerOf(c), query(c, postIdQuery).postId)));
  r.get("/reply/:replyId{[0-9]+}/children", async (c) => {
    const id = replyId(c);
    return c.json(await replies.children(callerOf(c), id, query(c, childListQuery)));
  });
  r.post("/reply", async (c) => c.json(await write.create(callerOf(c), await body(c, replyBody)), 201));
  r.put("/reply/:replyId{[0-9]+}", async (c) => {
    const id = replyId(c);
    return c.json(await write.update(callerOf(c), id, await body(c, replyUpdateBody)));
  });
  r.delete("/reply/:replyId{[0-9]+}", async (c) => c.json(await write.remove(callerOf(c), replyId(c))));

  r.get("/feeling", async (c) => c.json(await feelings.get(callerOf(c), query(c, postIdQuery).postId)));
  r.put("/feeling", async (c) => {
    const b = await body(c, feelBody);
    return c.json(await feelings.put(callerOf(c), b.postId, b.feelType));
  });
  r.delete("/feeling", async (c) => c.json(await feelings.remove(callerOf(c), query(c, postIdQuery).postId)));
  return r;
}
