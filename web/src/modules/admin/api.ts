// Queries and calls of the administration screens (/api/admin, ROLE_ADMIN only).
import { keepPreviousData, queryOptions, type QueryClient } from "@tanstack/react-query";
import type { AdminOrganization, AdminUser, EDITABLE_USER_STATUSES } from "@shared/admin.ts";
import type { CompanyConfigModule, COMPANY_CONFIG_SCHEMAS } from "@shared/company.ts";
import type { OrganizationMember } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import type { z } from "zod";
import { api } from "../../lib/api.ts";
import { companyQuery, userDetailQuery } from "../../app/queries.ts";

export const USERS_PAGE_SIZE = 20;
export const MEMBERS_PAGE_SIZE = 20;
export type UserStatusFilter = (typeof EDITABLE_USER_STATUSES)[number] | "ALL";

export interface UsersFilter {
  page: number;
  searchWord: string;
  status: UserStatusFilter;
}

export const adminUsersQuery = (f: UsersFilter) =>
  queryOptions({
    queryKey: ["admin", "users", f],
    queryFn: ({ signal }) =>
      api<Page<AdminUser>>("/api/admin/users", {
        signal,
        query: {
          page: f.page,
          pageSize: USERS_PAGE_SIZE,
          searchWord: f.searchWord.trim() || undefined,
          status: f.status === "ALL" ? undefined : f.status,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** Every organisation of the company, flat, in display order, with member counts (active and inactive). */
export const adminOrganizationsQuery = queryOptions({
  queryKey: ["admin", "organizations"],
  queryFn: ({ signal }) => api<AdminOrganization[]>("/api/admin/organizations", { signal }),
});

export const organizationMembersQuery = (organId: number, page: number) =>
  queryOptions({
    queryKey: ["admin", "organizations", organId, "members", page],
    queryFn: ({ signal }) =>
      api<Page<OrganizationMember>>(`/api/users/organization/${organId}`, { signal, query: { page, pageSize: MEMBERS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export type CompanyConfig<M extends CompanyConfigModule> = z.infer<(typeof COMPANY_CONFIG_SCHEMAS)[M]>;

export const companyConfigQuery = <M extends CompanyConfigModule>(module: M) =>
  queryOptions({
    queryKey: ["company", "config", module],
    queryFn: async ({ signal }) => (await api<{ config: CompanyConfig<M> }>(`/api/company/config/${module}`, { signal })).config,
  });

/** After a user or organisation change: lists, counts, members, and the signed-in user (when it was them). */
export async function refreshDirectory(qc: QueryClient) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: ["admin"] }),
    qc.invalidateQueries({ queryKey: userDetailQuery.queryKey }),
  ]);
}

/** After a company change: the shell reads the company (logo, title, menus) and the user's used modules. */
export async function refreshCompany(qc: QueryClient) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: companyQuery.queryKey }),
    qc.invalidateQueries({ queryKey: userDetailQuery.queryKey }),
  ]);
}

export const GIB = 1024 ** 3;
