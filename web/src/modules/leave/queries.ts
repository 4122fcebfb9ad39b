// Leave's queries. Every key starts with "leave", so a change (here, or LEAVE_CHANGED through realtime)
// refreshes the family:
//   ["leave","user", id, date]          GET users/{id}?date (a dashboard)
//   ["leave","members", query]          GET list
//   ["leave","approvers"]               GET approvers
//   ["leave","policy"], ["leave","templates"]
//   ["leave","pending","usages"|"allocations"]   what waits for the caller
//   ["leave","hr", ...]                 HR: pending count, untracked, users, promotions
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { LIST_PAGE_SIZE, MEMBERS_PAGE_SIZE } from "@shared/leave/constants.ts";
import * as leaveApi from "./api.ts";

export const userLeaveQuery = (id: number, date: string | undefined) =>
  queryOptions({
    queryKey: ["leave", "user", id, date ?? null],
    queryFn: ({ signal }) => leaveApi.userLeave(id, date, signal),
    placeholderData: keepPreviousData,
  });
export const membersQuery = (q: { date?: string; organId?: number; includeChildren?: boolean; page: number }) =>
  queryOptions({
    queryKey: ["leave", "members", q],
    queryFn: ({ signal }) => leaveApi.members({ ...q, size: MEMBERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
export const approversQuery = queryOptions({ queryKey: ["leave", "approvers"], queryFn: ({ signal }) => leaveApi.approvers(signal), retry: false });
export const policyQuery = queryOptions({ queryKey: ["leave", "policy"], queryFn: ({ signal }) => leaveApi.policy(signal) });
export const templatesQuery = queryOptions({ queryKey: ["leave", "templates"], queryFn: ({ signal }) => leaveApi.templates(signal), staleTime: 30_000 });
export const usageQuery = (id: number) => queryOptions({ queryKey: ["leave", "usage", id], queryFn: ({ signal }) => leaveApi.usage(id, signal) });
export const pendingUsagesQuery = queryOptions({ queryKey: ["leave", "pending", "usages"], queryFn: ({ signal }) => leaveApi.pendingUsages(signal) });
export const pendingAllocationsQuery = queryOptions({
  queryKey: ["leave", "pending", "allocations"],
  queryFn: ({ signal }) => leaveApi.pendingAllocations(signal),
});
export const hrPendingCountQuery = queryOptions({ queryKey: ["leave", "hr", "pendingCount"], queryFn: ({ signal }) => leaveApi.hrPendingCount(signal) });
export const hrPendingQuery = queryOptions({ queryKey: ["leave", "hr", "pending"], queryFn: ({ signal }) => leaveApi.hrPending(signal) });
export const untrackedQuery = (page: number) =>
  queryOptions({
    queryKey: ["leave", "hr", "untracked", page],
    queryFn: ({ signal }) => leaveApi.untracked(page, LIST_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
export const hrUsersQuery = (q: { organId?: number; includeChildren?: boolean; page: number }) =>
  queryOptions({
    queryKey: ["leave", "hr", "users", q],
    queryFn: ({ signal }) => leaveApi.hrUsers({ ...q, size: LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
export const promotionsQuery = (year: number) =>
  queryOptions({ queryKey: ["leave", "hr", "promotions", year], queryFn: ({ signal }) => leaveApi.promotions(year, signal) });

/** After leave changed: everything of the module refetches. */
export function refreshLeave(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: ["leave"] });
}
