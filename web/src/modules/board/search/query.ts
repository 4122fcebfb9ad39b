// The search address /board/search/{type}/{query} (001 §2): type post, reply, file or all; query JSON
// { keyword, tags, searchType, page, pageSize } with a 1-based page. A search needs tags or a keyword of 1 to
// KEYWORD_MAX characters; anything malformed or out of range is no search (the screen goes back to /board).
// Zod-free: the search route reads it.
import {
  KEYWORD_MAX, PAGE_SIZE_MAX, SEARCH_ALL_PAGE_SIZE, SEARCH_FIELDS, SEARCH_PAGE_SIZE, SEARCH_TYPES, type SearchField, type SearchType,
  TAGS_PER_POST,
} from "@shared/board/constants.ts";
import { actionText } from "../paths.ts";

export interface SearchAddress {
  keyword: string;
  tags: number[];
  searchType: SearchField;
  page: number;
  pageSize: number;
}

export const isSearchType = (v: string): v is SearchType => (SEARCH_TYPES as readonly string[]).includes(v);
export const defaultPageSize = (type: SearchType) => (type === "all" ? SEARCH_ALL_PAGE_SIZE : SEARCH_PAGE_SIZE);

/** A keyword the search takes with these tags: 1–50 characters, or any up to 50 with tags. */
export function keywordOk(keyword: string, tags: readonly number[]): boolean {
  const k = keyword.trim();
  return k.length <= KEYWORD_MAX && (k.length >= 1 || tags.length > 0);
}

const wholeIn = (v: unknown, min: number, max: number) => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/** The search an address names, or null when it names none (bad JSON, values out of range, no keyword nor tags). */
export function parseSearch(type: string, raw: string): SearchAddress | null {
  if (!isSearchType(type)) return null;
  let o: unknown;
  try {
    o = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!o || typeof o !== "object" || Array.isArray(o)) return null;
  const q = o as Record<string, unknown>;
  if (q.keyword !== undefined && typeof q.keyword !== "string") return null;
  const keyword = ((q.keyword as string | undefined) ?? "").trim();
  const tags = q.tags ?? [];
  if (!Array.isArray(tags) || tags.length > TAGS_PER_POST || !tags.every((t) => wholeIn(t, 1, Number.MAX_SAFE_INTEGER))) return null;
  const searchType = q.searchType ?? "ALL";
  if (!(SEARCH_FIELDS as readonly unknown[]).includes(searchType)) return null;
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? defaultPageSize(type);
  if (!wholeIn(page, 1, 100_000) || !wholeIn(pageSize, 1, PAGE_SIZE_MAX)) return null;
  if (!keywordOk(keyword, tags as number[])) return null;
  return { keyword, tags: tags as number[], searchType: searchType as SearchField, page: page as number, pageSize: pageSize as number };
}

/** The query segment of a search (defaults left out). */
export function searchText(s: Partial<SearchAddress> & { keyword: string }): string {
  const o: Record<string, unknown> = { keyword: s.keyword };
  if (s.tags?.length) o.tags = s.tags;
  if (s.searchType && s.searchType !== "ALL") o.searchType = s.searchType;
  if (s.page && s.page > 1) o.page = s.page;
  if (s.pageSize) o.pageSize = s.pageSize;
  return actionText(o);
}
