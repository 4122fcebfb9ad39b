// The wiki island's queries. Every key starts with "wiki", so invalidating ["wiki"] refreshes everything shown;
// the narrower keys let a screen refresh its own part (realtime.ts maps WIKI_CHANGED onto them):
//   ["wiki","doc",id]                       GET docs/{id}
//   ["wiki","children",parentId|0,params]   GET docs/summaries (the tree's levels; a database's rows with params)
//   ["wiki","properties",docId]             GET docs/{id}/properties
//   ["wiki","versions",docId,page]          GET versions;  ["wiki","version",id] GET versions/{id}
//   ["wiki","permissions",docId]            GET docs/{id}/permissions
//   ["wiki","favorites"] / ["wiki","recent"] / ["wiki","lastRead"]
//   ["wiki","search",params]                GET docs/search
//   ["wiki","trash",params]                 GET trash/docs
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { SearchType } from "@shared/wiki/constants.ts";
import * as wikiApi from "./api.ts";

export const wikiKeys = {
  all: ["wiki"] as const,
  doc: (id: number) => ["wiki", "doc", id] as const,
  children: (parentId: number | null) => ["wiki", "children", parentId ?? 0] as const,
  rows: (parentId: number, p: Omit<wikiApi.SummariesParams, "parentId">) => ["wiki", "children", parentId, p] as const,
  properties: (docId: number) => ["wiki", "properties", docId] as const,
  versions: (docId: number) => ["wiki", "versions", docId] as const,
  version: (id: number) => ["wiki", "version", id] as const,
  permissions: (docId: number) => ["wiki", "permissions", docId] as const,
  favorites: ["wiki", "favorites"] as const,
  recent: ["wiki", "recent"] as const,
  lastRead: ["wiki", "lastRead"] as const,
  search: (p: { keyword: string; page: number; type: SearchType }) => ["wiki", "search", p] as const,
  trash: (p: { keyword: string; page: number }) => ["wiki", "trash", p] as const,
};

export const docQuery = (id: number, trackRecent = false) =>
  queryOptions({ queryKey: wikiKeys.doc(id), queryFn: ({ signal }) => wikiApi.getDoc(id, trackRecent, signal), retry: false });
/** One level of the tree (every page of it: a level holds at most a few hundred documents). */
export const childrenQuery = (parentId: number | null) =>
  queryOptions({
    queryKey: wikiKeys.children(parentId),
    queryFn: async ({ signal }) => {
      const first = await wikiApi.getSummaries({ parentId, page: 0 }, signal);
      const docs = [...first.documents];
      for (let page = 1; !first.allChildrenFetched && docs.length < first.totalElements; page++) {
        const next = await wikiApi.getSummaries({ parentId, page }, signal);
        docs.push(...next.documents);
        if (next.allChildrenFetched || !next.documents.length) break;
      }
      return docs;
    },
  });
export const rowsQuery = (databaseId: number, p: Omit<wikiApi.SummariesParams, "parentId">) =>
  queryOptions({
    queryKey: wikiKeys.rows(databaseId, p),
    queryFn: ({ signal }) => wikiApi.getSummaries({ ...p, parentId: databaseId }, signal),
    placeholderData: keepPreviousData,
  });
export const propertiesQuery = (docId: number) =>
  queryOptions({ queryKey: wikiKeys.properties(docId), queryFn: ({ signal }) => wikiApi.getDocProperties(docId, signal) });
export const versionsQuery = (docId: number, page = 0) =>
  queryOptions({ queryKey: [...wikiKeys.versions(docId), page], queryFn: ({ signal }) => wikiApi.getVersions(docId, page, undefined, signal) });
export const versionQuery = (id: number) =>
  queryOptions({ queryKey: wikiKeys.version(id), queryFn: ({ signal }) => wikiApi.getVersion(id, signal) });
export const permissionsQuery = (docId: number) =>
  queryOptions({ queryKey: wikiKeys.permissions(docId), queryFn: ({ signal }) => wikiApi.getPermissions(docId, signal) });
export const favoritesQuery = () => queryOptions({ queryKey: wikiKeys.favorites, queryFn: ({ signal }) => wikiApi.getFavorites(signal) });
export const recentQuery = () => queryOptions({ queryKey: wikiKeys.recent, queryFn: ({ signal }) => wikiApi.getRecent(signal) });
export const lastReadQuery = () => queryOptions({ queryKey: wikiKeys.lastRead, queryFn: ({ signal }) => wikiApi.getLastRead(signal) });
export const searchQuery = (p: { keyword: string; page: number; type: SearchType }) =>
  queryOptions({ queryKey: wikiKeys.search(p), queryFn: ({ signal }) => wikiApi.searchDocs(p, signal), placeholderData: keepPreviousData });
export const trashQuery = (p: { keyword: string; page: number }) =>
  queryOptions({ queryKey: wikiKeys.trash(p), queryFn: ({ signal }) => wikiApi.getTrash(p, signal), placeholderData: keepPreviousData });
