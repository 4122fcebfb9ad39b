// Reading command arguments off the token list: astrings, numbers, mailbox names (modified UTF-7 decoded),
// flag lists and sequence sets, each failing with a ParseError (answered BAD), as does a NUL in any text.
import { isStorableText } from "../../../../../shared/request-input.ts";
import { decodeMutf7 } from "./mutf7.ts";
import { ParseError, type Token } from "./parser.ts";

export class Args {
  private i = 0;
  constructor(readonly tokens: Token[]) {}

  get done(): boolean {
    return this.i >= this.tokens.length;
  }

  peek(): Token | undefined {
    return this.tokens[this.i];
  }

  next(what = "argument"): Token {
    const t = this.tokens[this.i++];
    if (!t) throw new ParseError(`missing ${what}`);
    return t;
  }

  /** An atom, quoted string or literal as text. */
  astring(what = "argument"): string {
    const t = this.next(what);
    if (t.t === "list") throw new ParseError(`${what}: a list is not allowed here`);
    return textOf(t);
  }

  atom(what = "argument"): string {
    const t = this.next(what);
    if (t.t !== "atom") throw new ParseError(`${what}: expected an atom`);
    return t.v;
  }

  number(what = "number"): number {
    const v = this.atom(what);
    if (!/^\d{1,19}$/.test(v)) throw new ParseError(`${what}: expected a number`);
    return Number(v);
  }

  list(what = "list"): Token[] {
    const t = this.next(what);
    if (t.t !== "list") throw new ParseError(`${what}: expected a parenthesised list`);
    return t.v;
  }

  /** A mailbox name, decoded; "INBOX" in any case is INBOX. */
  mailbox(): string {
    return mailboxName(this.astring("mailbox name"));
  }

  /** All remaining tokens. */
  rest(): Token[] {
    const out = this.tokens.slice(this.i);
    this.i = this.tokens.length;
    return out;
  }

  end(): void {
    if (!this.done) throw new ParseError("too many arguments");
  }
}

export function mailboxName(wire: string): string {
  if (wire.toUpperCase() === "INBOX") return "INBOX";
  let name: string;
  try {
    name = decodeMutf7(wire);
  } catch (e) {
    throw new ParseError((e as Error).message);
  }
  // Modified UTF-7 can spell any UTF-16 unit: NUL or half a surrogate pair is no mailbox name.
  if (!isStorableText(name)) throw new ParseError("mailbox name: NUL or a lone surrogate");
  return name;
}

/**
 * A string argument (atom, quoted string or literal) as text: the one way arguments become text, so text the
 * database cannot store (a NUL) is answered BAD here for every command. An APPEND message literal stays bytes.
 */
export function textOf(t: Token): string {
  if (t.t === "list") throw new ParseError("a list is not allowed here");
  if (t.t === "atom") return t.v;
  if (t.v.includes(0)) throw new ParseError("NUL is not allowed in a string");
  return t.v.toString("utf8");
}

/** Flags of a STORE/APPEND list (system flags canonical case, keywords as given). */
export function flagsOf(tokens: Token[]): string[] {
  const system = ["\\Seen", "\\Answered", "\\Flagged", "\\Deleted", "\\Draft"];
  return tokens.map((t) => {
    if (t.t !== "atom") throw new ParseError("flags are atoms");
    if (t.v.startsWith("\\")) {
      const s = system.find((f) => f.toLowerCase() === t.v.toLowerCase());
      if (!s) throw new ParseError(`unknown system flag ${t.v}`);
      return s;
    }
    if (!/^[^\s(){%*"\\\]]+$/.test(t.v)) throw new ParseError("bad keyword");
    return t.v;
  });
}

/** Ranges of a sequence set; Infinity stands for "*". */
export type SequenceSet = [number, number][];

export function parseSequenceSet(text: string): SequenceSet {
  const out: SequenceSet = [];
  for (const part of text.split(",")) {
    const m = /^(\d+|\*)(?::(\d+|\*))?$/.exec(part);
    if (!m) throw new ParseError(`bad sequence set ${text}`);
    const a = m[1] === "*" ? Infinity : Number(m[1]);
    const b = m[2] === undefined ? a : m[2] === "*" ? Infinity : Number(m[2]);
    if (a === 0 || b === 0) throw new ParseError("0 is not a valid message number");
    out.push([a, b]);
  }
  return out;
}

export function isSequenceSet(text: string): boolean {
  return /^(\d+|\*)(:(\d+|\*))?(,(\d+|\*)(:(\d+|\*))?)*$/.test(text);
}

/** UIDs of the mailbox (ascending list) that a sequence set (by position) or UID set names, ascending. */
export function resolveSet(set: SequenceSet, uids: number[], byUid: boolean): number[] {
  if (!uids.length) return [];
  const chosen = new Set<number>();
  if (byUid) {
    const max = uids[uids.length - 1];
    const ranges = set.map(([a, b]) => {
      const x = a === Infinity ? max : a, y = b === Infinity ? max : b;
      return [Math.min(x, y), Math.max(x, y)];
    });
    for (const u of uids) if (ranges.some(([lo, hi]) => u >= lo && u <= hi)) chosen.add(u);
  } else {
    const n = uids.length;
    for (const [a, b] of set) {
      const x = a === Infinity ? n : a, y = b === Infinity ? n : b;
      for (let s = Math.min(x, y); s <= Math.min(Math.max(x, y), n); s++) chosen.add(uids[s - 1]);
    }
  }
  return [...chosen].sort((p, q) => p - q);
}
