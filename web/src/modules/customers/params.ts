// The customer book's route parameters (001 §2):
//   /customer/list/{type}/{groupId}/{toggleType?}/{historyObj?}/{cardObj?} and /customer/list/{type}/{groupId}/{historyObj}
// type: "group" (a group's cards or history), "tag" (the cards with the tag groupId, over every group the user
// reads) or "search" (every group the user reads, groupId 0); toggleType:
// CARD (default: the cards) or HISTORY (the group's history); historyObj: JSON in one segment with the list's
// page, consonant tab, sort and dir, the search word and type, and the history's filter; cardObj: JSON with
// the card open beside the list ({"id":12}). Numeric parameters that are not numbers are treated as absent.
import { HISTORY_TYPES, SEARCH_MIN_CHARS, SORT_DIRS, SORT_FIELDS, type SortDir, type SortField } from "@shared/contacts/constants.ts";
import { CONSONANTS } from "@shared/contacts/hangul.ts";
import type { SearchType } from "./api.ts";
import { actionObject } from "../../lib/route-params.ts";

export const LIST_TYPES = ["group", "tag", "search"] as const;
export type ListType = (typeof LIST_TYPES)[number];
export type Toggle = "CARD" | "HISTORY";
const SEARCH_TYPES: SearchType[] = ["ALL", "USER_NAME", "EMAIL", "TEL"];

export interface ListState {
  /** 1-based. */
  page?: number;
  consonant?: string;
  sort?: SortField;
  dir?: SortDir;
  keyword?: string;
  searchType?: SearchType;
  historyType?: (typeof HISTORY_TYPES)[number];
}

export function parseGroupId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

export function parseToggle(raw: string | undefined): Toggle {
  return raw === "HISTORY" ? "HISTORY" : "CARD";
}

export function parseState(raw: string | undefined): ListState {
  const v = actionObject(raw);
  const out: ListState = {};
  if (typeof v.page === "number" && Number.isInteger(v.page) && v.page >= 1 && v.page < 1e6) out.page = v.page;
  if (typeof v.consonant === "string" && CONSONANTS.includes(v.consonant)) out.consonant = v.consonant;
  if (typeof v.sort === "string" && (SORT_FIELDS as readonly string[]).includes(v.sort)) out.sort = v.sort as SortField;
  if (typeof v.dir === "string" && (SORT_DIRS as readonly string[]).includes(v.dir)) out.dir = v.dir as SortDir;
  if (typeof v.keyword === "string" && [...v.keyword.trim()].length >= SEARCH_MIN_CHARS) out.keyword = v.keyword.trim().slice(0, 100);
  if (typeof v.searchType === "string" && SEARCH_TYPES.includes(v.searchType as SearchType)) out.searchType = v.searchType as SearchType;
  if (typeof v.historyType === "string" && (HISTORY_TYPES as readonly string[]).includes(v.historyType)) {
    out.historyType = v.historyType as ListState["historyType"];
  }
  return out;
}

/** The card open beside the list. */
export function parseCard(raw: string | undefined): number | null {
  const id = actionObject(raw).id;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The list's parameters from the route's (the 3-segment form carries historyObj where toggleType would be). */
export function listParams(p: { type?: string; groupId?: string; toggleType?: string; historyObj?: string; cardObj?: string }) {
  const third = p.toggleType;
  const stateRaw = third !== undefined && third !== "CARD" && third !== "HISTORY" ? third : p.historyObj;
  return {
    type: (LIST_TYPES as readonly string[]).includes(p.type ?? "") ? p.type as ListType : "group",
    groupId: parseGroupId(p.groupId) ?? 0,
    toggle: parseToggle(third),
    state: parseState(stateRaw),
    cardId: parseCard(p.cardObj),
  };
}

/** Navigation targets for the router, so every screen builds customer book URLs one way. */
export const customerPaths = {
  list(type: ListType, groupId: number, toggle: Toggle = "CARD", state: ListState = {}, cardId?: number | null) {
    const base = { type, groupId: String(groupId), toggleType: toggle, historyObj: JSON.stringify(state) };
    if (cardId) {
      return { to: "/customer/list/$type/$groupId/$toggleType/$historyObj/$cardObj" as const, params: { ...base, cardObj: JSON.stringify({ id: cardId }) } };
    }
    return { to: "/customer/list/$type/$groupId/$toggleType/$historyObj" as const, params: base };
  },
  print(groupId: number, page: number, state: ListState) {
    return { to: "/customer/print/$groupId/$page/$actionObj" as const, params: { groupId: String(groupId), page: String(page), actionObj: JSON.stringify(state) } };
  },
  mail(groupId: number, historyId: number) {
    return `#/customer/mail/${groupId}/${historyId}`;
  },
};
