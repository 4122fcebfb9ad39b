// Queries of the account settings pages (000 §7 "User and company", "Accounts") and small helpers shared by
// the tabs. Keys start with "users", "history" or "accounts" so a change can refresh a whole family.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AvailableAccount, SharedAccountLog, SharedUser } from "@shared/accounts.ts";
import type { AutocompleteItem } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import { api, ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";

export interface PasswordHistoryItem {
  id: number;
  changeType: "INIT" | "CHANGE" | "FORCE" | "RESET" | string;
  ip: string | null;
  changeTimeMillis: number;
}

export interface AccessHistoryItem {
  id: number;
  action: "LOGIN" | "LOGIN_FAILED" | "LOGOUT" | "SWITCH_ACCOUNT" | string;
  ip: string | null;
  userAgent: string | null;
  accessTimeMillis: number;
}

export const HISTORY_PAGE_SIZE = 10;

export const logoutAllSessionsQuery = queryOptions({
  queryKey: ["users", "logoutAllSessions"],
  queryFn: () => api<{ enable: boolean }>("/api/users/security/logoutAllSessions"),
});

export const passwordHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: ["history", "pw", page],
    queryFn: () => api<Page<PasswordHistoryItem>>("/api/history/pw/recent", { query: { page, pageSize: HISTORY_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const accessHistoryQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ["history", "account", page, pageSize],
    queryFn: () => api<Page<AccessHistoryItem>>("/api/history/account", { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const sharedUsersQuery = queryOptions({
  queryKey: ["accounts", "shared-users"],
  queryFn: () => api<SharedUser[]>("/api/users/accounts/shared-users"),
});

/** With pending requests; the user menu keeps its own list (["accounts", "available"]) without them. */
export const availableAccountsQuery = queryOptions({
  queryKey: ["accounts", "available", "withPending"],
  queryFn: () => api<AvailableAccount[]>("/api/users/accounts/available-accounts", { query: { includePending: "true" } }),
});

export const shareLogsQuery = (page: number) =>
  queryOptions({
    queryKey: ["accounts", "logs", page],
    queryFn: () => api<Page<SharedAccountLog>>("/api/users/accounts/logs", { query: { page, pageSize: HISTORY_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const userSearchQuery = (query: string) =>
  queryOptions({
    queryKey: ["autocomplete", "USER", query],
    queryFn: ({ signal }) =>
      api<Page<AutocompleteItem>>("/api/autocomplete/email", { query: { query, typeList: ["USER"], pageSize: 10 }, signal }),
    enabled: query.trim().length > 0,
    staleTime: 30_000,
  });

export { codeOf };

/** Translated text of a failed call. */
export function errorOf(e: unknown): string {
  return errorText(codeOf(e), e instanceof ApiError ? e.params : undefined);
}

/** "2026-05-04T09:30" for a datetime-local input, in local time. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Epoch milliseconds of a datetime-local value, or null when empty or unreadable. */
export function fromLocalInput(v: string): number | null {
  if (!v) return null;
  const ms = new Date(v).getTime();
  return Number.isFinite(ms) ? ms : null;
}
