// Search across modules (issue 32): the top bar's search on screens whose module has no search of its own, and
// the results page /search?q=. One call asks every module the caller's account uses; each module answers with
// the permissions it already enforces (its own search service: mail's, the wiki's and the boards' two-syllable
// indexes, the drive's name and content search, calendar events, contacts, flow tasks, to-do items, the
// messenger's rooms), at most `size` hits each, best first, with its total when the module counts it.
//
//   GET /api/search?keyword=&modules=mail,wiki&size=5   SearchAnswer; keyword 2..100 characters after trim
//                                                      (400 common.validation); modules: a subset of
//                                                      SEARCH_MODULES (default all the caller uses; one not
//                                                      used is left out, never an error)
//
// A module that fails answers its group with error "common.500" and no hits; the other groups still answer.
import { z } from "zod";
import type { ModuleType } from "./users.ts";

export const SEARCH_MODULES = [
  "mail", "contact", "drive", "calendar", "board", "wiki", "flow", "workflow", "messenger",
] as const satisfies readonly ModuleType[];
export type SearchModule = (typeof SEARCH_MODULES)[number];
export const SEARCH_KEYWORD_MIN = 2;
export const SEARCH_KEYWORD_MAX = 100;
export const SEARCH_SIZE_DEFAULT = 5;
export const SEARCH_SIZE_MAX = 20;

export interface SearchHit {
  /** Unique within its group (e.g. a mail's id, a task's id). */
  id: string;
  title: string;
  /** A line of context: the matching text around the word, a sender, an e-mail address. */
  snippet: string | null;
  /** Where it lives: a mail folder, a board, a wiki space, a project, a drive folder, a calendar. */
  where: string | null;
  /** ISO time (received, posted, changed, starts); null when the object has none. */
  at: string | null;
  /** The app path (hash route) that opens the object. */
  link: string;
}

export interface SearchGroup {
  module: SearchModule;
  hits: SearchHit[];
  /** All matches the module counted, when it counts them; null when it does not know. */
  total: number | null;
  /** The app path of the module's own search with this keyword ("all results"), when it has one. */
  moreLink: string | null;
  /** An error code when the module failed (its hits are then empty). */
  error?: string;
}

export interface SearchAnswer {
  keyword: string;
  groups: SearchGroup[];
}

export const searchQuery = z.object({
  keyword: z.string().trim().min(SEARCH_KEYWORD_MIN).max(SEARCH_KEYWORD_MAX),
  modules: z.string().optional().transform((s) => s ? s.split(",").map((m) => m.trim()).filter(Boolean) : undefined)
    .pipe(z.array(z.enum(SEARCH_MODULES)).max(SEARCH_MODULES.length).optional()),
  size: z.coerce.number().int().min(1).max(SEARCH_SIZE_MAX).default(SEARCH_SIZE_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuery>;
