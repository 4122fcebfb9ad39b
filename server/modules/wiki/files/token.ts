// The wiki's file token (WikiDocument.fileToken): an <img> or a download link sends no bearer header, so
// GET /api/wiki/files/{fileId}?token=… carries one, keyed by the server's access-token key (deps.secrets.tokenKey)
// with a purpose prefix:  "{companyId}.{userId}.{exp}.{HMAC-SHA256 base64url}".
// One token serves every file the person may read (an image copied from one document into another keeps its
// file id), so it is bound to the person, not to a file. exp is rounded up to the hour (the same address for an
// hour, so the browser's cache serves it); valid 24 to 25 hours. The token only says who: every fetch checks
// again that the person may still read the file's document.
import { bytesToBase64Url } from "../../../lib/encoding.ts";

const VALID_MS = 24 * 60 * 60_000;
const ROUND_MS = 60 * 60_000;

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey("raw", new TextEncoder().encode(`wiki-file:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, k);
  }
  return k;
}

async function signature(secret: string, payload: string): Promise<string> {
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(payload));
  return bytesToBase64Url(new Uint8Array(sig));
}

export async function signFileToken(secret: string, companyId: number, userId: number, now: Date): Promise<string> {
  const exp = Math.ceil((now.getTime() + VALID_MS) / ROUND_MS) * ROUND_MS / 1000;
  const payload = `${companyId}.${userId}.${exp}`;
  return `${payload}.${await signature(secret, payload)}`;
}

/** The company and person a valid, unexpired token was made for; null otherwise. */
export async function verifyFileToken(secret: string, token: string, now: Date): Promise<{ companyId: number; userId: number } | null> {
  const m = /^((\d{1,15})\.(\d{1,15})\.(\d{1,12}))\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m || Number(m[4]) * 1000 <= now.getTime()) return null;
  const want = await signature(secret, m[1]);
  let d = want.length ^ m[5].length;
  for (let i = 0; i < Math.min(want.length, m[5].length); i++) d |= want.charCodeAt(i) ^ m[5].charCodeAt(i);
  return d === 0 ? { companyId: Number(m[2]), userId: Number(m[3]) } : null;
}
