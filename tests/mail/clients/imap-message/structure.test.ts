// Unit tests of the IMAP renderer on real-shaped messages: what clients read from BODYSTRUCTURE and ENVELOPE
// (attachment names in RFC 2231 and RFC 2047 form, Korean, groups), bare LF messages, 8-bit headers, the
// RFC choices where dovecot differs (see dovecot-compare.test.ts), missing parts, and a 25 MB message.
import { describe, expect, test } from "vitest";
import {
  bodyStructure,
  envelope,
  parseMime,
  section,
} from "../../../../server/modules/mail/imap/message/index.ts";
import { EDGE_MESSAGES } from "./messages-edge.ts";
import { MESSAGES } from "./messages.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();
const msg = (name: string) => [...MESSAGES, ...EDGE_MESSAGES].find((m) => m.name === name)!.raw;
const text = (b: Uint8Array) => dec.decode(b);
const lf = (raw: Uint8Array) => raw.filter((b, i) => !(b === 13 && raw[i + 1] === 10));

describe("BODYSTRUCTURE", () => {
  test("attachments: RFC 2231 names (continuations joined), RFC 2047 names as sent, disposition, md5", () => {
    const bs = bodyStructure(parseMime(msg("multipart/mixed with attachments")), true);
    expect(bs).toContain(`("attachment" ("filename*" "UTF-8''%EB%B3%B4%EA%B3%A0%EC%84%9C.pdf"))`);
    expect(bs).toContain(`("name" "=?UTF-8?B?7IKs7KeELnBuZw==?=")`);
    expect(bs).toContain(`("filename*" "UTF-8''%ED%9A%8C%EC%9D%98%20%EB%A9%94%EB%AA%A8.txt")`);
    expect(bs).toContain(`"Q2hlY2sgSW50ZWdyaXR5IQ==" ("attachment"`);
    expect(bs).toContain(`("ko" "en") "http://example.com/report.pdf")`);
    expect(bs.endsWith(` "mixed" ("boundary" "------------Wm8kXfC0aBcDeF") NIL ("ko-KR") NIL)`)).toBe(true);
    // BODY has no extension data.
    const body = bodyStructure(parseMime(msg("multipart/mixed with attachments")), false);
    expect(body.endsWith(`"7bit" 18 1) "mixed")`)).toBe(true);
  });

  test("no Content-Type: text/plain; charset=us-ascii", () => {
    const node = parseMime(msg("no Content-Type"));
    expect(bodyStructure(node, false)).toBe(`("text" "plain" ("charset" "us-ascii") NIL NIL "7bit" 61 1)`);
  });

  test("8-bit UTF-8 header values go out as literals counted in UTF-8 bytes", () => {
    const node = parseMime(msg("8-bit UTF-8 headers"));
    const name = "보고서 최종.hwp";
    expect(bodyStructure(node, false)).toContain(`("name" {${enc.encode(name).length}}\r\n${name})`);
    const env = envelope(node);
    expect(env).toContain(`{${enc.encode("8비트 제목 그대로").length}}\r\n8비트 제목 그대로 `);
    expect(env).toContain(`(({9}\r\n이영희 NIL "lee" "example.kr")({9}\r\n박철수 NIL "park" "example.kr"))`);
  });

  test("8-bit header bytes that are not UTF-8 are read as latin1", () => {
    const env = envelope(parseMime(msg("8-bit latin1 header")));
    expect(env).toContain(`{${enc.encode("café crème").length}}\r\ncafé crème `);
  });

  test('an invalid Content-Type is text/plain (RFC 2045 §5.2; dovecot answers "text" "")', () => {
    const raw = enc.encode("Subject: x\r\nContent-Type: text\r\n\r\nbody\r\n");
    expect(bodyStructure(parseMime(raw), false)).toBe(
      `("text" "plain" ("charset" "us-ascii") NIL NIL "7bit" 6 1)`,
    );
  });

  test("only whitespace may follow a delimiter (RFC 2046; dovecot also splits at --b followed by text)", () => {
    const raw = enc.encode(
      "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\none\r\n--bxyz not a delimiter\r\n--b \t\r\n\r\ntwo\r\n--b--\r\n",
    );
    const node = parseMime(raw);
    expect(node.children.length).toBe(2);
    expect(text(section(raw, node, { path: [1] }))).toBe("one\r\n--bxyz not a delimiter");
    expect(text(section(raw, node, { path: [2] }))).toBe("two");
  });

  test("boundary look-alikes inside lines, preamble and epilogue are not parts", () => {
    const raw = msg("boundary look-alikes, preamble, epilogue");
    const node = parseMime(raw);
    expect(node.children.length).toBe(2);
    expect(text(section(raw, node, { path: [1] }))).toBe(
      "a line with --xyz inside it\r\n --xyz with a leading space\r\nx--xyz\r\n-xyz",
    );
    expect(text(section(raw, node, { path: [2] }))).toBe("second part");
  });

  test("a message/rfc822 part nests the embedded message's ENVELOPE and BODYSTRUCTURE", () => {
    const node = parseMime(msg("message/rfc822 attachments"));
    const bs = bodyStructure(node, false);
    expect(bs).toContain(`("message" "rfc822" NIL NIL NIL "7bit" 69 (NIL "simple inner" ((NIL NIL "old"`);
    expect(bs).toContain(`("text" "plain" ("charset" "us-ascii") NIL NIL "7bit" 21 1) 4)`);
  });
});

