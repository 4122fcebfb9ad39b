// What the reader gets to see of a stored message: the sanitised HTML with its cid: images pointed at URLs
// the sandboxed reader frame can load, and file answers for attachments and the raw message.
//
// The frame has no same-origin access and sends no Authorization header, so inline images (and attachment
// links) carry a token instead, keyed by the server's access-token key (deps.secrets.tokenKey) with a
// purpose prefix, valid INLINE_TOKEN_SECONDS, opening only that one mail's attachments:
//   "{userId}.{mailId}.{exp}.{HMAC-SHA256 base64url}"             the owner reading their own mail
//   "{readerId}.{mailId}.{exp}.s{folderId}.{HMAC-SHA256 base64url}" a member reading it through a shared folder
// The token only says who was granted; ./inline.ts re-checks at every fetch that the mail is still the
// owner's, or still in that folder shared with that reader, as the share routes check it.
import { INLINE_TOKEN_SECONDS, type MailAttachItem } from "../../../../shared/mail/reading.ts";
import type { MailAttachmentJson } from "../../../../db/schema/mail.ts";
import { bytesToBase64Url } from "../../../lib/encoding.ts";

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey("raw", new TextEncoder().encode(`mail-inline:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, k);
  }
  return k;
}

async function signature(secret: string, payload: string): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(payload));
  return bytesToBase64Url(new Uint8Array(sig));
}

/** Who an inline token was issued to: `userId` reads their own mail, or (`sharedFolderId`) a shared one. */
export interface InlineGrant {
  userId: number;
  /** The shared folder the member read the mail through; null for the owner's own mail. */
  sharedFolderId: number | null;
}

export async function signInlineToken(secret: string, grant: InlineGrant, mailId: number, now: Date): Promise<string> {
  const exp = Math.floor(now.getTime() / 1000) + INLINE_TOKEN_SECONDS;
  const shared = grant.sharedFolderId === null ? "" : `.s${grant.sharedFolderId}`;
  const payload = `${grant.userId}.${mailId}.${exp}${shared}`;
  return `${payload}.${await signature(secret, payload)}`;
}

/** The grant of a valid, unexpired token for this mail; null otherwise. */
export async function verifyInlineToken(secret: string, token: string, mailId: number, now: Date): Promise<InlineGrant | null> {
  const m = /^((\d{1,15})\.(\d{1,15})\.(\d{1,12})(?:\.s(\d{1,15}))?)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m || Number(m[3]) !== mailId || Number(m[4]) * 1000 <= now.getTime()) return null;
  const expected = await signature(secret, m[1]);
  if (!timingSafeEqual(expected, m[6])) return null;
  return { userId: Number(m[2]), sharedFolderId: m[5] === undefined ? null : Number(m[5]) };
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

export function inlineUrl(mailId: number, position: number, token: string): string {
  return `/api/mail-inline/${mailId}/${position}?token=${encodeURIComponent(token)}`;
}

/**
 * Points src="cid:..." of the sanitised HTML at the URLs (`urlOf(position)`: inlineUrl, or an attached
 * message's nested one) of the matching attachments.
 */
export function rewriteCidImages(
  html: string,
  attachments: Pick<MailAttachmentJson, "contentId" | "position">[],
  urlOf: (position: number) => string,
): string {
  const byCid = new Map<string, number>();
  for (const a of attachments) if (a.contentId) byCid.set(a.contentId.toLowerCase(), a.position);
  if (!byCid.size) return html;
  return html.replace(/(\ssrc\s*=\s*)(["'])cid:([^"']+)\2/gi, (whole, pre: string, q: string, cid: string) => {
    let key = cid.trim();
    try {
      key = decodeURIComponent(key);
    } catch { /* keep as written */ }
    const position = byCid.get(key.replace(/^<|>$/g, "").toLowerCase());
    return position === undefined ? whole : `${pre}${q}${urlOf(position).replace(/&/g, "&amp;")}${q}`;
  });
}

/** The view's attachment items, each with its download URL `urlOf(position)`. */
export function attachList(attachments: MailAttachmentJson[], urlOf: (position: number) => string): MailAttachItem[] {
  return attachments.map((a) => ({
    position: a.position,
    name: a.name,
    size: a.size,
    contentType: a.contentType,
    contentId: a.contentId,
    inline: a.inline,
    url: urlOf(a.position),
  }));
}

