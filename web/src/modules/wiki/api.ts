// Every call of the wiki (001 §7 "Wiki (base api/wiki)"; paths, bodies and answers are listed in the headers of
// shared/wiki/documents.ts, properties.ts, permissions.ts, versions.ts, personal.ts and search.ts), through the
// app's API client. Bodies are the schemas' input types (defaults may be left out). Bytes (attachments, imports,
// exports) go through uploadForm / authorized.
import type { z } from "zod";
import type {
  AttachInfo, createDocBody, moveDocBody, patchDocBody, SummaryPage, TrashedDoc, WikiDocument, WikiSummary,
} from "@shared/wiki/documents.ts";
import type {
  optionBody, optionPatchBody, Property, propertyBody, propertyConfigBody, PropertyValue, RowFilter, ValueInput,
} from "@shared/wiki/properties.ts";
import type { DocPermissions, PermissionInput, PermissionMember } from "@shared/wiki/permissions.ts";
import type { Version, VersionSummary } from "@shared/wiki/versions.ts";
import type { Favorite, LastRead, RecentDoc } from "@shared/wiki/personal.ts";
import type { SearchPage } from "@shared/wiki/search.ts";
import type { SearchType, SortDir } from "@shared/wiki/constants.ts";
import type { Page } from "@shared/paging.ts";
import { api } from "../../lib/api.ts";

export const W = "/api/wiki";

export type CreateDocInput = z.input<typeof createDocBody>;
export type PatchDocInput = z.input<typeof patchDocBody>;
export type MoveDocInput = z.input<typeof moveDocBody>;
export type PropertyInput = z.input<typeof propertyBody>;
export type PropertyConfigInput = z.input<typeof propertyConfigBody>;
export type OptionInput = z.input<typeof optionBody>;
export type OptionPatchInput = z.input<typeof optionPatchBody>;

const q = (params: Record<string, string | number | boolean | undefined | null>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") s.set(k, String(v));
  const str = s.toString();
  return str ? `?${str}` : "";
};

// ── Documents (shared/wiki/documents.ts) ─────────────────────────────────────────────────────────────────────

export const getDoc = (id: number, trackRecent: boolean, signal?: AbortSignal) =>
  api<WikiDocument>(`${W}/docs/${id}${q({ trackRecent: trackRecent || undefined })}`, { signal });
export const getSummary = (id: number, signal?: AbortSignal) => api<WikiSummary>(`${W}/docs/${id}/summary`, { signal });
export interface SummariesParams {
  parentId?: number | null;
  page?: number;
  size?: number;
  sort?: string | null;
  dir?: SortDir;
  filter?: RowFilter[];
}
export const getSummaries = (p: SummariesParams, signal?: AbortSignal) =>
  api<SummaryPage>(`${W}/docs/summaries${q({
    parentId: p.parentId ?? undefined, page: p.page, size: p.size, sort: p.sort ?? undefined, dir: p.sort ? p.dir : undefined,
    filter: p.filter?.length ? JSON.stringify(p.filter) : undefined,
  })}`, { signal });
export const createDoc = (body: CreateDocInput) => api<WikiDocument>(`${W}/docs`, { method: "POST", json: body });
export const patchDoc = (id: number, body: PatchDocInput) => api<WikiDocument>(`${W}/docs/${id}`, { method: "PATCH", json: body });
export const moveDoc = (id: number, body: MoveDocInput) => api<WikiDocument>(`${W}/docs/${id}/move`, { method: "PATCH", json: body });
export const rollbackDoc = (id: number, versionId: number) =>
  api<WikiDocument>(`${W}/docs/${id}/rollback`, { method: "POST", json: { versionId } });
export const deleteDoc = (id: number) => api<{ id: number; deletedTime: number }>(`${W}/docs/${id}`, { method: "DELETE" });
export const getTrash = (p: { keyword?: string; page?: number; size?: number }, signal?: AbortSignal) =>
  api<Page<TrashedDoc>>(`${W}/trash/docs${q(p)}`, { signal });
export const restoreDoc = (id: number) => api<WikiDocument>(`${W}/trash/docs/${id}/restore`, { method: "PATCH" });
export const purgeDoc = (id: number) => api<{ id: number }>(`${W}/trash/docs/${id}`, { method: "DELETE" });
export const attachInfo = (docId: number, fileId: number, signal?: AbortSignal) =>
  api<AttachInfo>(`${W}/docs/${docId}/attach/${fileId}/info`, { signal });
/** Where an attachment is uploaded (web/src/lib/upload.ts uploadForm with a `file` part). */
export const attachUrl = (docId: number) => `${W}/docs/${docId}/attach`;
/** Where a Markdown file or zip is imported (uploadForm with `file` and `parentId`). */
export const importUrl = `${W}/docs/import`;
/** A document's Markdown (or, with subtree, a zip): fetch with `authorized` and save. */
export const exportUrl = (id: number, subtree: boolean) => `${W}/docs/${id}/export${q({ subtree: subtree || undefined })}`;
export const searchDocs = (p: { keyword: string; page?: number; size?: number; type?: SearchType }, signal?: AbortSignal) =>
  api<SearchPage>(`${W}/docs/search${q(p)}`, { signal });

