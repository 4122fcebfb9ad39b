// The address book's route parameters (001 §2): /contact/list/{contactGroupId}/{page}[/{actionObj}] and
// /contact/print/{contactGroupId}/{page}/{actionObj}. The group is all, important, new, unmapped, search or a
// number (shared groupIdOf); the page is 1-based in routes (0-based on the API); actionObj is JSON in one path
// segment with the list's sort, dir, search word, consonant tab and the trash flag. Anything malformed in
// actionObj is left out; an invalid group sends the user to `contact` (routes.ts).
import { groupIdOf, SEARCH_MIN_CHARS, SORT_DIRS, SORT_FIELDS, type SortDir, type SortField } from "@shared/contacts/constants.ts";
import { CONSONANTS } from "@shared/contacts/hangul.ts";
import { actionObject, pageParam } from "../../lib/route-params.ts";

export interface ListAction {
  sort?: SortField;
  dir?: SortDir;
  searchWord?: string;
  consonant?: string;
  /** The trash (cards deleted in the last 7 days). */
  trash?: boolean;
}

export const parsePage = pageParam;

export function isGroupParam(raw: string | undefined): boolean {
  return raw !== undefined && groupIdOf(raw) !== null;
}

export function parseAction(raw: string | undefined): ListAction {
  const v = actionObject(raw);
  const out: ListAction = {};
  if (typeof v.sort === "string" && (SORT_FIELDS as readonly string[]).includes(v.sort)) out.sort = v.sort as SortField;
  if (typeof v.dir === "string" && (SORT_DIRS as readonly string[]).includes(v.dir)) out.dir = v.dir as SortDir;
  if (typeof v.searchWord === "string" && v.searchWord.trim().length >= SEARCH_MIN_CHARS) out.searchWord = v.searchWord.trim().slice(0, 100);
  if (typeof v.consonant === "string" && CONSONANTS.includes(v.consonant)) out.consonant = v.consonant;
  if (v.trash === true) out.trash = true;
  return out;
}

/** A list address: with or without the actionObj segment (the router's types take one route at a time). */
type ListTarget =
  | { to: "/contact/list/$groupId/$page"; params: { groupId: string; page: string } }
  | { to: "/contact/list/$groupId/$page/$actionObj"; params: { groupId: string; page: string; actionObj: string } };

const isEmpty = (a: ListAction) => Object.keys(a).length === 0;

/** Navigation targets (to + params) for the router, so every screen builds address book URLs one way. */
export const contactPaths = {
  list(groupId: string, page = 1, action: ListAction = {}): ListTarget {
    if (isEmpty(action)) return { to: "/contact/list/$groupId/$page", params: { groupId, page: String(page) } };
    return { to: "/contact/list/$groupId/$page/$actionObj", params: { groupId, page: String(page), actionObj: JSON.stringify(action) } };
  },
  print(groupId: string, page: number, action: ListAction) {
    return { to: "/contact/print/$groupId/$page/$actionObj" as const, params: { groupId, page: String(page), actionObj: JSON.stringify(action) } };
  },
  config(tabType = "list") {
    return { to: "/contact/config/$tabType" as const, params: { tabType } };
  },
};
