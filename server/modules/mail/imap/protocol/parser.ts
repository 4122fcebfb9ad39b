// The IMAP command parser: readCommand() assembles one command from the reader (lines plus literals: a
// synchronising {n} gets "+ go ahead" first, a non-synchronising {n+} (LITERAL+) does not), enforcing the
// line and literal limits; tokenize() turns the assembled bytes into tag, command name and arguments:
// atoms (a fetch attribute like BODY.PEEK[HEADER.FIELDS (A B)]<0.10> stays one atom), quoted strings with
// escapes, literals, NIL and parenthesised lists.
import { Buffer } from "node:buffer";
import { MAX_MESSAGE_BYTES } from "../../../../../shared/mail/constants.ts";
import type { ByteReader } from "./reader.ts";

/** Longest command line (without literals) we take. */
export const MAX_LINE_BYTES = 64 * 1024;
/** Longest literal outside APPEND. */
export const MAX_LITERAL_BYTES = 1024 * 1024;
/** Most literals in one command. */
const MAX_LITERALS = 64;

export type Token =
  | { t: "atom"; v: string }
  | { t: "string"; v: Buffer }
  | { t: "list"; v: Token[] };

export interface Command {
  tag: string;
  /** Upper-cased command name. */
  name: string;
  args: Token[];
}

/** A syntax error: answered `tag BAD text`. */
export class ParseError extends Error {}

/** A command refused while it was being read (too big): answered `tag <response>`. */
export interface Refused {
  tag: string;
  response: string;
}

const LITERAL_AT_END = /\{(\d{1,12})(\+?)\}$/;

function tagOf(line: string): string {
  const sp = line.indexOf(" ");
  return sp > 0 ? line.slice(0, sp) : "*";
}

function isAppend(line: string): boolean {
  return /^\S+\s+APPEND\s/i.test(line);
}

/**
 * Reads one whole command; null when the peer closed. `goAhead` writes the continuation request for a
 * synchronising literal.
 */
export async function readCommand(reader: ByteReader, goAhead: () => void): Promise<Buffer | Refused | null> {
  const parts: Buffer[] = [];
  let size = 0;
  let first: string | null = null;
  let literals = 0;
  while (true) {
    const line = await reader.readLine(MAX_LINE_BYTES);
    if (line === null) return null;
    size += line.length;
    if (size > MAX_LINE_BYTES) throw new ParseError("command too long");
    first ??= line.toString("latin1");
    parts.push(line);
    const m = LITERAL_AT_END.exec(line.toString("latin1", Math.max(0, line.length - 20)));
    if (!m) return Buffer.concat(parts);
    const n = Number(m[1]);
    const sync = m[2] !== "+";
    const limit = isAppend(first) ? MAX_MESSAGE_BYTES : MAX_LITERAL_BYTES;
    if (++literals > MAX_LITERALS || n > limit) {
      const response = isAppend(first) && n > limit
        ? "NO [TOOBIG] Message is larger than the limit"
        : "BAD Literal too large";
      if (!sync && !await discardRest(reader, n)) return null;
      return { tag: tagOf(first), response };
    }
    if (sync) goAhead();
    const bytes = await reader.readBytes(n);
    if (bytes === null) return null;
    parts.push(Buffer.from("\r\n"), bytes);
  }
}

/** After a refused non-synchronising literal: skip it and whatever follows up to the end of the command. */
async function discardRest(reader: ByteReader, n: number): Promise<boolean> {
  let left = n;
  while (true) {
    if (!await reader.skip(left)) return false;
    const line = await reader.readLine(MAX_LINE_BYTES);
    if (line === null) return false;
    const m = LITERAL_AT_END.exec(line.toString("latin1", Math.max(0, line.length - 20)));
    if (!m) return true;
    if (m[2] !== "+") return true; // a synchronising one now: the client waits for us, nothing more comes
    left = Number(m[1]);
  }
}

const SP = 0x20, LP = 0x28, RP = 0x29, DQ = 0x22, BS = 0x5c, LB = 0x7b, LSQ = 0x5b, RSQ = 0x5d, CR = 0x0d, LF = 0x0a;

/** Tokenizes a whole command (as readCommand assembled it). */
export function tokenize(bytes: Buffer): Command {
  let pos = 0;
  const fail = (what: string): never => {
    throw new ParseError(what);
  };

  const atom = (): string => {
    const start = pos;
    let depth = 0;
    while (pos < bytes.length) {
      const c = bytes[pos];
      if (depth > 0) {
        if (c === LSQ) depth++;
        else if (c === RSQ) depth--;
        else if (c === CR || c === LF) fail("unterminated [");
        else if (c === 0) fail("NUL in an atom");
        pos++;
        continue;
      }
      if (c === SP || c === LP || c === RP || c === DQ || c === LB || c === CR || c === LF || c < 0x20 || c === 0x7f) break;
      if (c === RSQ) break;
      if (c === LSQ) depth++;
      pos++;
    }
    if (depth > 0) fail("unterminated [");
    if (pos === start) fail("expected an atom");
    return bytes.toString("utf8", start, pos);
  };

  const quoted = (): Buffer => {
    pos++; // opening quote
    const out: number[] = [];
    while (true) {
      if (pos >= bytes.length) fail("unterminated quoted string");
      const c = bytes[pos++];
      if (c === DQ) break;
      if (c === CR || c === LF) fail("line break in quoted string");
      if (c === BS) {
        const e = bytes[pos++];
        if (e !== DQ && e !== BS) fail("bad escape in quoted string");
        out.push(e);
      } else out.push(c);
    }
    return Buffer.from(out);
  };

  const literal = (): Buffer => {
    const m = /^\{(\d+)\+?\}\r\n/.exec(bytes.toString("latin1", pos, Math.min(bytes.length, pos + 20)));
    if (!m) fail("bad literal");
    const n = Number(m![1]);
    pos += m![0].length;
    if (pos + n > bytes.length) fail("short literal");
    const v = bytes.subarray(pos, pos + n);
    pos += n;
    return v;
  };

  const value = (): Token => {
    const c = bytes[pos];
    if (c === DQ) return { t: "string", v: quoted() };
    if (c === LB) return { t: "string", v: literal() };
    if (c === LP) {
      pos++;
      const items: Token[] = [];
      while (true) {
        if (pos >= bytes.length) fail("unterminated list");
        if (bytes[pos] === RP) {
          pos++;
          break;
        }
        if (items.length && bytes[pos] === SP) pos++;
        if (bytes[pos] === RP) continue;
        items.push(value());
      }
      return { t: "list", v: items };
    }
    return { t: "atom", v: atom() };
  };

  const tag = atom();
  if (/[+*]/.test(tag)) fail("bad tag");
  if (bytes[pos] !== SP) throw new ParseError("missing command");
  pos++;
  const name = atom().toUpperCase();
  const args: Token[] = [];
  while (pos < bytes.length) {
    if (bytes[pos] !== SP) fail("expected a space");
    pos++;
    if (pos >= bytes.length) break; // a trailing space, as some clients send
    args.push(value());
  }
  return { tag, name, args };
}

/** Tag of a line that failed to tokenize (for the BAD answer). */
export function tagOfBytes(bytes: Buffer): string {
  const t = tagOf(bytes.toString("latin1", 0, Math.min(bytes.length, 100)));
  return /^[\x21-\x7e]+$/.test(t) && !/[+*(){%"\\]/.test(t) ? t : "*";
}
