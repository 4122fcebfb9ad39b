// BODY[section] bytes (RFC 3501 §6.4.5): part numbers walk the MIME tree (into message/rfc822 parts, their
// embedded message's parts), then HEADER, HEADER.FIELDS (NOT), TEXT or MIME pick bytes of that part. Answers
// slices of the raw message, except HEADER.FIELDS which copies the matching field lines (folded lines kept)
// and the header's blank line. A part that does not exist gives an empty array.
import { isMultipart, type MimeNode } from "./mime.ts";

export interface SectionSpec {
  path: number[];
  part?: "HEADER" | "HEADER.FIELDS" | "HEADER.FIELDS.NOT" | "TEXT" | "MIME";
  fields?: string[];
}

const EMPTY = new Uint8Array(0);
const CRLF = new Uint8Array([13, 10]);
const CRLF2 = new Uint8Array([13, 10, 13, 10]);

/** Part k inside a message (the root, or an embedded message): its parts, or part 1 = its body. */
function partOfMessage(message: MimeNode, k: number): MimeNode | null {
  if (isMultipart(message)) return message.children[k - 1] ?? null;
  return k === 1 ? message : null;
}

/** The node a part path names, or null. */
export function resolvePart(root: MimeNode, path: number[]): MimeNode | null {
  let node: MimeNode | null = null;
  for (const k of path) {
    if (node === null) node = partOfMessage(root, k);
    else if (isMultipart(node)) node = node.children[k - 1] ?? null;
    else if (node.message) node = partOfMessage(node.message, k);
    else node = null;
    if (node === null) return null;
  }
  return node;
}

export function section(raw: Uint8Array, node: MimeNode, spec: SectionSpec): Uint8Array {
  const target = spec.path.length === 0 ? null : resolvePart(node, spec.path);
  if (spec.path.length > 0 && target === null) return EMPTY;
  if (spec.part === undefined) {
    if (target === null) return raw.subarray(node.headerStart, node.bodyEnd);
    return raw.subarray(target.bodyStart, target.bodyEnd);
  }
  if (spec.part === "MIME") {
    if (target === null) return EMPTY;
    return raw.subarray(target.headerStart, target.bodyStart);
  }
  // HEADER, HEADER.FIELDS, TEXT: of the root message, or of the message in a message/rfc822 part.
  const message = target === null ? node : target.message;
  if (!message) return EMPTY;
  if (spec.part === "TEXT") return raw.subarray(message.bodyStart, message.bodyEnd);
  // As stored: with its blank line, or without when the message has no body (as dovecot answers).
  if (spec.part === "HEADER") return raw.subarray(message.headerStart, message.bodyStart);
  const wanted = new Set((spec.fields ?? []).map((f) => f.toLowerCase()));
  const keep = spec.part === "HEADER.FIELDS";
  const chunks: Uint8Array[] = [];
  for (const f of message.headers) {
    if (wanted.has(f.lower) === keep) chunks.push(raw.subarray(f.start, f.end));
  }
  // The header's own blank line; for a message without one, a CRLF ends what matched (as dovecot answers).
  if (message.blankStart < message.bodyStart) {
    chunks.push(raw.subarray(message.blankStart, message.bodyStart));
  } else if (chunks.length) {
    const last = chunks[chunks.length - 1];
    chunks.push(last[last.length - 1] === 10 ? CRLF : CRLF2);
  }
  return concat(chunks);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) n += c.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
