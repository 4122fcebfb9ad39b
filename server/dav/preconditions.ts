// Conditional requests of DAV writes and reads (RFC 7232 §3.1-3.2), for any provider: If-Match and
// If-None-Match against a resource's current ETag (null: there is none).
import { DavError } from "./provider.ts";

const tagsOf = (h: string) => h.split(",").map((s) => s.trim().replace(/^W\//, "")).filter(Boolean);

/** PUT and DELETE: 412 when a precondition is false. */
export function checkPreconditions(headers: Headers, current: string | null) {
  const ifMatch = headers.get("if-match");
  if (ifMatch !== null) {
    const tags = tagsOf(ifMatch);
    if (current === null || !(tags.includes("*") || tags.includes(current))) throw new DavError(412);
  }
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = tagsOf(ifNoneMatch);
    if (current !== null && (tags.includes("*") || tags.includes(current))) throw new DavError(412);
  }
}

/** GET: whether If-None-Match names the current ETag (answer 304). */
export function notModified(headers: Headers, current: string): boolean {
  const inm = headers.get("if-none-match");
  return inm !== null && tagsOf(inm).some((t) => t === "*" || t === current);
}
