// The Drive API v3 query (q) of a list call (001 §7: not trashed; in root; shared with me and not owned; in a
// given parent; by type, name, full text, modified range), the order (folders first, then modifiedTime
// descending) and the fields the suite reads. Values are quoted as Google's query language wants: inside
// single quotes, with \ and ' escaped.
import type { ExternalFilesQuery } from "../../../../shared/drive/external-query.ts";
import { CATEGORY_MIMES } from "../../../../shared/drive/external.ts";

export const ORDER_BY = "folder,modifiedTime desc";

/** 001 §3 "External file": what every file answer asks Google for. */
export const FILE_FIELDS =
  "id,name,mimeType,parents,webViewLink,createdTime,modifiedTime,owners(displayName),ownedByMe,shared,size,exportLinks,shortcutDetails(targetId,targetMimeType),trashed";
export const LIST_FIELDS = `nextPageToken,files(${FILE_FIELDS})`;

export const quote = (v: string) => `'${v.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/** Whether the query is a search (any filter given) rather than a tab's root or a folder. */
export function isSearch(q: ExternalFilesQuery): boolean {
  return !!(q.name || q.fullText || q.category || q.modifiedAfter || q.modifiedBefore);
}

/** RFC 3339 in UTC, as Google's examples write times. */
const utc = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");

export function listQueryOf(q: ExternalFilesQuery): string {
  const parts = ["trashed = false"];
  if (q.folderId) parts.push(`${quote(q.folderId)} in parents`);
  else if (!isSearch(q)) parts.push(q.tab === "shared" ? "sharedWithMe = true and not 'me' in owners" : "'root' in parents");
  if (q.name) parts.push(`name contains ${quote(q.name)}`);
  if (q.fullText) parts.push(`fullText contains ${quote(q.fullText)}`);
  if (q.category) {
    const mimes = CATEGORY_MIMES[q.category].map((m) => (m.endsWith("/") ? `mimeType contains ${quote(m)}` : `mimeType = ${quote(m)}`));
    parts.push(mimes.length === 1 ? mimes[0] : `(${mimes.join(" or ")})`);
  }
  if (q.modifiedAfter) parts.push(`modifiedTime >= ${quote(utc(q.modifiedAfter))}`);
  if (q.modifiedBefore) parts.push(`modifiedTime < ${quote(utc(q.modifiedBefore))}`);
  return parts.join(" and ");
}
