// Calls of the drive's Google Drive (shared/drive/external.ts) and their queries. Keys start with "drive" so
// the drive's refreshes reach them: ["drive","external","token",type] and ["drive","external","files",query].
// The token query answers null when the company has Google Drive off (the server's 404). Downloads go through
// `authorized`: the bearer token and one session refresh on a 401, as the API client speaks JSON only.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { ExternalDriveType, ExternalFileList, ExternalSearch, ExternalTab, ExternalToken } from "@shared/drive/external.ts";
import type { AuthorizationStart } from "@shared/external-services.ts";
import { api, ApiError, authorized } from "../../../lib/api.ts";

export const extKeys = {
  all: ["drive", "external"] as const,
  token: (type: string) => ["drive", "external", "token", type] as const,
  files: (q: FilesParams) => ["drive", "external", "files", q] as const,
};

export const tokenQuery = (type: ExternalDriveType) =>
  queryOptions({
    queryKey: extKeys.token(type),
    queryFn: async ({ signal }): Promise<ExternalToken | null> => {
      try {
        return await api<ExternalToken>(`/api/external/token/${type}`, { signal });
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
    staleTime: 30_000,
  });

export interface FilesParams {
  tab: ExternalTab;
  folderId?: string;
  search?: ExternalSearch;
}

/** A day (YYYY-MM-DD) at this browser's midnight, as an instant; `next`: the day after's. */
export function dayStart(day: string, next = false): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y, m - 1, d + (next ? 1 : 0)).toISOString();
}

export const filesQuery = (p: FilesParams) =>
  infiniteQueryOptions({
    queryKey: extKeys.files(p),
    initialPageParam: "",
    queryFn: ({ pageParam, signal }) => {
      const s = p.search;
      return api<ExternalFileList>("/api/external/drive/files", {
        signal,
        query: {
          tab: p.tab, folderId: p.folderId, pageToken: pageParam || undefined,
          name: s?.name, fullText: s?.fullText, category: s?.category,
          modifiedAfter: s?.from ? dayStart(s.from) : undefined, modifiedBefore: s?.to ? dayStart(s.to, true) : undefined,
        },
      });
    },
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    staleTime: 30_000,
  });

export const authUrl = (type: ExternalDriveType) => api<AuthorizationStart>(`/api/external/auth/url/${type}`);
export const disconnect = (type: ExternalDriveType) => api<void>(`/api/external/token/${type}`, { method: "DELETE" });

function nameOf(res: Response, fallback: string): string {
  const cd = res.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch { /* a bad encoding: the fallback */ }
  }
  return fallback;
}

/** GET /api/external/drive/files/{id}/download: the bytes (Google Docs exported) and the name to save under. */
export async function download(id: string, fallback: string): Promise<{ blob: Blob; name: string }> {
  const res = await authorized(`/api/external/drive/files/${encodeURIComponent(id)}/download`);
  return { blob: await res.blob(), name: nameOf(res, fallback) };
}
