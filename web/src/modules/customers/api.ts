// The customer address book's calls (001 §7 "Customer address book"; shapes in shared/contacts/customers.ts),
// through the app's API client. A memo with files is form data and goes through `authorized` (the bearer
// token, one refresh on a 401), as are the downloads of memo files and kept mails' attachments.
import type {
  CustomerAdmin, CustomerCard, CustomerGroup, CustomerGroupMember, CustomerHistoryItem, CustomerKeptMail, CustomerPrivilege,
} from "@shared/contacts/customers.ts";
import type { CustomerListType, ImportCharset, ImportType, SortDir, SortField } from "@shared/contacts/constants.ts";
import type { CustomerTag } from "@shared/contacts/customer-tags.ts";
import type { ImportResult } from "@shared/contacts/inout.ts";
import type { DirectoryMember } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import { api, authorized } from "../../lib/api.ts";
import type { CardData } from "../contacts/api.ts";

export type { CardData };

// Groups
export const groupTree = (signal?: AbortSignal) => api<CustomerGroup[]>("/api/customer/group", { signal });
export const deletedGroups = (signal?: AbortSignal) => api<CustomerGroup[]>("/api/customer/group/list", { signal, query: { deleted: true } });
export const groupMembers = (id: number, signal?: AbortSignal) => api<CustomerGroupMember[]>(`/api/customer/group/member/${id}`, { signal });
export const admins = (signal?: AbortSignal) => api<CustomerAdmin[]>("/api/customer/group/admin", { signal });
export const setAdmins = (userIdList: number[]) => api<CustomerAdmin[]>("/api/customer/group/admin", { method: "PUT", json: { userIdList } });

export interface GroupInput {
  groupName: string;
  parentId: number;
  isPublic: boolean;
  domain: string;
  members: { userId: number; privilege: CustomerPrivilege }[];
}
export const addGroup = (g: GroupInput) => api<CustomerGroup>("/api/customer/group", { method: "POST", json: g });
export const patchGroup = (id: number, g: Partial<GroupInput>) => api<CustomerGroup>("/api/customer/group", { method: "PATCH", json: { id, ...g } });
export const deleteGroup = (id: number) => api<CustomerGroup>(`/api/customer/group/${id}`, { method: "DELETE" });
export const restoreGroup = (id: number) => api<CustomerGroup>(`/api/customer/group/restore/${id}`, { method: "PATCH" });

/** Company members for the member picker (GET api/users/members). */
export const members = (searchWord: string, signal?: AbortSignal) =>
  api<Page<DirectoryMember>>("/api/users/members", { signal, query: { searchWord: searchWord || undefined, page: 0, pageSize: 20 } });

// Cards
export interface CardListParams {
  /** "group" (default): groupId is a group; "tag": groupId is a tag, over every group the user reads. */
  type?: CustomerListType;
  groupId: number;
  page: number;
  sort?: SortField;
  dir?: SortDir;
  consonant?: string;
}
export const listCards = (p: CardListParams, signal?: AbortSignal) =>
  api<Page<CustomerCard>>("/api/customer/card", { signal, query: { ...p } });
export type SearchType = "ALL" | "USER_NAME" | "EMAIL" | "TEL";
export const searchCards = (keyword: string, searchType: SearchType, page: number, signal?: AbortSignal) =>
  api<Page<CustomerCard>>("/api/customer/card/search", { signal, query: { keyword, searchType, page } });
export const printCards = (p: Omit<CardListParams, "page">, signal?: AbortSignal) =>
  api<CustomerCard[]>("/api/customer/card/print", { signal, query: { ...p } });
export const cardDetail = (id: number, signal?: AbortSignal) => api<CustomerCard>(`/api/customer/card/detail/${id}`, { signal });
export const addCard = (groupId: number, cardData: CardData) => api<CustomerCard>("/api/customer/card", { method: "POST", json: { groupId, cardData } });
export const updateCard = (id: number, cardData: CardData) => api<CustomerCard>(`/api/customer/card/${id}`, { method: "PUT", json: { cardData } });
export const deleteCards = (cardIdList: number[]) => api<{ count: number }>("/api/customer/card", { method: "DELETE", json: { cardIdList } });
export const setImportant = (cardIdList: number[], importantStatus: boolean) =>
  api<{ count: number }>("/api/customer/card/importantStatus", { method: "PUT", json: { cardIdList, importantStatus } });
