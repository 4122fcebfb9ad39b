// The drive's file transfer with the browser (issue 25): resumable uploads (the tus 1.0.0 protocol: the web
// client is tus-js-client), downloads with Range, the zip of several items and the inline preview. No imports:
// the web bundle reads these too.
//
// Resumable upload (tus 1.0.0, extensions creation and termination), every call with the bearer token:
//   POST   /api/drive/tus/                 Upload-Length (bytes, 0 allowed), Upload-Metadata with
//                                          filename (required, the file's name) and folderId (required, the
//                                          target folder's id; a folder of a shared tree the caller may write),
//                                          filetype (optional, the browser's MIME type)
//                                          → 201, Location: /api/drive/tus/{uploadId}, Upload-Expires
//                                          refusals: 413 drive.74 { size } over MAX_FILE_SIZE, 507 drive.73 over
//                                          the quota (mail and drive together), 404 drive.not_found (folder),
//                                          403 drive.66, 400 drive.upload_refused, 400 common.validation
//                                          (missing or bad metadata)
//   HEAD   /api/drive/tus/{uploadId}       → 200 Upload-Offset, Upload-Length (and Drive-File-Id once done)
//   PATCH  /api/drive/tus/{uploadId}       Content-Type application/offset+octet-stream, Upload-Offset (must
//                                          equal the server's: 409 drive.upload_offset_mismatch) → 204 with
//                                          the new Upload-Offset. A cut request keeps what arrived: HEAD tells
//                                          where to go on. The PATCH that completes the file answers the new
//                                          drive item's id in Drive-File-Id (the item: GET /api/drive/{id}).
//   DELETE /api/drive/tus/{uploadId}       → 204: the unfinished upload and its bytes are gone.
//   An unknown, foreign, finished-long-ago or expired id answers 404 drive.not_found. Unfinished uploads are
//   removed TUS_EXPIRY_MS after their last byte arrived.
//
// Downloads (GET, with the bearer token, or without it with ?ticket= from POST /api/drive/download/ticket):
//   {id}/download                          the bytes as an attachment; Range (one range: 206, 416), ETag,
//                                          If-Range, If-None-Match; a shortcut: 400 drive.shortcut_not_downloadable
//   download?fileIds[]=                    a zip (streamed, ZIP64, UTF-8 names) of the files and folders
//                                          (with their sub-trees; shortcuts left out)
//   {id}/preview                           an image (PREVIEW_IMAGE_TYPES) or a PDF inline, in a sandbox
//   POST download/ticket { fileIds }       → { ticket, expiresAtMillis }: a link's stand-in for the bearer,
//                                          valid DOWNLOAD_TICKET_SECONDS for these items only, so the browser
//                                          can save a large file or zip straight to disk (an <a download>).

export const TUS_PATH = "/api/drive/tus/";
export const TUS_VERSION = "1.0.0";
export const TUS_EXTENSIONS = "creation,termination";
/** The answer header of the completing PATCH (and of HEAD after it): the new drive item's id. */
export const TUS_FILE_ID_HEADER = "Drive-File-Id";
/** Upload-Metadata keys. */
export const TUS_META = { fileName: "filename", folderId: "folderId", fileType: "filetype" } as const;
/** The chunk size the web client uses (tus-js-client chunkSize): one PATCH carries at most this much. */
export const TUS_CHUNK_SIZE = 64 * 1024 * 1024;
/** An unfinished upload is removed this long after its last byte. */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Unfinished uploads one user may have at once. */
export const TUS_MAX_OPEN_UPLOADS = 50;

export const DOWNLOAD_TICKET_SECONDS = 300;

export interface DownloadTicket {
  ticket: string;
  expiresAtMillis: number;
}

/** The extensions the preview shows as a document (images: PREVIEW_IMAGE_TYPES of constants.ts). */
export const PREVIEW_DOCUMENT_TYPES = ["pdf"] as const;

/** The path of a file's download; with a ticket it works without the bearer header. */
export function downloadPath(id: number, ticket?: string): string {
  return `/api/drive/${id}/download${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ""}`;
}

export function previewPath(id: number, ticket?: string): string {
  return `/api/drive/${id}/preview${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ""}`;
}

/** The path of the zip of several items. */
export function zipPath(ids: number[], ticket?: string): string {
  const q = ids.map((id) => `fileIds[]=${id}`);
  if (ticket) q.push(`ticket=${encodeURIComponent(ticket)}`);
  return `/api/drive/download?${q.join("&")}`;
}
