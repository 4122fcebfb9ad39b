// The customer book island's queries. Every key starts with "customer", so a change refreshes the family:
//   ["customer","tree"]               the groups the user reads, as a tree (GET api/customer/group)
//   ["customer","deleted"]            the deleted groups the user may restore
//   ["customer","members", id]        a group's members
//   ["customer","list", params]       one card page of a group
//   ["customer","search", ...]        one page of a search
//   ["customer","card", id]           one card
//   ["customer","history", params]    a group's or card's history (pages appended: an infinite query)
//   ["customer","tags"]               the company's customer tags
import { infiniteQueryOptions, keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import type { CustomerGroup } from "@shared/contacts/customers.ts";
import * as customerApi from "./api.ts";

export const treeQuery = queryOptions({ queryKey: ["customer", "tree"], queryFn: ({ signal }) => customerApi.groupTree(signal), staleTime: 30_000 });
export const deletedQuery = queryOptions({ queryKey: ["customer", "deleted"], queryFn: ({ signal }) => customerApi.deletedGroups(signal) });
export const membersQuery = (id: number) =>
  queryOptions({ queryKey: ["customer", "members", id], queryFn: ({ signal }) => customerApi.groupMembers(id, signal) });
export const listQuery = (p: customerApi.CardListParams) =>
  queryOptions({ queryKey: ["customer", "list", p], queryFn: ({ signal }) => customerApi.listCards(p, signal), placeholderData: keepPreviousData });
export const searchQuery = (keyword: string, searchType: customerApi.SearchType, page: number) =>
  queryOptions({
    queryKey: ["customer", "search", keyword, searchType, page],
    queryFn: ({ signal }) => customerApi.searchCards(keyword, searchType, page, signal),
    placeholderData: keepPreviousData,
  });
export const tagsQuery = queryOptions({ queryKey: ["customer", "tags"], queryFn: ({ signal }) => customerApi.tags(signal), staleTime: 30_000 });
export const cardQuery = (id: number) => queryOptions({ queryKey: ["customer", "card", id], queryFn: ({ signal }) => customerApi.cardDetail(id, signal) });

/** 001 §4: the loading flag stays on about 500 ms after a history load. */
export const HISTORY_LOADING_DELAY_MS = 500;

/** A history as pages appended one after another (10 a page, newest first); a change starts again at page 0. */
export const historyQuery = (p: Omit<customerApi.HistoryParams, "page">) =>
  infiniteQueryOptions({
    queryKey: ["customer", "history", p],
    queryFn: ({ signal, pageParam }) => customerApi.history({ ...p, page: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
    enabled: p.groupId > 0,
  });

/** After cards, groups or history changed. */
export function refreshCustomers(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: ["customer"] });
}

/** The groups in tree order with their depth. */
export function flatTree(nodes: CustomerGroup[] | undefined, depth = 0): { group: CustomerGroup; depth: number }[] {
  return (nodes ?? []).flatMap((g) => [{ group: g, depth }, ...flatTree(g.children, depth + 1)]);
}

export function findGroup(nodes: CustomerGroup[] | undefined, id: number): CustomerGroup | undefined {
  return flatTree(nodes).find((x) => x.group.id === id)?.group;
}
