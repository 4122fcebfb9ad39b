// Google Drive API v3, the calls the drive's Google Drive needs, through a connection: the external-services
// layer adds the access token, refreshes it shortly before it expires, and on a 401 refreshes once and tries
// the call once more (001 §4); only the company's configured API host is called.
//   GET {api}/files?q&orderBy&fields&pageSize&pageToken    a page of files
//   GET {api}/files/{id}?fields                            one file's metadata
//   GET {api}/files/{id}?alt=media                         its bytes
//   GET {api}/files/{id}/export?mimeType                   a Google Docs file in another format
// Google's answers map to: 404 (and 403 from a file one may not read) → NotFoundAtGoogle; its rate limits and
// 5xx → NETWORK_ERROR; an insufficient scope → INVALID_SCOPE; anything else UNKNOWN.
import type { AppDeps } from "../../../lib/context.ts";
import { type ConnectionRow, connectionFetch } from "../../external-services/connections.ts";
import { ExternalServiceError, jsonOf } from "../../external-services/http.ts";
import { providerOf } from "../../external-services/settings.ts";
import { FILE_FIELDS, LIST_FIELDS, ORDER_BY } from "./query.ts";

/** A file as Google answers it (the fields FILE_FIELDS asks for). */
export interface GoogleFile {
  id: string;
  name?: string;
  mimeType?: string;
  parents?: string[];
  webViewLink?: string;
  createdTime?: string;
  modifiedTime?: string;
  owners?: { displayName?: string }[];
  ownedByMe?: boolean;
  shared?: boolean;
  size?: string;
  exportLinks?: Record<string, string>;
  shortcutDetails?: { targetId?: string; targetMimeType?: string };
  trashed?: boolean;
}

export class NotFoundAtGoogle extends Error {}

async function apiBase(deps: AppDeps, conn: ConnectionRow): Promise<string> {
  try {
    return (await providerOf(deps, conn.companyId, conn.registrationId)).apiBaseUrl.replace(/\/+$/, "");
  } catch {
    throw new ExternalServiceError("UNKNOWN", "the service is not configured");
  }
}

/** Throws for an answer that is not 2xx (its body is read or cancelled). */
async function check(res: Response): Promise<Response> {
  if (res.ok) return res;
  const body = await jsonOf(res);
  const reason = JSON.stringify((body?.error as Record<string, unknown> | undefined)?.errors ?? body?.error ?? "");
  if (res.status === 404) throw new NotFoundAtGoogle(reason);
  if (res.status === 403 && /rateLimit|quotaExceeded|usageLimits/i.test(reason)) throw new ExternalServiceError("NETWORK_ERROR", reason);
  if (res.status === 403 && /insufficient|scope/i.test(reason)) throw new ExternalServiceError("INVALID_SCOPE", reason);
  if (res.status === 403 && /notDownloadable|notExportable|cannotDownload/i.test(reason)) throw new NotDownloadable(reason);
  if (res.status === 403) throw new NotFoundAtGoogle(reason);
  if (res.status >= 500 || res.status === 429) throw new ExternalServiceError("NETWORK_ERROR", `status ${res.status}`);
  throw new ExternalServiceError("UNKNOWN", `status ${res.status} ${reason}`);
}

export class NotDownloadable extends Error {}

export interface FilesPage {
  files: GoogleFile[];
  nextPageToken: string | null;
}

export async function listFiles(deps: AppDeps, conn: ConnectionRow, q: string, pageSize: number, pageToken?: string): Promise<FilesPage> {
  const url = new URL(`${await apiBase(deps, conn)}/files`);
  url.searchParams.set("q", q);
  url.searchParams.set("orderBy", ORDER_BY);
  url.searchParams.set("fields", LIST_FIELDS);
  url.searchParams.set("pageSize", String(pageSize));
  url.searchParams.set("supportsAllDrives", "false");
  if (pageToken) url.searchParams.set("pageToken", pageToken);
  const res = await check(await connectionFetch(deps, conn, url.toString()));
  const body = await jsonOf(res);
  if (!body || !Array.isArray(body.files)) throw new ExternalServiceError("UNKNOWN", "files.list without files");
  return {
    files: (body.files as GoogleFile[]).filter((f) => f && typeof f.id === "string"),
    nextPageToken: typeof body.nextPageToken === "string" ? body.nextPageToken : null,
  };
}

export async function getFile(deps: AppDeps, conn: ConnectionRow, id: string): Promise<GoogleFile> {
  const url = new URL(`${await apiBase(deps, conn)}/files/${encodeURIComponent(id)}`);
  url.searchParams.set("fields", FILE_FIELDS);
  const res = await check(await connectionFetch(deps, conn, url.toString()));
  const body = await jsonOf(res);
  if (!body || typeof body.id !== "string") throw new ExternalServiceError("UNKNOWN", "files.get without id");
  return body as unknown as GoogleFile;
}

/** The file's bytes (alt=media) or its export to `exportMime`: the open response, its body not yet read. */
export async function fileContent(deps: AppDeps, conn: ConnectionRow, id: string, exportMime: string | null): Promise<Response> {
  const base = await apiBase(deps, conn);
  const url = new URL(exportMime ? `${base}/files/${encodeURIComponent(id)}/export` : `${base}/files/${encodeURIComponent(id)}`);
  if (exportMime) url.searchParams.set("mimeType", exportMime);
  else url.searchParams.set("alt", "media");
  return await check(await connectionFetch(deps, conn, url.toString(), { headers: { "accept-encoding": "identity" } }));
}
