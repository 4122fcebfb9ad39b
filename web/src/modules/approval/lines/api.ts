// Calls of the line editor: the organisation chart (children lazily, members paged 100: 002 §7, §9), the
// member search, line validation (appr-line/approver/list/validate) and the saved lines (config/preset/appr-line).
import { queryOptions } from "@tanstack/react-query";
import { ORGAN_USERS_PAGE_SIZE } from "@shared/approval/constants.ts";
import type { LineCheck, LineInput } from "@shared/approval/lines.ts";
import type { LinePreset } from "@shared/approval/config.ts";
import type { DirectoryMember, OrganizationNode, OrganizationMember } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import { api } from "../../../lib/api.ts";

const A = "/api/approval";

export const topOrgansQuery = queryOptions({
  queryKey: ["organizations", "top-level"],
  queryFn: ({ signal }) => api<OrganizationNode[]>("/api/organizations/top-level", { signal }),
  staleTime: 60_000,
});

export const childOrgansQuery = (parentId: number) =>
  queryOptions({
    queryKey: ["organizations", parentId, "children"],
    queryFn: ({ signal }) => api<OrganizationNode[]>(`/api/organizations/${parentId}/children`, { signal }),
    staleTime: 60_000,
  });

export const organUsersQuery = (organId: number, page: number) =>
  queryOptions({
    queryKey: ["organizations", organId, "members", "approval", page],
    queryFn: ({ signal }) =>
      api<Page<OrganizationMember>>(`/api/users/organization/${organId}`, { signal, query: { page, pageSize: ORGAN_USERS_PAGE_SIZE } }),
    staleTime: 60_000,
  });

export const memberSearchQuery = (word: string) =>
  queryOptions({
    queryKey: ["users", "members", "approval", word],
    queryFn: ({ signal }) => api<Page<DirectoryMember>>("/api/users/members", { signal, query: { page: 0, pageSize: 20, searchWord: word } }),
    enabled: word.length > 0,
    staleTime: 30_000,
  });

export const validateLines = (draftOrganId: number, lines: LineInput[], signal?: AbortSignal) =>
  api<LineCheck[]>(`${A}/appr-line/approver/list/validate`, { method: "POST", json: { draftOrganId, lines }, signal });

export const presetsQuery = queryOptions({
  queryKey: ["approval", "presets"],
  queryFn: ({ signal }) => api<LinePreset[]>(`${A}/config/preset/appr-line`, { signal }),
});

export interface PresetInput {
  name: string;
  draftOrganId: number;
  approvalLines: LineInput[];
}
export const createPreset = (body: PresetInput) => api<LinePreset>(`${A}/config/preset/appr-line`, { method: "POST", json: body });
export const updatePreset = (id: number, body: PresetInput) => api<LinePreset>(`${A}/config/preset/appr-line/${id}`, { method: "PUT", json: body });
export const deletePreset = (id: number) => api(`${A}/config/preset/appr-line/${id}`, { method: "DELETE" });
export const deletePresets = (ids: number[]) => api(`${A}/config/preset/appr-line`, { method: "DELETE", json: { ids } });

export const validateOne = (body: { draftOrganId: number; lines: LineInput[]; line: LineInput; docId?: number }) =>
  api<LineCheck>(`${A}/appr-line/approver/validate`, { method: "POST", json: body });
