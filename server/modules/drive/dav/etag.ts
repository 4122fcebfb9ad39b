// ETags and dates of drive items over WebDAV. A file's ETag is from its content: the first 20 hex digits (80
// bits) of its blob key, the bytes' SHA-256 (same bytes, same tag; short, as some clients copy ETags into
// fixed buffers: litmus cuts If headers of two full SHA-256 tags); a folder's is its id and update time.
import type { ItemRow } from "../items/lookup.ts";

export function etagOf(r: ItemRow): string {
  if (r.kind === "file" && r.blobKey) return `"${r.blobKey.slice(0, 20)}"`;
  return `"f${r.id}-${r.updatedAt.getTime()}"`;
}

/** RFC 9110 IMF-fixdate. */
export const httpDate = (d: Date) => d.toUTCString();