describe("ENVELOPE", () => {
  test("groups, routes, defaults of sender and reply-to, raw encoded words", () => {
    expect(envelope(parseMime(msg("group addresses")))).toBe(
      `("Tue, 10 Nov 2026 10:10:10 +0000" "Groups" (("Newsletter" NIL "news" "example.com")) ` +
        `(("Newsletter" NIL "news" "example.com")) (("Newsletter" NIL "news" "example.com")) ` +
        `((NIL NIL "Project Team" NIL)(NIL NIL "alice" "example.com")("Bob B." NIL "bob" "example.com")` +
        `(NIL NIL NIL NIL)(NIL NIL "carol" "example.com")) ((NIL NIL "undisclosed-recipients" NIL)(NIL NIL NIL NIL)) ` +
        `(("Hidden" "@relay.example.com,@r2.example.com" "hidden" "example.com")) NIL NIL)`,
    );
    const plain = envelope(parseMime(msg("plain text")));
    expect(plain).toContain(`"=?UTF-8?B?7ZqM7J2YIOyekOujjA==?= =?UTF-8?B?IOyViOuCtA==?="`);
    expect(plain).toContain(`(("=?UTF-8?B?6rmA66+87IiY?=" NIL "kim" "example.com"))`);
  });

  test("quotes and backslashes in strings are escaped", () => {
    const raw = enc.encode(
      'From: "A \\"quoted\\" \\\\ name" <a@example.com>\r\nSubject: say "hi" \\o/\r\n\r\n',
    );
    const env = envelope(parseMime(raw));
    expect(env).toContain(`"say \\"hi\\" \\\\o/"`);
    expect(env).toContain(`(("A \\"quoted\\" \\\\ name" NIL "a" "example.com"))`);
  });
});

