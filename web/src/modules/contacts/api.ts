// The address book's calls (001 §7 "Contacts"; shapes in shared/contacts/*), through the app's API client.
// Import and export send and receive files: they go through `authorized` (the bearer token, one refresh on
// a 401), as the API client speaks JSON only.
import type { z } from "zod";
import type { cardInput, CardListPage, CardMailItem, CardsChanged, ContactCard } from "@shared/contacts/cards.ts";
import type { ContactConfig } from "@shared/contacts/config.ts";
import type { ContactGroup, ContactGroupNode } from "@shared/contacts/groups.ts";
import type { ImportPreview, ImportResult } from "@shared/contacts/inout.ts";
import type { ExportFormat, ImportCharset, ImportType, ListColumn, SortDir, SortField } from "@shared/contacts/constants.ts";
import type { Page } from "@shared/paging.ts";
import { api, authorized } from "../../lib/api.ts";

// Groups
export const topGroups = (signal?: AbortSignal) => api<ContactGroup[]>("/api/contact/group", { signal });
export const privateTree = (signal?: AbortSignal) => api<ContactGroupNode>("/api/contact/group/private/tree", { signal });
export const addGroup = (groupName: string, parentId: number) =>
  api<ContactGroup>("/api/contact/group", { method: "POST", json: { groupName, contactGroupType: "PRIVATE", parentId } });
export const renameGroup = (id: number, groupName: string) =>
  api<ContactGroup>(`/api/contact/group/${id}/groupName`, { method: "PUT", json: { groupName } });
export const deleteGroup = (id: number) => api<void>(`/api/contact/group/${id}`, { method: "DELETE" });

// Cards
export interface ListParams {
  /** A route's group: all, important, new, unmapped, search or a number. */
  groupId: string;
  page: number;
  pageSize?: number;
  sort?: SortField;
  dir?: SortDir;
  consonant?: string;
  searchWord?: string;
  trash?: boolean;
}

const listQuery = (p: Omit<ListParams, "page" | "pageSize">) => ({
  groupId: p.groupId,
  sort: p.sort,
  dir: p.dir,
  consonant: p.consonant,
  searchWord: p.searchWord,
  trash: p.trash || undefined,
});

export const listCards = (p: ListParams, signal?: AbortSignal) =>
  api<CardListPage>("/api/contact/card", { signal, query: { ...listQuery(p), page: p.page, pageSize: p.pageSize } });
export const printCards = (p: Omit<ListParams, "page" | "pageSize">, signal?: AbortSignal) =>
  api<ContactCard[]>("/api/contact/card/print", { signal, query: listQuery(p) });
export const cardDetail = (id: number, signal?: AbortSignal) => api<ContactCard>(`/api/contact/detail/${id}`, { signal });
export const cardMailHistory = (id: number, page: number, signal?: AbortSignal) =>
  api<Page<CardMailItem>>(`/api/contact/detail/${id}/mail/history`, { signal, query: { page, pageSize: 10 } });

/** cardData of POST and PUT, as the server reads it (shared/contacts/cards.ts cardInput). photo: a data: URL, null to
 * remove, absent to keep. */
export type CardData = z.input<typeof cardInput>;

export const addCard = (cardData: CardData) => api<ContactCard>("/api/contact/card", { method: "POST", json: { cardData } });
export const updateCard = (id: number, cardData: CardData) => api<ContactCard>(`/api/contact/card/${id}`, { method: "PUT", json: { cardData } });
export const deleteCards = (cardIdList: number[]) => api<CardsChanged>("/api/contact/card", { method: "DELETE", json: { cardIdList } });
export const restoreCards = (cardIdList: number[]) => api<CardsChanged>("/api/contact/card/restore", { method: "PUT", json: { cardIdList } });
export const setImportant = (cardIdList: number[], importantStatus: boolean) =>
  api<CardsChanged>("/api/contact/card/importantStatus", { method: "PUT", json: { cardIdList, importantStatus } });
/** Moves the cards out of `groupId` (the listed group; a special one: out of every group) into the target. */
export const moveCards = (cardIdList: number[], targetGroupId: number, groupId?: number) =>
  api<CardsChanged>("/api/contact/card/move", { method: "PUT", json: { cardIdList, targetGroupId, groupId } });
/** The cards' groups become exactly these (a copy adds the target to the groups they have). */
export const setRelations = (cardIdList: number[], contactGroupIdList: number[]) =>
  api<CardsChanged>("/api/contact/relation", { method: "PUT", json: { cardIdList, contactGroupIdList } });
export const mergeCards = (targetId: number, cardIdList: number[]) =>
  api<ContactCard>(`/api/contact/card/${targetId}/merge`, { method: "PUT", json: { cardIdList } });

// Settings
export const getConfig = (signal?: AbortSignal) => api<ContactConfig>("/api/config/contact", { signal });
export const putConfig = (body: { firstPage?: string; pageSize?: number; sort?: string }) =>
  api<ContactConfig>("/api/config/contact", { method: "PUT", json: body });
export const putPageSize = (size: number) => api<ContactConfig>(`/api/config/contact/${size}/pageSize`, { method: "PUT" });
export const hideColumn = (columnName: ListColumn, hide: boolean) =>
  api<ContactConfig>("/api/config/contact/hideColumns", { method: "PUT", json: { columnName, hide } });

/** The photo of a card as an object URL (the caller revokes it). */
export async function cardPhoto(id: number, signal?: AbortSignal): Promise<string> {
  const res = await authorized(`/api/contact/detail/${id}/photo`, { signal });
  return URL.createObjectURL(await res.blob());
}

function importForm(file: File, type?: ImportType, charset?: ImportCharset, groupId?: string): FormData {
  const f = new FormData();
  f.append("part", file);
  if (type) f.append("type", type);
  if (charset) f.append("charset", charset);
  if (groupId !== undefined) f.append("groupId", groupId);
  return f;
}

/** POST api/contact/card/import: what the file holds, nothing stored. */
export async function previewImport(file: File, type?: ImportType, charset?: ImportCharset): Promise<ImportPreview> {
  const res = await authorized("/api/contact/card/import", { method: "POST", body: importForm(file, type, charset) });
  return await res.json() as ImportPreview;
}

/** POST api/contact/card/import/save (201): the cards into the group ("0": no group). */
export async function saveImport(file: File, groupId: string, type?: ImportType, charset?: ImportCharset): Promise<ImportResult> {
  const res = await authorized("/api/contact/card/import/save", { method: "POST", body: importForm(file, type, charset, groupId) });
  return await res.json() as ImportResult;
}

/** GET api/contact/card/export: the file and its name from the answer. */
export async function exportCards(format: ExportFormat, groupId: string, cardIdList?: number[]): Promise<{ blob: Blob; name: string }> {
  const q = new URLSearchParams({ format, groupId });
  for (const id of cardIdList ?? []) q.append("cardIdList[]", String(id));
  const res = await authorized(`/api/contact/card/export?${q}`);
  const disposition = res.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? (format === "XLSX" ? "contacts.xlsx" : "contacts.vcf");
  return { blob: await res.blob(), name };
}