export const moveCards = (cardIdList: number[], targetGroupId: number, isCopy: boolean) =>
  api<{ count: number }>("/api/customer/card/move", { method: "PATCH", json: { cardIdList, targetGroupId, isCopy } });
export const copyToPrivate = (cardIdList: number[]) =>
  api<{ count: number }>("/api/customer/card/copy/private", { method: "POST", json: { cardIdList, targetGroupId: 0 } });

/** POST api/customer/card/import/save (201): a file's cards (the private book's import formats) into a group. */
export async function importSave(groupId: number, file: File, type?: ImportType, charset?: ImportCharset): Promise<ImportResult> {
  const f = new FormData();
  f.append("part", file);
  f.append("groupId", String(groupId));
  if (type) f.append("type", type);
  if (charset) f.append("charset", charset);
  const res = await authorized("/api/customer/card/import/save", { method: "POST", body: f });
  return await res.json() as ImportResult;
}

// Tags
export const tags = (signal?: AbortSignal) => api<CustomerTag[]>("/api/customer/tag", { signal });
export const addTag = (name: string, color: string) => api<CustomerTag>("/api/customer/tag", { method: "POST", json: { name, color } });
export const patchTag = (id: number, name: string, color: string) => api<CustomerTag>("/api/customer/tag", { method: "PATCH", json: { id, name, color } });
export const deleteTag = (id: number) => api<{ count: number }>(`/api/customer/tag/${id}`, { method: "DELETE" });
export const setCardTags = (cardIdList: number[], tagIdList: number[], action: "SET" | "ADD" | "REMOVE" = "SET") =>
  api<{ count: number }>("/api/customer/card/tag", { method: "PUT", json: { cardIdList, tagIdList, action } });

// History
export interface HistoryParams {
  groupId: number;
  /** One card's history; absent: the group's. */
  cardId?: number;
  historyType: "ALL" | "MEMO" | "LOG" | "MAIL";
  /** The search box's word (001 §7 searchWords), over the items' text and writer. */
  searchWords?: string;
  page: number;
}
export const history = (p: HistoryParams, signal?: AbortSignal) =>
  api<Page<CustomerHistoryItem>>("/api/customer/history", {
    signal,
    query: {
      groupId: p.groupId, id: p.cardId, historyType: p.historyType, page: p.page, sort: "updatedTimeMilli", dir: "desc",
      searchWords: p.searchWords || undefined,
    },
  });

/** POST api/customer/history (201): a memo with up to MEMO_FILES_MAX files, as form data. */
export async function addMemo(groupId: number, cardId: number | undefined, content: string, files: File[]): Promise<CustomerHistoryItem> {
  const f = new FormData();
  f.append("groupId", String(groupId));
  if (cardId) f.append("cardId", String(cardId));
  f.append("content", content);
  for (const file of files) f.append("files", file);
  const res = await authorized("/api/customer/history", { method: "POST", body: f });
  return await res.json() as CustomerHistoryItem;
}
export const patchMemo = (id: number, content: string) => api<CustomerHistoryItem>("/api/customer/history", { method: "PATCH", json: { id, content } });
export const deleteMemo = (id: number) => api<{ count: number }>(`/api/customer/history/${id}`, { method: "DELETE" });
export const keptMail = (id: number, signal?: AbortSignal) => api<CustomerKeptMail>(`/api/customer/history/mail/${id}`, { signal });
export const deleteKeptMail = (id: number) => api<{ count: number }>(`/api/customer/history/mail/${id}`, { method: "DELETE" });

/** A file as a Blob (a memo's: attach/{id}/{position}; a kept mail's: mail/attach/{id}/{position}). */
export async function fileBlob(kind: "memo" | "mail", historyId: number, position: number): Promise<Blob> {
  const path = kind === "memo" ? `/api/customer/history/attach/${historyId}/${position}` : `/api/customer/history/mail/attach/${historyId}/${position}`;
  return await (await authorized(path)).blob();
}
