// The MIME tree of a stored message, over its raw bytes (CRLF or bare LF line endings): for every part the
// byte offsets of its header and body, its Content-* fields, size and line count, its children (multipart)
// or the embedded message (message/rfc822). Splitting works on bytes with Uint8Array.indexOf per line, so a
// 25 MB message parses in milliseconds; no text is made of bodies.
import { field, type HeaderField, parseStructured, readHeader } from "./headers.ts";
import { asciiBytes } from "./text.ts";

export interface MimeNode {
  /** Offset of the part's first header byte. */
  headerStart: number;
  /** Offset of the blank line ending the header (= bodyStart when the header has none). */
  blankStart: number;
  /** Offset of the first body byte. */
  bodyStart: number;
  /** Offset after the last body byte (the line break before a boundary belongs to the boundary). */
  bodyEnd: number;
  /** The part's own header fields (for a message: the message header). */
  headers: HeaderField[];
  /** Content type and subtype as written (or the default: text/plain, message/rfc822 in multipart/digest). */
  type: string;
  subtype: string;
  /** Content-Type parameters as written (RFC 2231 names kept); the default type has charset=us-ascii. */
  params: [string, string][];
  id: string | null;
  description: string | null;
  /** Content-Transfer-Encoding as written; null when absent (rendered as 7BIT). */
  encoding: string | null;
  md5: string | null;
  disposition: { type: string; params: [string, string][] } | null;
  language: string[] | null;
  location: string | null;
  /** Body size in octets. */
  size: number;
  /** Body size in lines: the number of line breaks (LF) in the body, as dovecot counts. */
  lines: number;
  /** Parts of a multipart, in order. */
  children: MimeNode[];
  /** The embedded message of a message/rfc822 part (null when its body is encoded: not parsed). */
  message: MimeNode | null;
}

const MAX_DEPTH = 64;
const LF = 10, CR = 13;

export function parseMime(raw: Uint8Array): MimeNode {
  return parsePart(raw, 0, raw.length, false, 0);
}

export function isMultipart(node: MimeNode): boolean {
  return node.type.toLowerCase() === "multipart";
}

/** A message/rfc822 part (node.message is null when its body is base64 or quoted-printable encoded). */
export function isRfc822(node: MimeNode): boolean {
  return node.type.toLowerCase() === "message" && node.subtype.toLowerCase() === "rfc822";
}

function parsePart(raw: Uint8Array, start: number, end: number, inDigest: boolean, depth: number): MimeNode {
  const header = readHeader(raw, start, end);
  const get = (name: string) => field(header.fields, name)?.value ?? null;
  let type = inDigest ? "message" : "text";
  let subtype = inDigest ? "rfc822" : "plain";
  let params: [string, string][] = inDigest ? [] : [["charset", "us-ascii"]];
  const ct = get("content-type");
  if (ct !== null) {
    const parsed = parseStructured(ct);
    const m = /^([^\s/]+)\s*\/\s*([^\s/]+)$/.exec(parsed.value);
    if (m) {
      type = m[1];
      subtype = m[2];
      params = parsed.params;
    }
  }
  // Text without a charset is us-ascii (RFC 2045 §5.2); said explicitly, as dovecot does.
  if (type.toLowerCase() === "text" && !params.some(([k]) => k.toLowerCase() === "charset")) {
    params = [...params, ["charset", "us-ascii"]];
  }
  const cd = get("content-disposition");
  const disp = cd !== null ? parseStructured(cd) : null;
  const lang = get("content-language");
  const cte = get("content-transfer-encoding");
  const node: MimeNode = {
    headerStart: start,
    blankStart: header.blankStart,
    bodyStart: header.bodyStart,
    bodyEnd: end,
    headers: header.fields,
    type,
    subtype,
    params,
    id: get("content-id"),
    description: get("content-description"),
    encoding: cte === null || cte === "" ? null : cte.split(/[\s(;]/)[0],
    md5: get("content-md5"),
    disposition: disp && disp.value ? { type: disp.value, params: disp.params } : null,
    language: lang === null
      ? null
      : lang.replace(/\([^)]*\)/g, "").split(",").map((s) => s.trim()).filter((s) => s),
    location: get("content-location"),
    size: end - header.bodyStart,
    lines: 0,
    children: [],
    message: null,
  };
  if (node.language && node.language.length === 0) node.language = null;
  const lowerType = type.toLowerCase();
  const lowerSub = subtype.toLowerCase();
  if (lowerType === "multipart" && depth < MAX_DEPTH) {
    const boundary = params.find(([k]) => k.toLowerCase() === "boundary")?.[1];
    if (boundary) {
      const digest = lowerSub === "digest";
      for (const [s, e] of splitParts(raw, node.bodyStart, end, asciiBytes("--" + boundary))) {
        node.children.push(parsePart(raw, s, e, digest, depth + 1));
      }
    }
  } else if (
    lowerType === "message" && lowerSub === "rfc822" && depth < MAX_DEPTH && identityEncoding(node.encoding)
  ) {
    node.message = parsePart(raw, node.bodyStart, end, false, depth + 1);
  }
  if (lowerType === "text" || isRfc822(node)) node.lines = countLines(raw, node.bodyStart, end);
  return node;
}

function identityEncoding(encoding: string | null): boolean {
  if (encoding === null) return true;
  const e = encoding.toLowerCase();
  return e === "7bit" || e === "8bit" || e === "binary";
}

export function countLines(raw: Uint8Array, start: number, end: number): number {
  let n = 0;
  let pos = start;
  while (pos < end) {
    const lf = raw.indexOf(LF, pos);
    if (lf < 0 || lf >= end) return n;
    n++;
    pos = lf + 1;
  }
  return n;
}

/** The byte ranges of the parts between delimiter lines ("--boundary", optional "--", whitespace, line end). */
function splitParts(raw: Uint8Array, start: number, end: number, delim: Uint8Array): [number, number][] {
  const parts: [number, number][] = [];
  let partStart = -1;
  let pos = start;
  while (pos < end) {
    const lf = raw.indexOf(LF, pos);
    const lineEnd = lf < 0 || lf >= end ? end : lf + 1;
    const kind = delimiterKind(raw, pos, lineEnd, delim);
    if (kind) {
      if (partStart >= 0) parts.push([partStart, lineBreakBefore(raw, pos, partStart)]);
      if (kind === "close") return parts;
      partStart = lineEnd;
    }
    pos = lineEnd;
  }
  if (partStart >= 0) parts.push([partStart, end]);
  return parts;
}

/** Where the line break before a delimiter line starts (it belongs to the delimiter). */
function lineBreakBefore(raw: Uint8Array, lineStart: number, min: number): number {
  let e = lineStart;
  if (e > min && raw[e - 1] === LF) e--;
  if (e > min && raw[e - 1] === CR) e--;
  return e;
}

function delimiterKind(
  raw: Uint8Array,
  pos: number,
  lineEnd: number,
  delim: Uint8Array,
): "open" | "close" | null {
  if (lineEnd - pos < delim.length) return null;
  for (let i = 0; i < delim.length; i++) if (raw[pos + i] !== delim[i]) return null;
  let i = pos + delim.length;
  let kind: "open" | "close" = "open";
  if (i + 1 < lineEnd && raw[i] === 45 && raw[i + 1] === 45) {
    kind = "close";
    i += 2;
  }
  for (; i < lineEnd; i++) {
    const c = raw[i];
    if (c !== 32 && c !== 9 && c !== CR && c !== LF) return null;
  }
  return kind;
}