describe("BODY[section]", () => {
  const raw = msg("message/rfc822 attachments");
  const node = parseMime(raw);

  test("part numbers into message/rfc822 parts; HEADER, TEXT, MIME, HEADER.FIELDS of them", () => {
    expect(text(section(raw, node, { path: [2, 1] }))).toBe("Numbers are up =E2=80=94 see the table.\r\n");
    expect(text(section(raw, node, { path: [2, 2], part: "MIME" }))).toBe(
      'Content-Type: text/html; charset="UTF-8"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n',
    );
    expect(text(section(raw, node, { path: [3], part: "TEXT" }))).toBe("Inner body\r\ntwo lines");
    expect(text(section(raw, node, { path: [3, 1] }))).toBe("Inner body\r\ntwo lines");
    expect(text(section(raw, node, { path: [3], part: "HEADER" }))).toBe(
      "From: old@example.com\r\nSubject: simple inner\r\n\r\n",
    );
    expect(text(section(raw, node, { path: [2], part: "HEADER.FIELDS", fields: ["in-reply-to", "TO"] })))
      .toBe(
        'To: lee@example.org, "Choi (HR)" <choi@example.org>\r\nIn-Reply-To: <prev.42@example.org>\r\n\r\n',
      );
  });

  test("folded lines are kept in HEADER.FIELDS; NOT gives the others", () => {
    const plain = msg("plain text");
    const p = parseMime(plain);
    expect(text(section(plain, p, { path: [], part: "HEADER.FIELDS", fields: ["subject"] }))).toBe(
      "Subject: =?UTF-8?B?7ZqM7J2YIOyekOujjA==?=\r\n =?UTF-8?B?IOyViOuCtA==?=\r\n\r\n",
    );
    const not = text(
      section(plain, p, { path: [], part: "HEADER.FIELDS.NOT", fields: ["received", "subject"] }),
    );
    expect(not.startsWith("Return-Path: <kim@example.com>\r\nDate:")).toBe(true);
    expect(not).not.toContain("Subject");
  });

  test("a single-part message's part 1 is its body; parts that do not exist are empty", () => {
    const plain = msg("plain text");
    const p = parseMime(plain);
    expect(text(section(plain, p, { path: [1] }))).toBe(text(section(plain, p, { path: [], part: "TEXT" })));
    expect(section(plain, p, { path: [2] }).length).toBe(0);
    expect(section(plain, p, { path: [1, 1] }).length).toBe(0);
    expect(section(raw, node, { path: [1], part: "TEXT" }).length).toBe(0); // TEXT of a non-message part
    expect(section(raw, node, { path: [0] }).length).toBe(0);
    expect(section(raw, node, { path: [] })).toEqual(raw);
  });
});

describe("bare LF line endings", () => {
  test("same tree, same lines, byte-exact sections of the LF bytes", () => {
    for (const m of [...MESSAGES, ...EDGE_MESSAGES]) {
      const crlfNode = parseMime(m.raw);
      const bare = lf(m.raw);
      const lfNode = parseMime(bare);
      const shape = (s: string) => s.replace(/ \d+/g, " N");
      expect(shape(bodyStructure(lfNode, true)), m.name).toBe(shape(bodyStructure(crlfNode, true)));
      expect(envelope(lfNode), m.name).toBe(envelope(crlfNode));
      for (
        const spec of [{ path: [1] }, { path: [2] }, { path: [], part: "HEADER" as const }, {
          path: [1],
          part: "MIME" as const,
        }]
      ) {
        expect(text(section(bare, lfNode, spec)), `${m.name} ${JSON.stringify(spec)}`).toBe(
          text(section(m.raw, crlfNode, spec)).replace(/\r\n/g, "\n"),
        );
      }
    }
  });
});

describe("size", () => {
  test("a 25 MB message with attachments parses and renders well under a second", () => {
    const line = "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0\r\n";
    const attachment = line.repeat(Math.ceil((8.5 * 1024 * 1024) / line.length));
    const parts = [0, 1, 2].map((i) =>
      `--big\r\nContent-Type: application/octet-stream; name="f${i}.bin"\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}`
    );
    const raw = enc.encode(
      `From: a@example.com\r\nSubject: big\r\nContent-Type: multipart/mixed; boundary=big\r\n\r\n` +
        `--big\r\nContent-Type: text/plain\r\n\r\nsee attached\r\n${parts.join("")}--big--\r\n`,
    );
    expect(raw.length).toBeGreaterThan(25 * 1024 * 1024);
    const started = performance.now();
    const node = parseMime(raw);
    const bs = bodyStructure(node, true);
    const third = section(raw, node, { path: [4] });
    const ms = performance.now() - started;
    expect(node.children.length).toBe(4);
    expect(bs).toContain(`"base64" ${attachment.length - 2} NIL NIL NIL NIL)`);
    expect(third.length).toBe(attachment.length - 2);
    expect(ms).toBeLessThan(1000);
  });
});
