// Parses a raw message (postal-mime) into what the store keeps beside the raw bytes: addresses, subject,
// dates, threading headers, a plain-text body, the sanitised HTML body and the attachment list. Real-world
// mail is often broken; nothing here throws for a bad header: what cannot be read is left empty, and what
// cannot be read as MIME is kept as text (parse-fallback.ts). No string leaves here with a NUL or another
// control character (PostgreSQL refuses NUL in text and jsonb: such a message could never be stored), and
// one-line fields (subject, names) hold no line break.
import PostalMime, { type Address, type Email } from "postal-mime";
import type { MailAddressJson, MailAttachmentJson } from "../../../../db/schema/mail.ts";
import { htmlToText, sanitizeMailHtml } from "./html.ts";
import { mailDateInstant } from "./mail-date.ts";
import { bodyAsText, partsNotFound, unreadableMessage } from "./parse-fallback.ts";
import { withReadableHeaders } from "./raw-headers.ts";
import { nameForUnnamedPart } from "./part-name.ts";

export interface ParsedMessage {
  messageIdHeader: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: MailAddressJson;
  to: MailAddressJson[];
  cc: MailAddressJson[];
  bcc: MailAddressJson[];
  replyTo: MailAddressJson[];
  sentAt: Date | null;
  textBody: string;
  htmlBody: string | null;
  snippet: string;
  attachments: MailAttachmentJson[];
  priority: number;
  /** Headers that matter to delivery decisions (lists, bounces, auto-replies), lower-case names. */
  headers: Record<string, string>;
}

export const SNIPPET_CHARS = 200;
const KEPT_HEADERS = ["list-id", "list-unsubscribe", "precedence", "auto-submitted", "x-autoreply", "return-path", "x-priority", "importance"];

/**
 * `asText`: read only the top headers and keep the body as text (parse-fallback.ts), for a message whose full
 * parse could not end in time (smtp/prepare-pool.ts): bounded work, whatever the message holds.
 */
export async function parseMessage(bytes: Uint8Array, opts: { asText?: boolean } = {}): Promise<ParsedMessage> {
  const raw = withReadableHeaders(bytes);
  const email = opts.asText ? await unreadableMessage(raw) : await readMime(raw);
  const headers: Record<string, string> = {};
  for (const h of email.headers) if (KEPT_HEADERS.includes(h.key) && !(h.key in headers)) headers[h.key] = clean(h.value);

  // deno-lint-ignore no-control-regex -- control characters are what this removes
  const htmlBody = email.html ? sanitizeMailHtml(email.html.replace(/\u0000/g, "")) : null;
  // deno-lint-ignore no-control-regex -- control characters are what this removes
  const textBody = (email.text?.trim() ? email.text : htmlBody ? htmlToText(htmlBody) : "").replace(/\r\n/g, "\n").replace(/\u0000/g, "");
  const attachments = attachmentsOf(email);
  return {
    messageIdHeader: stripBrackets(email.messageId),
    inReplyTo: stripBrackets(email.inReplyTo),
    references: clean(email.references ?? "").match(/<[^<>\s]+>/g)?.map((r) => r.slice(1, -1)).slice(-50) ?? [],
    subject: oneLine(email.subject ?? "").slice(0, 998),
    from: flatten(email.from ? [email.from] : [])[0] ?? { name: "", address: "" },
    to: flatten(email.to),
    cc: flatten(email.cc),
    bcc: flatten(email.bcc),
    replyTo: flatten(email.replyTo),
    // The header as written: postal-mime's email.date went through JavaScript's Date parser (mail-date.ts).
    sentAt: mailDateInstant(email.headers.find((h) => h.key === "date")?.value),
    textBody,
    htmlBody,
    snippet: clean(textBody.replace(/\s+/g, " ")).slice(0, SNIPPET_CHARS),
    attachments,
    priority: priorityOf(headers),
    headers,
  };
}

/** The bytes of one attachment, by position, parsed again from the raw message. */
export async function attachmentBytes(raw: Uint8Array, position: number): Promise<Uint8Array | null> {
  return (await attachmentParts(raw, [position])).get(position)?.bytes ?? null;
}

