// Headers of every file the server hands out (attachments, originals, backups, large files, secure mail):
// the real name in RFC 5987 form beside an ASCII fallback, so Korean names arrive intact; never sniffed and
// never run as a page of this origin, whatever type the file claims.

/** Content-Disposition with an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(fileName: string, type: "attachment" | "inline" = "attachment"): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "file";
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface FileHeaderOptions {
  length?: number;
  inline?: boolean;
  /** Cache-Control; private caching for an hour unless said otherwise. */
  cache?: string;
}

export function fileHeaders(contentType: string, fileName: string, opts: FileHeaderOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": /^[\w.+-]+\/[\w.+-]+(; ?charset=[\w-]+)?$/.test(contentType) ? contentType : "application/octet-stream",
    "content-disposition": contentDisposition(fileName, opts.inline ? "inline" : "attachment"),
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": opts.cache ?? "private, max-age=3600",
  };
  if (opts.length !== undefined) headers["content-length"] = String(opts.length);
  return headers;
}
