// Share calls (shared/share.ts): members of a shared object and the member changes as add, update and delete
// lists. Keys start with "share".
import { queryOptions } from "@tanstack/react-query";
import type { ShareMember, ShareMemberInput, ShareRecord, ShareUpdateResult } from "@shared/share.ts";
import type { AutocompleteItem, DirectoryMember, OrganizationMember } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import { api } from "../../lib/api.ts";

const base = (moduleType: string, objectId: string) => `/api/share/${encodeURIComponent(moduleType)}/${encodeURIComponent(objectId)}`;

export const shareMembersQuery = (moduleType: string, objectId: string) =>
  queryOptions({
    queryKey: ["share", moduleType, objectId, "members"],
    queryFn: ({ signal }) => api<ShareRecord>(`${base(moduleType, objectId)}/members`, { signal }),
  });

export const memberSearchQuery = (query: string) =>
  queryOptions({
    queryKey: ["autocomplete", "USER,ORGANIZATION", query],
    queryFn: ({ signal }) =>
      api<Page<AutocompleteItem>>("/api/autocomplete/email", { query: { query, typeList: ["USER", "ORGANIZATION"], page: 0, pageSize: 10 }, signal }),
    enabled: query.trim().length > 0,
    staleTime: 30_000,
  });

export const orgMembersQuery = (organId: number) =>
  queryOptions({
    queryKey: ["organizations", organId, "members"],
    queryFn: ({ signal }) => api<Page<OrganizationMember>>(`/api/users/organization/${organId}`, { signal, query: { page: 0, pageSize: 200 } }),
    staleTime: 60_000,
  });

/** The company's members who belong to no organisation (GET api/users/members?unassigned=true). */
export const unassignedMembersQuery = queryOptions({
  queryKey: ["organizations", "unassigned", "members"],
  queryFn: ({ signal }) =>
    api<Page<DirectoryMember>>("/api/users/members", { signal, query: { page: 0, pageSize: 200, unassigned: true } }),
  staleTime: 60_000,
});

/** A member as the dialog edits it: `id` is the member row once saved. */
export interface DraftMember {
  id?: number;
  memberType: ShareMember["memberType"];
  memberId: number;
  name: string;
  email: string | null;
  permission: 2 | 3;
}

export const memberKey = (m: Pick<DraftMember, "memberType" | "memberId">) => `${m.memberType}:${m.memberId}`;

/** The add, update and delete lists that turn `saved` into `draft`. */
export function diffMembers(saved: ShareMember[], draft: DraftMember[]) {
  const before = new Map(saved.map((m) => [memberKey(m), m]));
  const after = new Map(draft.map((m) => [memberKey(m), m]));
  const addList: ShareMemberInput[] = [];
  const updateList: { id: number; permission: number }[] = [];
  for (const [k, m] of after) {
    const old = before.get(k);
    if (!old) addList.push({ memberType: m.memberType, memberId: m.memberId, permission: m.permission });
    else if (old.permission !== m.permission) updateList.push({ id: old.id, permission: m.permission });
  }
  const deleteList = [...before].filter(([k]) => !after.has(k)).map(([, m]) => ({ id: m.id }));
  return { addList, updateList, deleteList };
}

export async function createShare(moduleType: string, objectId: string, members: DraftMember[]) {
  return await api<ShareRecord>(base(moduleType, objectId), {
    method: "POST",
    json: { members: members.map((m) => ({ memberType: m.memberType, memberId: m.memberId, permission: m.permission })) },
  });
}

export async function updateShare(moduleType: string, objectId: string, shareId: number, lists: ReturnType<typeof diffMembers>) {
  return await api<ShareUpdateResult>(base(moduleType, objectId), { method: "PUT", json: { shareId, ...lists } });
}
