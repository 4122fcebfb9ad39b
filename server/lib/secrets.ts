// Server-wide secrets kept in PostgreSQL so every instance shares them: the access-token signing key and
// the RSA key pair POST /oauth/key hands out for encrypting passwords in transit.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { serverSecrets } from "../../db/schema/index.ts";
import { base64ToBytes, bytesToBase64 } from "./encoding.ts";

export interface Secrets {
  /** HS256 key for access tokens. */
  tokenKey: string;
  /** HMAC key from which each refresh token is derived from the one it replaces (auth/sessions.ts). */
  refreshKey: string;
  passwordKey: { id: string; publicKeySpki: string; privateKey: CryptoKey };
}

const RSA = { name: "RSA-OAEP", hash: "SHA-256" } as const;

async function getOrCreate(db: Db, name: string, make: () => Promise<string>): Promise<string> {
  const value = await make();
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row.value;
}

export async function loadSecrets(db: Db): Promise<Secrets> {
  const tokenKey = await getOrCreate(db, "access_token_key", () =>
    Promise.resolve(bytesToBase64(crypto.getRandomValues(new Uint8Array(48)))));
  const refreshKey = await getOrCreate(db, "refresh_token_key", () =>
    Promise.resolve(bytesToBase64(crypto.getRandomValues(new Uint8Array(32)))));
  const rsaJson = await getOrCreate(db, "password_transport_key", async () => {
    const pair = await crypto.subtle.generateKey(
      { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
      true,
      ["encrypt", "decrypt"],
    );
    const pkcs8 = new Uint8Array(await crypto.subtle.exportKey("pkcs8", pair.privateKey));
    const spki = new Uint8Array(await crypto.subtle.exportKey("spki", pair.publicKey));
    return JSON.stringify({ id: crypto.randomUUID(), pkcs8: bytesToBase64(pkcs8), spki: bytesToBase64(spki) });
  });
  const rsa = JSON.parse(rsaJson) as { id: string; pkcs8: string; spki: string };
  const privateKey = await crypto.subtle.importKey("pkcs8", base64ToBytes(rsa.pkcs8), RSA, false, ["decrypt"]);
  return { tokenKey, refreshKey, passwordKey: { id: rsa.id, publicKeySpki: rsa.spki, privateKey } };
}