// ── Properties and values (shared/wiki/properties.ts) ────────────────────────────────────────────────────────

export const getProperty = (id: number, signal?: AbortSignal) => api<Property>(`${W}/properties/${id}`, { signal });
export const getDocProperties = (docId: number, signal?: AbortSignal) => api<Property[]>(`${W}/docs/${docId}/properties`, { signal });
export const addProperty = (docId: number, body: PropertyInput) =>
  api<Property>(`${W}/docs/${docId}/properties`, { method: "POST", json: body });
export const renameProperty = (id: number, name: string) =>
  api<Property>(`${W}/properties/${id}/name`, { method: "PATCH", json: { name } });
export const configureProperty = (id: number, body: PropertyConfigInput) =>
  api<Property>(`${W}/properties/${id}/config`, { method: "PATCH", json: body });
export const addOption = (id: number, body: OptionInput) =>
  api<Property>(`${W}/properties/${id}/config/select/options`, { method: "POST", json: body });
export const patchOption = (id: number, optionId: string, body: OptionPatchInput) =>
  api<Property>(`${W}/properties/${id}/config/select/options/${encodeURIComponent(optionId)}`, { method: "PATCH", json: body });
export const deleteOption = (id: number, optionId: string) =>
  api<Property>(`${W}/properties/${id}/config/select/options/${encodeURIComponent(optionId)}`, { method: "DELETE" });
export const moveOption = (id: number, optionId: string, prevId: string | null) =>
  api<Property>(`${W}/properties/${id}/config/select/options/${encodeURIComponent(optionId)}/move`, { method: "POST", json: { prevId } });
export const moveProperty = (id: number, prevId: number | null) =>
  api<Property[]>(`${W}/properties/${id}/move`, { method: "PATCH", json: { prevId } });
export const deleteProperty = (id: number) => api<{ id: number }>(`${W}/properties/${id}`, { method: "DELETE" });
export const getValue = (id: number, signal?: AbortSignal) => api<PropertyValue>(`${W}/property-values/${id}`, { signal });
export const putValues = (docId: number, values: ValueInput[]) =>
  api<PropertyValue[]>(`${W}/docs/${docId}/property-values`, { method: "PUT", json: { values } });
export const deleteValue = (id: number) => api<{ id: number }>(`${W}/property-values/${id}`, { method: "DELETE" });

// ── Versions (shared/wiki/versions.ts) ───────────────────────────────────────────────────────────────────────

export const getVersions = (docId: number, page = 0, size?: number, signal?: AbortSignal) =>
  api<Page<VersionSummary>>(`${W}/versions${q({ docId, page, size })}`, { signal });
export const getVersion = (id: number, signal?: AbortSignal) => api<Version>(`${W}/versions/${id}`, { signal });

// ── Permissions (shared/wiki/permissions.ts) ─────────────────────────────────────────────────────────────────

export const getPermissions = (docId: number, signal?: AbortSignal) => api<DocPermissions>(`${W}/docs/${docId}/permissions`, { signal });
export const putPermissions = (docId: number, members: PermissionInput[]) =>
  api<DocPermissions>(`${W}/docs/${docId}/permissions`, { method: "PUT", json: { members } });
export const clearPermissions = (docId: number) => api<DocPermissions>(`${W}/docs/${docId}/permissions`, { method: "DELETE" });
export const getPermission = (id: number, signal?: AbortSignal) => api<PermissionMember>(`${W}/docs/permissions/${id}`, { signal });
export const deletePermission = (id: number) => api<DocPermissions>(`${W}/docs/permissions/${id}`, { method: "DELETE" });

// ── Favourites, recent, last read (shared/wiki/personal.ts) ──────────────────────────────────────────────────

export const getLastRead = (signal?: AbortSignal) => api<LastRead | null>(`${W}/users/last-read`, { signal });
export const getRecent = (signal?: AbortSignal) => api<RecentDoc[]>(`${W}/users/recent`, { signal });
export const getFavorites = (signal?: AbortSignal) => api<Favorite[]>(`${W}/users/favorites`, { signal });
export const addFavorite = (documentId: number) => api<Favorite>(`${W}/users/favorites`, { method: "POST", json: { documentId } });
export const moveFavorite = (id: number, prevId: number | null) =>
  api<Favorite[]>(`${W}/users/favorites/${id}`, { method: "PATCH", json: { prevId } });
export const removeFavorite = (id: number) => api<{ id: number }>(`${W}/users/favorites/${id}`, { method: "DELETE" });
