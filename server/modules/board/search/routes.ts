// Mounted by ../routes.ts under /api/board (shared/board/posts.ts):
//   GET search/{type}?keyword&tags&searchType&boardId&page&pageSize   SearchResult (type post, reply, file, all)
// tags come as tags[]=1&tags[]=2, tags=1&tags=2 or tags=1,2. A keyword over KEYWORD_MAX answers
// board.keyword_invalid like an empty one without tags (001 §5); an unknown type 404.
import { Hono } from "hono";
import { z } from "zod";
import { KEYWORD_MAX } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import { searchQuery, searchType } from "../../../../shared/board/posts.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { notFound } from "../../../lib/errors.ts";
import { query } from "../../../lib/validate.ts";
import { searchBoards } from "./service.ts";

const commaList = (v: unknown) => {
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.flatMap((x) => (typeof x === "string" ? x.split(",").map((s) => s.trim()).filter(Boolean) : [x]));
};

const searchQueryIn = searchQuery.extend({
  keyword: z.string().trim().max(KEYWORD_MAX, BOARD_ERRORS.keywordInvalid).default(""),
  tags: z.preprocess(commaList, searchQuery.shape.tags),
});

export function boardSearchRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/search/:type", async (c) => {
    const type = searchType.safeParse(c.req.param("type"));
    if (!type.success) throw notFound();
    return c.json(await searchBoards(callerOf(c), type.data, query(c, searchQueryIn)));
  });
  return r;
}
