// The IMAP command parser: tokens (atoms, quoted strings with escapes, literals, NIL, lists, fetch
// attributes with sections), readCommand with synchronising and non-synchronising literals and the limits,
// sequence sets, fetch sections and search keys.
import { describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { parseSequenceSet, resolveSet } from "../../../../server/modules/mail/imap/protocol/args.ts";
import { parseFetchItems } from "../../../../server/modules/mail/imap/protocol/commands/fetch-items.ts";
import { parseSearch } from "../../../../server/modules/mail/imap/protocol/commands/search.ts";
import { ParseError, readCommand, type Token, tokenize } from "../../../../server/modules/mail/imap/protocol/parser.ts";
import { ByteReader } from "../../../../server/modules/mail/imap/protocol/reader.ts";

const b = (s: string) => Buffer.from(s, "utf8");
const plain = (t: Token): unknown => t.t === "list" ? t.v.map(plain) : t.t === "atom" ? t.v : { s: t.v.toString("utf8") };

describe("tokenize", () => {
  test("tag, name, atoms, quoted strings with escapes, NIL, nested lists", () => {
    const c = tokenize(b('a1 login "jo\\"e" "p\\\\w" NIL (A (B "c d") \\Seen)'));
    expect(c.tag).toBe("a1");
    expect(c.name).toBe("LOGIN");
    expect(c.args.map(plain)).toEqual([{ s: 'jo"e' }, { s: "p\\w" }, "NIL", ["A", ["B", { s: "c d" }], "\\Seen"]]);
  });

  test("a literal inside the command and UTF-8 in it", () => {
    const c = tokenize(b("x SELECT {15}\r\n받은편지함"));
    expect(c.args.map(plain)).toEqual([{ s: "받은편지함" }]);
  });

  test("fetch attributes with sections and partials stay one atom", () => {
    const c = tokenize(b("t FETCH 1:* (UID BODY.PEEK[HEADER.FIELDS (FROM SUBJECT)]<0.100> BODY[1.2.MIME])"));
    expect(c.args.map(plain)).toEqual(["1:*", ["UID", "BODY.PEEK[HEADER.FIELDS (FROM SUBJECT)]<0.100>", "BODY[1.2.MIME]"]]);
  });

  test("syntax errors", () => {
    for (const bad of ['a LOGIN "unterminated', "a FETCH (1 2", "a", 'a LOGIN "bad\\x"', "+ NOOP"]) {
      expect(() => tokenize(b(bad)), bad).toThrow(ParseError);
    }
  });
});

async function readAll(input: string | Buffer, end = true) {
  const r = new ByteReader();
  const continuations: number[] = [];
  r.push(typeof input === "string" ? b(input) : input);
  if (end) r.end();
  const out: unknown[] = [];
  while (true) {
    const c = await readCommand(r, () => continuations.push(out.length));
    if (c === null) break;
    out.push("response" in c ? c : tokenize(c).args.map(plain));
  }
  return { out, continuations };
}

describe("readCommand", () => {
  test("synchronising literal asks to go ahead, non-synchronising does not", async () => {
    const { out, continuations } = await readAll("a APPEND INBOX {5}\r\nHello\r\nb APPEND INBOX {3+}\r\nabc\r\n");
    expect(out).toEqual([["INBOX", { s: "Hello" }], ["INBOX", { s: "abc" }]]);
    expect(continuations).toEqual([0]);
  });

  test("several literals in one command, bare LF line ends", async () => {
    const { out } = await readAll("a LOGIN {3}\r\njoe {4+}\r\npass\nb NOOP\n");
    expect(out).toEqual([[{ s: "joe" }, { s: "pass" }], []]);
  });

  test("an APPEND literal over the message limit: NO [TOOBIG] without reading it", async () => {
    const { out, continuations } = await readAll(`a APPEND INBOX {${MAX_MESSAGE_BYTES + 1}}\r\nb NOOP\r\n`);
    expect(out[0]).toEqual({ tag: "a", response: "NO [TOOBIG] Message is larger than the limit" });
    expect(out[1]).toEqual([]);
    expect(continuations).toEqual([]);
  });

  test("a big literal outside APPEND is BAD; a non-synchronising one is skipped", async () => {
    const big = 2 * 1024 * 1024;
    const input = Buffer.concat([b(`a LOGIN {${big}+}\r\n`), Buffer.alloc(big, 0x41), b(" x\r\nb NOOP\r\n")]);
    const { out } = await readAll(input);
    expect(out).toEqual([{ tag: "a", response: "BAD Literal too large" }, []]);
  });

  test("a line over the limit throws", async () => {
    await expect(readAll("a " + "x".repeat(70_000) + "\r\n")).rejects.toThrow();
  });

  test("waits for bytes split across chunks", async () => {
    const r = new ByteReader();
    const p = readCommand(r, () => r.push(b("abc\r\n")));
    r.push(b("a LOGIN u {3}"));
    r.push(b("\r\n"));
    const c = await p;
    expect(c && !("response" in c) && tokenize(c).args.map(plain)).toEqual(["u", { s: "abc" }]);
  });
});

describe("sequence sets", () => {
  const uids = [3, 5, 8, 10];
  test("by position and by UID, * and reversed ranges", () => {
    expect(resolveSet(parseSequenceSet("1:*"), uids, false)).toEqual(uids);
    expect(resolveSet(parseSequenceSet("2,4"), uids, false)).toEqual([5, 10]);
    expect(resolveSet(parseSequenceSet("*:3"), uids, false)).toEqual([8, 10]);
    expect(resolveSet(parseSequenceSet("4:9"), uids, true)).toEqual([5, 8]);
    expect(resolveSet(parseSequenceSet("20:*"), uids, true)).toEqual([10]);
    expect(resolveSet(parseSequenceSet("1:*"), [], true)).toEqual([]);
    expect(() => parseSequenceSet("0:3")).toThrow(ParseError);
    expect(() => parseSequenceSet("a")).toThrow(ParseError);
  });
});

describe("fetch items", () => {
  test("macros, sections and names", () => {
    expect([...parseFetchItems({ t: "atom", v: "FAST" }).simple]).toEqual(["FLAGS", "INTERNALDATE", "RFC822.SIZE"]);
    const items = parseFetchItems(tokenize(b("t FETCH 1 (UID BODY.PEEK[HEADER.FIELDS (From Subject)]<0.50> BODY[2.TEXT] RFC822.HEADER)")).args[1]);
    expect([...items.simple]).toEqual(["UID"]);
    expect(items.bodies).toEqual([
      { name: "BODY[HEADER.FIELDS (From Subject)]<0>", spec: { path: [], part: "HEADER.FIELDS", fields: ["From", "Subject"] }, setsSeen: false, partial: { start: 0, length: 50 } },
      { name: "BODY[2.TEXT]", spec: { path: [2], part: "TEXT" }, setsSeen: true },
      { name: "RFC822.HEADER", spec: { path: [], part: "HEADER" }, setsSeen: false },
    ]);
    expect(() => parseFetchItems({ t: "atom", v: "BODY[MIME]" })).toThrow(ParseError);
    expect(() => parseFetchItems({ t: "atom", v: "NOPE" })).toThrow(ParseError);
  });
});

describe("search keys", () => {
  const keys = (text: string) => parseSearch(tokenize(b(`t SEARCH ${text}`)).args, [3, 5, 8]).key;
  test("RFC 3501 keys into SearchKey", () => {
    expect(keys("UNSEEN")).toEqual({ type: "flag", flag: "\\Seen", set: false });
    expect(keys('OR FROM "a@b" NOT SUBJECT hi')).toEqual({
      type: "or",
      left: { type: "header", field: "FROM", value: "a@b" },
      right: { type: "not", key: { type: "header", field: "SUBJECT", value: "hi" } },
    });
    expect(keys("2:* SINCE 1-Feb-2024 LARGER 100")).toEqual({
      type: "and",
      keys: [{ type: "uids", uids: [5, 8] }, { type: "date", which: "internal", op: "since", date: "2024-02-01" }, { type: "size", op: "larger", size: 100 }],
    });
    expect(keys("UID 4:* (KEYWORD $Work HEADER X-Id abc) SENTBEFORE 09-Mar-2023")).toEqual({
      type: "and",
      keys: [
        { type: "uids", uids: [5, 8] },
        { type: "and", keys: [{ type: "flag", flag: "$Work", set: true }, { type: "header", field: "X-Id", value: "abc" }] },
        { type: "date", which: "sent", op: "before", date: "2023-03-09" },
      ],
    });
    const m = parseSearch(tokenize(b('t SEARCH MODSEQ "/flags/\\\\Seen" all 620162338')).args, []);
    expect(m).toEqual({ key: { type: "modseq", modseq: 620162338 }, usesModseq: true });
    expect(keys("TEXT {6}\r\n서울")).toEqual({ type: "text", value: "서울" });
    expect(() => keys("BOGUS")).toThrow(ParseError);
    expect(() => keys("SINCE yesterday")).toThrow(ParseError);
  });
});
