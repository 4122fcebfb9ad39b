// Search (001 §3 "Search hit"; §7 GET docs/search with keyword, page, size, type). Under /api/wiki:
//
//   GET docs/search?keyword=&page=&size=&type=   Page<SearchHit> (400 wiki.keyword_invalid): PUBLISHED documents
//       the caller may read whose title (type title), text (type text) or either (all, the default) holds every
//       word of the keyword: Korean by two-syllable grams anywhere (회의 finds 주간회의록), other words as
//       prefixes (server/lib/search-tokens.ts, the mail module's design), title matches first, then newest.
// The answer counts hits up to SEARCH_COUNT_MAX: totalElements stops there and totalCapped says there were more.
// titleHighlighted and highlightedText are HTML-escaped text with each match in <em>…</em>; highlightedText is a
// window of the text around the first match (at most about 200 characters).
import { z } from "zod";
import { SEARCH_KEYWORD_MAX, SEARCH_PAGE_SIZE, SEARCH_TYPES } from "./constants.ts";
import type { Page } from "../paging.ts";
import type { Breadcrumb, WikiSummary } from "./documents.ts";

export interface SearchHit extends WikiSummary {
  titleHighlighted: string;
  highlightedText: string;
  breadcrumbs: Breadcrumb[];
}

export interface SearchPage extends Page<SearchHit> {
  totalCapped: boolean;
}

export const searchQuery = z.object({
  keyword: z.string().max(SEARCH_KEYWORD_MAX * 4).transform((s) => s.normalize("NFC").trim()),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE),
  type: z.enum(SEARCH_TYPES).default("all"),
});
