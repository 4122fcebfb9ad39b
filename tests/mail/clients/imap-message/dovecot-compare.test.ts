// The renderer against Debian's dovecot, a widely used IMAP server: the same messages are delivered to a
// private dovecot and parsed here, and BODYSTRUCTURE, BODY, ENVELOPE and BODY[section] bytes must agree.
// Compared after one normalisation RFC 3501 allows: a string may go out quoted or as a literal (§4.3), so
// strings are compared by content (imapTokens). Dovecot stores bare LF and answers CRLF, so we parse the CRLF
// form. Differences that remain, each explained where it is checked:
//  * 8-bit header bytes that are not UTF-8: dovecot sends the raw bytes, we send them decoded as latin1 (our
//    rendering is text, written as UTF-8); imapTokens reads dovecot's bytes the same way, so they compare.
//  * A line break after a nested multipart's close delimiter and right before the outer delimiter: RFC 2046
//    gives it to the outer delimiter (so the nested part ends at "--inner--"); dovecot counts it into the
//    part (2 more octets and 1 more line for a message/rfc822 ending in a multipart). See KNOWN below.
//  * Two cases where dovecot leaves RFC 2045/2046 are unit tests in structure.test.ts, not compared here:
//    an invalid Content-Type ("text" without subtype; dovecot answers "text" "", we the RFC 2045 default
//    text/plain) and a line starting with "--boundary" followed by other text (dovecot takes it as a
//    delimiter, we follow RFC 2046: only whitespace may follow).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startDovecot } from "../../../support/dovecot.ts";
import {
  bodyStructure,
  envelope,
  isMultipart,
  type MimeNode,
  parseMime,
  section,
  type SectionSpec,
} from "../../../../server/modules/mail/imap/message/index.ts";
import { deliverBytes, extractItem, imapTokens, RawImap, stringValue } from "./dovecot-raw.ts";
import { EDGE_MESSAGES } from "./messages-edge.ts";
import { MESSAGES as BASIC } from "./messages.ts";

const MESSAGES = [...BASIC, ...EDGE_MESSAGES];

const d = await startDovecot([{ name: "render", password: "render-Pass1" }]);
let imap: RawImap;

beforeAll(async () => {
  imap = await RawImap.open(d, "render", "render-Pass1");
  // One at a time so UID n is MESSAGES[n-1].
  for (const m of MESSAGES) {
    await deliverBytes(d, "render", m.raw);
    await imap.command("NOOP");
  }
}, 60_000);

afterAll(async () => {
  await imap?.close();
  await d.stop();
});

/** The nested-multipart line break dovecot counts into a part (see the file comment): sections it shows in. */
const KNOWN: Record<string, { sections: string[]; size: [number, number]; lines: [number, number] }> = {
  "message/rfc822 attachments": { sections: ["2", "2.TEXT"], size: [784, 786], lines: [24, 25] },
  "digest with text and nested parts": { sections: ["2", "2.TEXT"], size: [128, 130], lines: [7, 8] },
  // Dovecot parses the base64 text as a header line and so takes the line break after it too.
  "encoded and nested message/rfc822": { sections: ["1"], size: [64, 66], lines: [0, 1] },
};

/** Every part number of a message, depth first (into message/rfc822 parts too). */
function allPaths(root: MimeNode): { path: number[]; node: MimeNode }[] {
  const out: { path: number[]; node: MimeNode }[] = [];
  const inMessage = (m: MimeNode, prefix: number[]) => {
    if (isMultipart(m)) m.children.forEach((c, i) => part(c, [...prefix, i + 1]));
    else part(m, [...prefix, 1]);
  };
  const part = (n: MimeNode, path: number[]) => {
    out.push({ path, node: n });
    if (isMultipart(n)) n.children.forEach((c, i) => part(c, [...path, i + 1]));
    else if (n.message) inMessage(n.message, path);
  };
  inMessage(root, []);
  return out;
}

function sectionName(spec: SectionSpec): string {
  const parts = [...spec.path.map(String)];
  if (spec.part) {
    parts.push(spec.part + (spec.fields ? ` (${spec.fields.join(" ")})` : ""));
  }
  return parts.join(".");
}

/** The sections to compare for a message: every part, its MIME header, headers and texts of messages. */
function specs(root: MimeNode): SectionSpec[] {
  const fields = ["From", "SUBJECT", "content-type", "X-Missing"];
  const out: SectionSpec[] = [
    { path: [] },
    { path: [], part: "HEADER" },
    { path: [], part: "TEXT" },
    { path: [], part: "HEADER.FIELDS", fields },
    { path: [], part: "HEADER.FIELDS.NOT", fields },
    { path: [9] },
    { path: [1, 9, 9] },
  ];
  for (const { path, node } of allPaths(root)) {
    out.push({ path }, { path, part: "MIME" });
    if (node.message) {
      out.push(
        { path, part: "HEADER" },
        { path, part: "TEXT" },
        { path, part: "HEADER.FIELDS", fields },
        { path, part: "HEADER.FIELDS.NOT", fields },
      );
    }
  }
  return out;
}

const crlfOnly = (raw: Uint8Array) => {
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 10 && (i === 0 || raw[i - 1] !== 13)) out.push(13);
    out.push(raw[i]);
  }
  return new Uint8Array(out);
};

describe("the renderer answers what dovecot answers", () => {
  MESSAGES.forEach((m, i) => {
    const uid = i + 1;
    test(`${m.name}: BODYSTRUCTURE, BODY, ENVELOPE`, async () => {
      const node = parseMime(crlfOnly(m.raw));
      const dove = async (item: string) => imapTokens((await imap.fetchItem(uid, item))!);
      // Dovecot's octets and lines of part 2 include the line break before the outer delimiter.
      const k = KNOWN[m.name];
      const fix = (text: string) =>
        k
          ? text.replace(new RegExp(`" ${k.size[0]} \\(`), `" ${k.size[1]} (`)
            .replace(new RegExp(`\\) ${k.lines[0]}( |\\))`), `) ${k.lines[1]}$1`)
          : text;
      expect(imapTokens(fix(bodyStructure(node, true)))).toEqual(await dove("BODYSTRUCTURE"));
      expect(imapTokens(fix(bodyStructure(node, false)))).toEqual(await dove("BODY"));
      expect(imapTokens(envelope(node))).toEqual(await dove("ENVELOPE"));
    });

    test(`${m.name}: BODY[section] bytes`, async () => {
      const raw = crlfOnly(m.raw);
      const node = parseMime(raw);
      for (const spec of specs(node)) {
        const name = sectionName(spec);
        const answer = await imap.command(`UID FETCH ${uid} (BODY.PEEK[${name}])`);
        const theirs = stringValue(extractItem(answer, `BODY[${name}]`)) ?? new Uint8Array(0);
        let ours = section(raw, node, spec);
        if (KNOWN[m.name]?.sections.includes(name)) ours = new Uint8Array([...ours, 13, 10]);
        expect(new TextDecoder().decode(ours), `BODY[${name}] of ${m.name}`).toBe(
          new TextDecoder().decode(theirs),
        );
        expect(ours.length, `BODY[${name}] of ${m.name}`).toBe(theirs.length);
      }
    }, 30_000);
  });
});
