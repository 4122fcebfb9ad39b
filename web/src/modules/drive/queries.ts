// The drive island's queries. Every key starts with "drive", so a change refreshes the family:
//   ["drive","roots"]               GET root (the side pane)
//   ["drive","default"]             GET default (the entry's folder)
//   ["drive","item", id]            GET {id} (a route's folder)
//   ["drive","children", id]        GET {id}/children (folder trees)
//   ["drive","parents", id]         GET {id}/super/parent (breadcrumbs)
//   ["drive","list", params]        one list page (list or share/list)
//   ["drive","fast"]                the fast-access files of the home
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { FAST_ACCESS_COUNT, SPECIAL_FOLDERS } from "@shared/drive/constants.ts";
import * as driveApi from "./api.ts";

export const driveKeys = {
  all: ["drive"] as const,
  roots: ["drive", "roots"] as const,
  default: ["drive", "default"] as const,
  item: (id: number) => ["drive", "item", id] as const,
  children: (id: number) => ["drive", "children", id] as const,
  parents: (id: number) => ["drive", "parents", id] as const,
  list: (p: driveApi.ListParams) => ["drive", "list", p] as const,
  fast: ["drive", "fast"] as const,
};

export const rootsQuery = queryOptions({ queryKey: driveKeys.roots, queryFn: ({ signal }) => driveApi.roots(signal), staleTime: 30_000 });
export const defaultQuery = queryOptions({ queryKey: driveKeys.default, queryFn: ({ signal }) => driveApi.defaultFolder(signal), staleTime: Infinity });
export const itemQuery = (id: number) => queryOptions({ queryKey: driveKeys.item(id), queryFn: ({ signal }) => driveApi.item(id, signal), staleTime: 10_000 });
export const childrenQuery = (id: number) =>
  queryOptions({ queryKey: driveKeys.children(id), queryFn: ({ signal }) => driveApi.children(id, signal), staleTime: 10_000 });
export const parentsQuery = (id: number) =>
  queryOptions({ queryKey: driveKeys.parents(id), queryFn: ({ signal }) => driveApi.parents(id, signal), staleTime: 10_000 });
export const listQuery = (p: driveApi.ListParams) =>
  queryOptions({ queryKey: driveKeys.list(p), queryFn: ({ signal }) => driveApi.list(p, signal), placeholderData: keepPreviousData });
export const fastQuery = queryOptions({
  queryKey: driveKeys.fast,
  queryFn: ({ signal }) => driveApi.list({ folderId: SPECIAL_FOLDERS.recent, page: 0, pageSize: FAST_ACCESS_COUNT }, signal),
});

/** After items changed (here, or another user's change through realtime): everything but the default refetches. */
export function refreshDrive(qc: QueryClient) {
  return qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === "drive" && q.queryKey[1] !== "default" });
}

export const FOLDER_LIKE = new Set(["ROOT", "DELETED", "DIRECTORY"]);
export const isFolder = (i: { fileType: string; isShortcut?: boolean }) => FOLDER_LIKE.has(i.fileType);
