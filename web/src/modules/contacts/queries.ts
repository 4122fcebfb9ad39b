// The address book island's queries. Every key starts with "contact", so a change refreshes the family:
//   ["contact","groups"]                 the special groups with their counts (GET api/contact/group)
//   ["contact","tree"]                   PRIVATE_ROOT with the own groups nested (GET .../private/tree)
//   ["contact","config"]                 the contact config (GET api/config/contact)
//   ["contact","list", params]           one list page
//   ["contact","card", id]               one card (GET api/contact/detail/{id})
//   ["contact","photo", id, updated]     a card's photo as an object URL
//   ["contact","history", id, page]      a card's mail history
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { DEFAULT_CONTACT_CONFIG } from "@shared/contacts/config.ts";
import { groupIdOf } from "@shared/contacts/constants.ts";
import type { ContactGroupNode } from "@shared/contacts/groups.ts";
import * as contactApi from "./api.ts";

export const contactKeys = {
  all: ["contact"] as const,
  groups: ["contact", "groups"] as const,
  tree: ["contact", "tree"] as const,
  config: ["contact", "config"] as const,
  lists: ["contact", "list"] as const,
  list: (p: contactApi.ListParams) => ["contact", "list", p] as const,
  card: (id: number) => ["contact", "card", id] as const,
  photo: (id: number, updated: number) => ["contact", "photo", id, updated] as const,
  history: (id: number, page: number) => ["contact", "history", id, page] as const,
};

export const groupsQuery = queryOptions({ queryKey: contactKeys.groups, queryFn: ({ signal }) => contactApi.topGroups(signal), staleTime: 30_000 });
export const treeQuery = queryOptions({ queryKey: contactKeys.tree, queryFn: ({ signal }) => contactApi.privateTree(signal), staleTime: 30_000 });
export const configQuery = queryOptions({
  queryKey: contactKeys.config,
  queryFn: ({ signal }) => contactApi.getConfig(signal),
  staleTime: Infinity,
});

export const listQuery = (p: contactApi.ListParams) =>
  queryOptions({ queryKey: contactKeys.list(p), queryFn: ({ signal }) => contactApi.listCards(p, signal), placeholderData: keepPreviousData });

export const cardQuery = (id: number) => queryOptions({ queryKey: contactKeys.card(id), queryFn: ({ signal }) => contactApi.cardDetail(id, signal) });

export const photoQuery = (id: number, updated: number) =>
  queryOptions({ queryKey: contactKeys.photo(id, updated), queryFn: ({ signal }) => contactApi.cardPhoto(id, signal), staleTime: Infinity, gcTime: 60_000 });

export const historyQuery = (id: number, page: number) =>
  queryOptions({ queryKey: contactKeys.history(id, page), queryFn: ({ signal }) => contactApi.cardMailHistory(id, page, signal) });

/** After cards or groups changed: the counts, the tree and every list refetch. */
export function refreshContacts(qc: QueryClient) {
  return qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === "contact" && q.queryKey[1] !== "config" && q.queryKey[1] !== "photo" });
}

/** The group `contact` opens on: the user's firstPage when it still exists, else all. */
export async function firstGroup(qc: QueryClient): Promise<string> {
  const config = await qc.ensureQueryData(configQuery).catch(() => DEFAULT_CONTACT_CONFIG);
  const id = groupIdOf(config.firstPage);
  if (id === null || id === -4) return "all";
  if (id < 0) return config.firstPage;
  const tree = await qc.ensureQueryData(treeQuery).catch(() => null);
  return tree && findGroup(tree, id) ? String(id) : "all";
}

/** An own group in the tree by id. */
export function findGroup(node: ContactGroupNode, id: number): ContactGroupNode | undefined {
  if (node.id === id) return node;
  for (const c of node.children) {
    const hit = findGroup(c, id);
    if (hit) return hit;
  }
  return undefined;
}

/** The own groups in tree order with their depth (for pickers). */
export function flatGroups(node: ContactGroupNode | undefined, depth = 0): { group: ContactGroupNode; depth: number }[] {
  if (!node) return [];
  return node.children.flatMap((c) => [{ group: c, depth }, ...flatGroups(c, depth + 1)]);
}