/** One attachment taken out of a raw message: its listing (as parseMessage lists it) and its bytes. */
export interface AttachmentPart {
  meta: MailAttachmentJson;
  bytes: Uint8Array;
}

/**
 * Several attachments by position from ONE parse of the raw message; a position the message does not have
 * is left out of the map. Throws, as attachmentBytes does, when the message cannot be parsed at all.
 */
export async function attachmentParts(raw: Uint8Array, positions: number[]): Promise<Map<number, AttachmentPart>> {
  const email = await parseStored(raw);
  const out = new Map<number, AttachmentPart>();
  for (const position of positions) {
    const a = email.attachments[position];
    if (!a || out.has(position)) continue;
    const bytes = a.content instanceof ArrayBuffer ? new Uint8Array(a.content) : new Uint8Array(a.content as Uint8Array);
    out.set(position, { meta: listing(a, position), bytes });
  }
  return out;
}

/** The message as MIME; as text (parse-fallback.ts) when it cannot be read so or yields nothing readable. */
async function readMime(raw: Uint8Array): Promise<Email> {
  try {
    const email = await PostalMime.parse(raw, { attachmentEncoding: "arraybuffer", maxHeadersSize: MAX_HEADERS_BYTES });
    if (!email.text?.trim() && !email.html && !email.attachments.length && partsNotFound(email, raw)) email.text = bodyAsText(raw);
    return email;
  } catch {
    // Beyond repair (nesting or header limits): keep it readable as text rather than refuse it.
    return await unreadableMessage(raw);
  }
}

/** postal-mime's limit on the header bytes of all parts together (its default, stated). */
const MAX_HEADERS_BYTES = 2 * 1024 * 1024;

/**
 * A stored message parsed again (attachments, invitations). Older inbound blobs (and every message read with
 * its header prefix, store/message-bytes.ts) start with the Return-Path, Received: and Authentication-Results:
 * ingest puts in front of the bytes parseMessage read, so the header limit leaves room for them: a message
 * just under the limit at ingest must not fail (500) when its attachment is downloaded.
 */
export function parseStored(raw: Uint8Array): Promise<Email> {
  return PostalMime.parse(withReadableHeaders(raw), { attachmentEncoding: "arraybuffer", maxHeadersSize: MAX_HEADERS_BYTES + 256 * 1024 });
}

function attachmentsOf(email: Email): MailAttachmentJson[] {
  return email.attachments.map((a, position) => listing(a, position));
}

function listing(a: Email["attachments"][number], position: number): MailAttachmentJson {
  const size = typeof a.content === "string" ? a.content.length : a.content.byteLength;
  const contentId = stripBrackets(a.contentId);
  return {
    position,
    name: oneLine(a.filename ?? "") || nameForUnnamedPart(a.mimeType, position),
    size,
    contentType: clean(a.mimeType ?? "").slice(0, 200) || "application/octet-stream",
    contentId,
    inline: a.disposition === "inline" || (!!contentId && a.related === true),
  };
}

function flatten(list: Address[] | undefined): MailAddressJson[] {
  const out: MailAddressJson[] = [];
  for (const a of list ?? []) {
    if (a.group) for (const m of a.group) out.push({ name: oneLine(m.name), address: clean(m.address).toLowerCase() });
    else if (a.address !== undefined) out.push({ name: oneLine(a.name), address: clean(a.address).toLowerCase() });
  }
  return out.filter((a) => a.address || a.name).slice(0, 1000);
}

function stripBrackets(v: string | undefined): string | null {
  const s = clean(v ?? "").replace(/^<|>$/g, "").trim();
  return s ? s.slice(0, 500) : null;
}

function priorityOf(h: Record<string, string>): number {
  const x = /^\s*([1-5])/.exec(h["x-priority"] ?? "");
  if (x) return Number(x[1]);
  const imp = (h.importance ?? "").toLowerCase();
  return imp === "high" ? 1 : imp === "low" ? 5 : 3;
}

/** Control characters (other than tab and newline) never reach the database or the UI. */
function clean(s: string): string {
  // deno-lint-ignore no-control-regex -- control characters are what this removes
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim();
}

/** A one-line field (subject, names): line breaks and tabs become spaces, other control characters go. */
function oneLine(s: string): string {
  return clean(s.replace(/[\t\r\n]+/g, " "));
}
