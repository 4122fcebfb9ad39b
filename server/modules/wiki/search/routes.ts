// GET docs/search (shared/wiki/search.ts), mounted before the documents' routes (docs/search is not docs/{id}).
// A keyword too long for the schema answers wiki.keyword_invalid like one over SEARCH_KEYWORD_MAX.
import { Hono } from "hono";
import { z } from "zod";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import { SEARCH_KEYWORD_MAX } from "../../../../shared/wiki/constants.ts";
import { searchQuery } from "../../../../shared/wiki/search.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { query } from "../../../lib/validate.ts";
import { searchDocs } from "./service.ts";

const searchQueryIn = searchQuery.extend({
  keyword: z.string({ message: WIKI_ERRORS.keywordInvalid }).max(SEARCH_KEYWORD_MAX * 4, WIKI_ERRORS.keywordInvalid)
    .transform((s) => s.normalize("NFC").trim()),
});

export function searchRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/docs/search", async (c) => c.json(await searchDocs(callerOf(c), query(c, searchQueryIn))));
  return r;
}
