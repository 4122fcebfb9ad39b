// The approval island's queries (this part: boxes, dashboard, documents). Every key starts with "approval", so a
// change refreshes the family:
//   ["approval","config","basic"]     GET config/basic (the lists' default page size)
//   ["approval","managed"]            GET config/manager/managed/list (the department boxes)
//   ["approval","dashboard","count"]  GET dashboard/count (home cards, side pane counts)
//   ["approval","dashboard","list"]   GET dashboard/list
//   ["approval","forms","all"]        GET form/list/all (the lists' form filter)
//   ["approval","box", key, query]    one page of a box
//   ["approval","document", id]       GET document/{id}
//   ["approval","opinions", id]       GET opinion/list?docId
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { DEFAULT_PAGE_SIZE } from "@shared/approval/constants.ts";
import * as approvalApi from "./api.ts";

export const approvalKeys = {
  all: ["approval"] as const,
  basic: ["approval", "config", "basic"] as const,
  managed: ["approval", "managed"] as const,
  counts: ["approval", "dashboard", "count"] as const,
  lists: ["approval", "dashboard", "list"] as const,
  forms: ["approval", "forms", "all"] as const,
  box: (key: string, q: ReturnType<typeof approvalApi.boxQueryOf>) => ["approval", "box", key, q] as const,
  document: (id: number) => ["approval", "document", id] as const,
  opinions: (id: number) => ["approval", "opinions", id] as const,
};

export const basicConfigQuery = queryOptions({
  queryKey: approvalKeys.basic,
  queryFn: ({ signal }) => approvalApi.basicConfig(signal).catch(() => ({ pageSize: DEFAULT_PAGE_SIZE })),
  staleTime: 60_000,
});
export const managedQuery = queryOptions({ queryKey: approvalKeys.managed, queryFn: ({ signal }) => approvalApi.managedOrgans(signal), staleTime: 60_000 });
export const countsQuery = queryOptions({ queryKey: approvalKeys.counts, queryFn: ({ signal }) => approvalApi.dashboardCounts(signal) });
export const listsQuery = queryOptions({ queryKey: approvalKeys.lists, queryFn: ({ signal }) => approvalApi.dashboardLists(signal) });
export const formsQuery = queryOptions({ queryKey: approvalKeys.forms, queryFn: ({ signal }) => approvalApi.allForms(signal), staleTime: 60_000 });
export const boxQuery = (key: string, q: ReturnType<typeof approvalApi.boxQueryOf>) =>
  queryOptions({ queryKey: approvalKeys.box(key, q), queryFn: ({ signal }) => approvalApi.box(key, q, signal), placeholderData: keepPreviousData });
export const documentQuery = (id: number) =>
  queryOptions({ queryKey: approvalKeys.document(id), queryFn: ({ signal }) => approvalApi.document(id, signal), retry: false });
export const opinionsQuery = (id: number) =>
  queryOptions({ queryKey: approvalKeys.opinions(id), queryFn: ({ signal }) => approvalApi.opinions(id, signal) });

/** After a document changed (here, or through realtime): the boxes, counts, lists and documents refetch. */
export function refreshApproval(qc: QueryClient) {
  return qc.invalidateQueries({
    predicate: (q) => q.queryKey[0] === "approval" && ["box", "dashboard", "document", "opinions"].includes(String(q.queryKey[1])),
  });
}
