// GET docs/search (shared/wiki/search.ts): the keyword is 1 to SEARCH_KEYWORD_MAX characters (400
// wiki.keyword_invalid); a keyword of punctuation only finds nothing. Only PUBLISHED documents the caller may
// read; title matches first, then the newest changed; counted up to SEARCH_COUNT_MAX; each hit with its summary, the highlighted title and text
// and the breadcrumbs (ancestors the caller may not read without their title).
import { sql } from "drizzle-orm";
import { SEARCH_KEYWORD_MAX, SEARCH_KEYWORD_MIN } from "../../../../shared/wiki/constants.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { SearchHit, SearchPage } from "../../../../shared/wiki/search.ts";
import { pageOf } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { ancestorCrumbs, crumbsOf, toSummary } from "../docs/read.ts";
import { summaryRows } from "../docs/repo.ts";
import { valuesByDoc } from "../properties/rows.ts";
import { docMatch, inTitle, wordsOf } from "./condition.ts";
import { highlightText, highlightTitle } from "./highlight.ts";
import * as repo from "./repo.ts";

export interface SearchInput {
  keyword: string;
  page: number;
  size: number;
  type: "all" | "title" | "text";
}

export async function searchDocs(caller: Caller, q: SearchInput): Promise<SearchPage> {
  const length = [...q.keyword].length;
  if (length < SEARCH_KEYWORD_MIN || length > SEARCH_KEYWORD_MAX) throw new AppError(400, WIKI_ERRORS.keywordInvalid);
  const paging = { page: q.page, pageSize: q.size };
  const words = wordsOf(q.keyword);
  if (!words.length) return { ...pageOf([], 0, paging), totalCapped: false };
  const { db } = caller.deps;
  const { auth } = caller;
  const { ids, total, capped } = await repo.hitIds(db, auth, docMatch(words, q.type), q.type === "all" ? inTitle(words) : null, {
    limit: q.size,
    offset: q.page * q.size,
  });
  if (!ids.length) return { ...pageOf([], total, paging), totalCapped: capped };
  const [rows, texts, values] = await Promise.all([
    summaryRows(db, auth, { where: sql`d.id = any(${bigintArray(ids)})`, orderBy: sql`d.id`, limit: ids.length, offset: 0 }),
    repo.texts(db, auth.companyId, ids),
    valuesByDoc(db, auth.companyId, ids),
  ]);
  const crumbs = await ancestorCrumbs(db, auth, rows.map((r) => r.path));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const content = ids.flatMap((id): SearchHit[] => {
    const r = byId.get(id);
    const text = texts.get(id);
    if (!r || !text) return []; // changed between the two reads
    const summary = toSummary(r, values.get(id) ?? []);
    return [{
      ...summary,
      titleHighlighted: highlightTitle(text.title, words),
      highlightedText: highlightText(text.plain, words),
      breadcrumbs: [...crumbsOf(r.path, crumbs), { id, type: summary.type, title: summary.title, readable: true }],
    }];
  });
  return { ...pageOf(content, total, paging), totalCapped: capped };
}
