// Header blocks over raw bytes: where each field starts and ends (folded lines included, so BODY[HEADER.FIELDS]
// can copy them byte for byte), its name, and its unfolded value as text; and the parsing of structured MIME
// values (Content-Type and Content-Disposition: a value and its parameters, kept as written, RFC 2231 names
// such as filename*0* included, as dovecot and RFC 3501 BODYSTRUCTURE expect).
import { decodeBytes } from "./text.ts";

export interface HeaderField {
  /** Field name as written. */
  name: string;
  /** Field name in lower case, for look-ups. */
  lower: string;
  /** Byte offset of the field's first byte. */
  start: number;
  /** Byte offset after the field's last line ending (folded lines included). */
  end: number;
  /** The value unfolded (line breaks removed), whitespace after the colon dropped, 8-bit bytes decoded. */
  value: string;
}

export interface HeaderBlock {
  fields: HeaderField[];
  /** Offset of the blank line ending the header (= bodyStart when there is none). */
  blankStart: number;
  /** Offset of the first body byte: after the blank line, or `end` when the header runs to the end. */
  bodyStart: number;
}

const LF = 10, CR = 13, SP = 32, TAB = 9, COLON = 58;

/** Reads the header block starting at `start`, not beyond `end`. */
export function readHeader(raw: Uint8Array, start: number, end: number): HeaderBlock {
  const fields: HeaderField[] = [];
  let pos = start;
  let current: { start: number; colon: number } | null = null;
  const close = (at: number) => {
    if (!current) return;
    fields.push(makeField(raw, current.start, current.colon, at));
    current = null;
  };
  while (pos < end) {
    const lf = raw.indexOf(LF, pos);
    const lineEnd = lf < 0 || lf >= end ? end : lf + 1;
    const first = raw[pos];
    if (first === LF || (first === CR && pos + 1 < end && raw[pos + 1] === LF)) {
      close(pos);
      return { fields, blankStart: pos, bodyStart: lineEnd };
    }
    if ((first === SP || first === TAB) && current) {
      pos = lineEnd;
      continue;
    }
    close(pos);
    let colon = -1;
    for (let i = pos; i < lineEnd; i++) {
      if (raw[i] === COLON) {
        colon = i;
        break;
      }
    }
    current = { start: pos, colon };
    pos = lineEnd;
  }
  close(end);
  return { fields, blankStart: end, bodyStart: end };
}

function makeField(raw: Uint8Array, start: number, colon: number, end: number): HeaderField {
  const nameEnd = colon < 0 ? end : colon;
  const name = decodeBytes(raw, start, nameEnd).trim();
  const value = colon < 0 ? "" : unfold(decodeBytes(raw, colon + 1, end));
  return { name, lower: name.toLowerCase(), start, end, value };
}

/**
 * Unfolds a header value: drops the whitespace after the colon on the field's first line, then the line
 * breaks (the folding whitespace stays), as dovecot does; so a value starting on a continuation line keeps
 * that line's leading whitespace.
 */
export function unfold(value: string): string {
  return value.replace(/^[ \t]+/, "").replace(/\r?\n/g, "");
}

/** The first field with this (lower-case) name. */
export function field(fields: HeaderField[], lower: string): HeaderField | undefined {
  for (const f of fields) if (f.lower === lower) return f;
  return undefined;
}

export interface Structured {
  /** The value before the first ";" (e.g. "text/plain", "attachment"), comments removed, trimmed. */
  value: string;
  /** Parameters in order, names as written, values unquoted. */
  params: [string, string][];
}

/** Splits at ";" outside quoted strings, drops comments, unquotes values. */
export function parseStructured(input: string): Structured {
  const segments: string[] = [];
  let cur = "";
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === '"') {
      // Kept with its quotes (and escapes) so "=" and ";" inside stay put; unquoted below.
      let j = i + 1;
      while (j < input.length && input[j] !== '"') j += input[j] === "\\" ? 2 : 1;
      cur += input.slice(i, j + 1);
      i = j;
    } else if (c === "(") {
      let depth = 1;
      for (i++; i < input.length && depth > 0; i++) {
        if (input[i] === "\\") i++;
        else if (input[i] === "(") depth++;
        else if (input[i] === ")") depth--;
      }
      i--;
    } else if (c === ";") {
      segments.push(cur);
      cur = "";
    } else cur += c;
  }
  segments.push(cur);
  const params: [string, string][] = [];
  for (const piece of segments.slice(1)) {
    const eq = piece.indexOf("=");
    const quote = piece.indexOf('"');
    if (eq < 1 || (quote >= 0 && quote < eq)) continue;
    const name = piece.slice(0, eq).trim();
    if (name) params.push([name, unquote(piece.slice(eq + 1).trim())]);
  }
  return { value: unquote(segments[0].trim()), params: mergeContinuations(params) };
}

/** A quoted string's content (escapes resolved), or the text as it is. */
function unquote(s: string): string {
  if (!s.startsWith('"')) return s;
  let out = "";
  for (let i = 1; i < s.length && s[i] !== '"'; i++) {
    if (s[i] === "\\" && i + 1 < s.length) i++;
    out += s[i];
  }
  return out;
}

/**
 * RFC 2231 continuations (name*0*=..., name*1*=...) joined into one parameter where the first piece was:
 * "name*" with the pieces' values concatenated when any piece is extended (charset'lang'%XX kept as written),
 * else "name". Dovecot answers BODYSTRUCTURE the same way, and clients know "filename*" far better.
 */
function mergeContinuations(params: [string, string][]): [string, string][] {
  const out: ([string, string] | { base: string; pieces: { n: number; ext: boolean; value: string }[] })[] =
    [];
  const groups = new Map<string, { base: string; pieces: { n: number; ext: boolean; value: string }[] }>();
  for (const [name, value] of params) {
    const m = /^(.+?)\*(\d+)(\*?)$/.exec(name);
    if (!m) {
      out.push([name, value]);
      continue;
    }
    const key = m[1].toLowerCase();
    let g = groups.get(key);
    if (!g) {
      g = { base: m[1], pieces: [] };
      groups.set(key, g);
      out.push(g);
    }
    g.pieces.push({ n: Number(m[2]), ext: m[3] === "*", value });
  }
  return out.map((p) => {
    if (Array.isArray(p)) return p;
    const pieces = p.pieces.sort((a, b) => a.n - b.n);
    const ext = pieces.some((x) => x.ext);
    return [ext ? p.base + "*" : p.base, pieces.map((x) => x.value).join("")];
  });
}
