// The drive's public link calls (server/modules/drive/share/link-viewer.ts) with the link's grant: never the
// visitor's session. The list sends the grant as X-Link-Grant; the download and the preview are addresses the
// browser fetches itself (a saved file, an <img>, a PDF frame), so they carry it as ?grant=.
import type { DriveSortField } from "@shared/drive/constants.ts";
import type { DriveList } from "@shared/drive/items.ts";
import { ApiError } from "../../../lib/api.ts";

const BASE = "/api/drive-link";
/** Rows per page of a linked folder. */
export const LINK_PAGE_SIZE = 50;

/** The order of a folder's items (folders always first): by name unless the visitor picks another column. */
export interface LinkSort {
  field: DriveSortField;
  dir: "asc" | "desc";
}
export const DEFAULT_LINK_SORT: LinkSort = { field: "fileName", dir: "asc" };

/** A linked folder's page (page from 0), or the linked file itself (folderId left out). */
export async function linkItems(grant: string, q: { folderId?: number; page?: number; sort?: LinkSort }, signal?: AbortSignal): Promise<DriveList> {
  const sort = q.sort ?? DEFAULT_LINK_SORT;
  const params = new URLSearchParams({ pageSize: String(LINK_PAGE_SIZE), page: String(q.page ?? 0), sort: sort.field, dir: sort.dir });
  if (q.folderId !== undefined) params.set("folderId", String(q.folderId));
  let res: Response;
  try {
    res = await fetch(`${BASE}/items?${params}`, { headers: { accept: "application/json", "x-link-grant": grant }, signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError(0, "common.500");
  }
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, typeof body.code === "string" ? body.code : `common.${res.status}`, body);
  return body as DriveList;
}

const withGrant = (grant: string) => `grant=${encodeURIComponent(grant)}`;
export const downloadUrl = (grant: string, id: number) => `${BASE}/${id}/download?${withGrant(grant)}`;
export const previewUrl = (grant: string, id: number) => `${BASE}/${id}/preview?${withGrant(grant)}`;
