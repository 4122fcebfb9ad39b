// The stored passwords of external mail accounts: AES-256-GCM under a key kept in server_secrets (so every
// instance shares it). Stored as base64 of iv (12 bytes) + ciphertext with its tag.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { serverSecrets } from "../../../../db/schema/auth.ts";
import { base64ToBytes, bytesToBase64 } from "../../../lib/encoding.ts";

const SECRET_NAME = "external_account_key";
const keys = new WeakMap<object, Promise<CryptoKey>>();

async function loadKey(db: DbOrTx): Promise<CryptoKey> {
  await db.insert(serverSecrets)
    .values({ name: SECRET_NAME, value: bytesToBase64(crypto.getRandomValues(new Uint8Array(32))) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  return await crypto.subtle.importKey("raw", base64ToBytes(row.value), "AES-GCM", false, ["encrypt", "decrypt"]);
}

function keyOf(db: DbOrTx): Promise<CryptoKey> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export async function encryptPassword(db: DbOrTx, password: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await keyOf(db), new TextEncoder().encode(password)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return bytesToBase64(out);
}

export async function decryptPassword(db: DbOrTx, stored: string): Promise<string> {
  const bytes = base64ToBytes(stored);
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, await keyOf(db), bytes.slice(12));
  return new TextDecoder().decode(plain);
}
