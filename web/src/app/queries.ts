// Session-wide data every screen may read: the user, the company, the user's service config.
import { queryOptions } from "@tanstack/react-query";
import type { CompanyInfo } from "@shared/company.ts";
import type { ServiceConfig, UserInfo } from "@shared/users.ts";
import type { OrganizationTreeNode } from "@shared/organizations.ts";
import { api } from "../lib/api.ts";

export const userDetailQuery = queryOptions({
  queryKey: ["users", "detail"],
  queryFn: () => api<UserInfo>("/api/users/detail"),
  staleTime: Infinity,
});

export const companyQuery = queryOptions({
  queryKey: ["company"],
  queryFn: () => api<CompanyInfo>("/api/company"),
  staleTime: 5 * 60_000,
});

export const serviceConfigQuery = queryOptions({
  queryKey: ["users", "serviceConfig"],
  queryFn: () => api<ServiceConfig>("/api/users/service/config"),
  staleTime: Infinity,
});

export const quotaQuery = queryOptions({
  queryKey: ["users", "quota"],
  queryFn: () => api<{ totalQuota: number; usedSize: number }>("/api/users/quota"),
});

/** The company's organisation chart with member counts (pickers in the share dialog and in compose). */
export const organizationTreeQuery = queryOptions({
  queryKey: ["organizations", "tree"],
  queryFn: ({ signal }) => api<OrganizationTreeNode[]>("/api/organizations", { signal, query: { includeCount: true } }),
  staleTime: 60_000,
});
