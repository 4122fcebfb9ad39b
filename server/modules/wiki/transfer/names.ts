// Names in an exported zip and an imported one: a document's title as a file or folder name, unique among its
// siblings (" (2)", " (3)" …), and the relative links between the entries.

const MAX_NAME = 100;

/** A title as a file or folder name: no path or reserved characters, no trailing dots or spaces. */
export function safeName(title: string, fallback: string): string {
  const s = title.normalize("NFC").replace(/[\\/:*?"<>|\p{Cc}]/gu, "_").replace(/\s+/g, " ").trim()
    .slice(0, MAX_NAME).replace(/[. ]+$/, "");
  return s || fallback;
}

/** Makes names unique in one folder (case-insensitively, as Windows and macOS folders are). */
export class NameSet {
  #taken = new Set<string>();
  /** `base` + `ext`, or `base (2)` + `ext`, … whichever is free first. */
  take(base: string, ext = ""): string {
    for (let n = 1;; n++) {
      const name = n === 1 ? `${base}${ext}` : `${base} (${n})${ext}`;
      if (!this.#taken.has(name.toLowerCase())) {
        this.#taken.add(name.toLowerCase());
        return name;
      }
    }
  }
}

/** A path's characters that would end or break a Markdown link destination, percent-encoded (and "%" itself). */
export const encodeLinkPath = (path: string) => path.replace(/[%\s()<>[\]]/g, (c) => encodeURIComponent(c));

/** The link from the file at `from` to the file at `to` (both zip paths, "/"-separated). */
export function relativePath(from: string, to: string): string {
  const a = from.split("/").slice(0, -1);
  const b = to.split("/");
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => ".."), ...b.slice(i)].join("/");
}

/**
 * The zip path a relative link in the file at `from` points at; null for an absolute address (a scheme,
 * "//", "#", "/") or one leaving the zip.
 */
export function resolveLink(from: string, href: string): string | null {
  if (!href || /^([a-z][a-z0-9+.-]*:|\/|#)/i.test(href)) return null;
  let path = href.replace(/[?#].*$/, "");
  try {
    path = decodeURIComponent(path);
  } catch { /* kept as written */ }
  const out = from.split("/").slice(0, -1);
  for (const seg of path.normalize("NFC").split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (!out.length) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.join("/");
}
