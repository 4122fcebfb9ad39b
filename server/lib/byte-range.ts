// One byte range of a Range header (RFC 9110 §14: bytes=a-b, a-, -n), for every download that honours it (the
// drive's files and WebDAV, the boards' files). Several ranges are not read: the caller answers the whole file.
export type Range = { start: number; end: number } | "unsatisfiable" | null;

/** The one range a Range header asks for within `size` bytes; null for none (or several, or unreadable). */
export function parseRange(header: string | undefined, size: number): Range {
  if (!header) return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    return size === 0 ? "unsatisfiable" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return null; // invalid: ignored, the whole file
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
