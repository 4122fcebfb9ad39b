// Signed addresses of a board's images (BoardFile.inlineUrl, the <img> of a post's content, thumbnails): an
// <img> sends no bearer header, so GET /api/board/inline/{fileId}?token=… carries a token instead, keyed by
// the server's access-token key (deps.secrets.tokenKey) with a purpose prefix:
//   "{userId}.{fileId}.{exp}.{HMAC-SHA256 base64url}"
// bound to one file and the person it was made for. exp is rounded up to the hour, so the same person gets
// the same address for an hour and the browser's cache serves it; it stays valid 3 to 4 hours. The token only
// says who was granted: every fetch checks again that the person may still see the file (files.ts).
import { bytesToBase64Url } from "../../../lib/encoding.ts";

const VALID_MS = 3 * 60 * 60_000;
const ROUND_MS = 60 * 60_000;

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    const raw = new TextEncoder().encode(`board-inline:${secret}`);
    k = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, k);
  }
  return k;
}

async function signature(secret: string, payload: string): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(payload));
  return bytesToBase64Url(new Uint8Array(sig));
}

export async function signInlineToken(secret: string, userId: number, fileId: number, now: Date): Promise<string> {
  const exp = Math.ceil((now.getTime() + VALID_MS) / ROUND_MS) * ROUND_MS / 1000;
  const payload = `${userId}.${fileId}.${exp}`;
  return `${payload}.${await signature(secret, payload)}`;
}

/** The person a valid, unexpired token of this file was made for; null otherwise. */
export async function verifyInlineToken(secret: string, token: string, fileId: number, now: Date): Promise<number | null> {
  const m = /^((\d{1,15})\.(\d{1,15})\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m || Number(m[3]) !== fileId || Number(m[4]) * 1000 <= now.getTime()) return null;
  if (!timingSafeEqual(await signature(secret, m[1]), m[5])) return null;
  return Number(m[2]);
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

export const inlinePath = (fileId: number, token: string) => `/api/board/inline/${fileId}?token=${encodeURIComponent(token)}`;

/** A signer for one person at one moment: signed addresses of several files (a list answer). */
export function inlineSigner(secret: string, userId: number, now: Date) {
  return async (fileId: number) => inlinePath(fileId, await signInlineToken(secret, userId, fileId, now));
}
