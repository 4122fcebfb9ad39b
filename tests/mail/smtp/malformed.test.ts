// Malformed and hostile MIME over real SMTP conversations (malformed-corpus.ts): each message is accepted with
// 250 and, through the HTTP API, listed, opened (200, sanitised: no script, no event handler, no javascript:
// URL), its attachments and attached messages downloaded or opened, its invitations read, its original
// downloaded byte for byte, and found by a word of it. Then the pipeline still works: a normal message goes
// through, and nothing was logged as a failure (no worker died, nothing answered 451).
import { beforeAll, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { Parser } from "htmlparser2";
import { createLogger } from "../../../server/lib/logger.ts";
import { startSmtpListener } from "../../../server/modules/mail/smtp/listener.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { folders, member, type Who } from "../reading/support.ts";
import { localResolver } from "./support.ts";
import { malformedCorpus } from "./malformed-corpus.ts";
import { sendBytes } from "./raw-sender.ts";

const t = await createTestApp();
const failures: string[] = [];
// The app's own logger, its warnings and errors also kept: a worker that died or a 451 is logged as an error.
const log = createLogger("warn", (line) => {
  failures.push(line);
  console.error(line);
});
const smtp = await startSmtpListener({ ...t.deps, log }, { port: 0, host: "127.0.0.1", resolver: localResolver({}), hostname: "mx.groupware.test", prepareWorkers: 2 });
const corpus = await malformedCorpus();
let u: Who;
let inbox = 0;

beforeAll(async () => {
  const A = await signupCompany(t, { domain: "mime-malformed.test" });
  u = await member(t, A, "rcpt");
  inbox = (await folders(t, u)).INBOX;
  return () => smtp.close();
});

const get = (path: string) => t.call("GET", path, { token: u.token });

/** Markup a reader could run: script elements, event handlers, script URLs, HTML data: links, CSS with them. */
function activeContent(html: string): string[] {
  const found: string[] = [];
  let inStyle = false;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (["script", "iframe", "object", "embed", "form", "base", "svg", "math"].includes(name)) found.push(`<${name}>`);
      if (name === "style") inStyle = true;
      for (const [k, v] of Object.entries(attribs)) {
        if (/^on/i.test(k)) found.push(`${name} ${k}`);
        // Browsers skip control characters and spaces in a URL's scheme ("java\tscript:").
        // deno-lint-ignore no-control-regex -- control characters are what this removes
        if (/(?:java|vb)script\s*:|expression\s*\(/i.test(v.replace(/[\s\u0000-\u001f]/g, ""))) found.push(`${name} ${k}=${v.slice(0, 60)}`);
        if (/^(href|src|action|formaction)$/i.test(k) && /^\s*data:(?!image\/(png|gif|jpe?g|webp))/i.test(v)) found.push(`${name} ${k}=${v.slice(0, 60)}`);
      }
    },
    ontext(text) {
      if (inStyle && /(?:java|vb)script\s*:|expression\s*\(/i.test(text)) found.push(`style: ${text.slice(0, 60)}`);
    },
    onclosetag(name) {
      if (name === "style") inStyle = false;
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

describe("malformed and hostile MIME over SMTP", () => {
  for (const c of corpus) {
    test(c.name, { timeout: 120_000 }, async () => {
      const r = await sendBytes(smtp.port, "sender@partner.example", u.username, c.raw);
      expect(r.reply).toMatch(/^250 2\.0\.0 OK: stored as \d+/);

      const found = await get(`/api/mails/search?${new URLSearchParams({ query: c.word, pageSize: "5" })}`);
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      const hits = found.body.mails as { mailId: number; subject: string }[];
      expect(hits.map((m) => m.subject), `search for ${c.word}`).toHaveLength(1);
      const mailId = hits[0].mailId;
      if (c.subject !== undefined) expect(hits[0].subject).toBe(c.subject);
      // One line, no control characters (an IMAP client gets the subject as a quoted string).
      // deno-lint-ignore no-control-regex -- control characters are what this looks for
      expect(hits[0].subject).not.toMatch(/[\u0000-\u001f\u007f]/);

      const list = await get(`/api/mails?folderId=${inbox}&pageSize=5`);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect((list.body.mails as { mailId: number }[]).map((m) => m.mailId)).toContain(mailId);

      const view = await get(`/api/mails/view/${mailId}`);
      expect(view.status, JSON.stringify(view.body).slice(0, 500)).toBe(200);
      if (view.body.contentType === "html") {
        expect(activeContent(`${view.body.content}${view.body.quoteContent ?? ""}`)).toEqual([]);
      }

      const original = await get(`/api/mails/view/original/${mailId}/download`);
      expect(original.status).toBe(200);
      const stored = new Uint8Array(await (await t.app.request(`/api/mails/view/original/${mailId}/download`, {
        headers: { authorization: `Bearer ${u.token}` },
      })).arrayBuffer());
      // What the server received: the bytes sent, with the CRLF the DATA terminator added when they lacked one.
      const sent = Buffer.from(c.raw).subarray(-2).toString() === "\r\n" ? c.raw : new Uint8Array([...c.raw, 13, 10]);
      expect(Buffer.from(stored.subarray(stored.length - sent.length)).equals(Buffer.from(sent))).toBe(true);

      const attachments = view.body.attachList as { position: number; size: number; contentType: string; name: string }[];
      expect(attachments.length).toBeGreaterThanOrEqual(c.attachments ?? 0);
      // Every attachment of a small list; the first and last three of a long one.
      const sample = attachments.length > 12 ? [...attachments.slice(0, 3), ...attachments.slice(-3)] : attachments;
      for (const a of sample) {
        const res = await t.app.request(`/api/mails/view/${mailId}/attach/${a.position}`, { headers: { authorization: `Bearer ${u.token}` } });
        expect(res.status, `attachment ${a.position} ${a.name}`).toBe(200);
        expect((await res.arrayBuffer()).byteLength).toBe(a.size);
        if (a.contentType === "message/rfc822" || a.name.endsWith(".eml")) {
          const inner = await get(`/api/mails/view/${mailId}?attachPosition=${a.position}`);
          expect(inner.status, JSON.stringify(inner.body).slice(0, 300)).toBe(200);
          if (inner.body.contentType === "html") expect(activeContent(inner.body.content + (inner.body.quoteContent ?? ""))).toEqual([]);
        }
      }
      const calendar = await get(`/api/mails/view/calendar?mailId=${mailId}`);
      expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    });
  }

  test("a zero-byte message is accepted and listed", { timeout: 60_000 }, async () => {
    const before = await get(`/api/mails?folderId=${inbox}&pageSize=1`);
    const r = await sendBytes(smtp.port, "sender@partner.example", u.username, new Uint8Array(0));
    expect(r.reply).toMatch(/^250 /);
    const after = await get(`/api/mails?folderId=${inbox}&pageSize=1`);
    expect(after.body.totalElements).toBe(before.body.totalElements + 1);
    const view = await get(`/api/mails/view/${after.body.mails[0].mailId}`);
    expect(view.status).toBe(200);
  });

  test("afterwards a normal message still goes through, and nothing failed on the way", { timeout: 60_000 }, async () => {
    const raw = new TextEncoder().encode(
      "From: partner@partner.example\r\nTo: rcpt@mime-malformed.test\r\nSubject: normal again zqnormal\r\n\r\nAll is well.\r\n",
    );
    const r = await sendBytes(smtp.port, "sender@partner.example", u.username, raw);
    expect(r.reply).toMatch(/^250 /);
    const found = await get(`/api/mails/search?query=zqnormal`);
    expect(found.body.mails).toHaveLength(1);
    expect(failures.filter((l) => /ERROR/.test(l))).toEqual([]);
  });
});
