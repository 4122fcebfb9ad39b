// DKIM: a per-domain RSA key (mail_dkim_keys) signs outbound mail from that domain, so receivers can check it
// came from here. The admin CLI (deno task dkim:key) creates a domain's key and prints the DNS TXT record.
import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailDkimKeys } from "../../../../db/schema/mail.ts";
import { companyOfDomain, domainOf } from "../store/recipients.ts";

export type DkimKey = typeof mailDkimKeys.$inferSelect;

export const DEFAULT_DKIM_SELECTOR = "gw";

/** The domain's key, created (RSA 2048) when it has none. The domain must belong to a company here. */
export async function ensureDkimKey(db: DbOrTx, domain: string, now: Date, selector = DEFAULT_DKIM_SELECTOR): Promise<DkimKey> {
  const name = domain.trim().toLowerCase();
  const [existing] = await db.select().from(mailDkimKeys).where(eq(mailDkimKeys.domain, name));
  if (existing) return existing;
  const companyId = await companyOfDomain(db, name);
  if (companyId === null) throw new Error(`${name} is not a mail domain of a company on this server`);
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const [row] = await db.insert(mailDkimKeys).values({
    companyId,
    domain: name,
    selector,
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    createdAt: now,
  }).onConflictDoNothing().returning();
  return row ?? (await db.select().from(mailDkimKeys).where(eq(mailDkimKeys.domain, name)))[0];
}

/** The DNS TXT record to publish for a key. */
export function dkimTxtRecord(key: Pick<DkimKey, "domain" | "selector" | "publicKey">): { name: string; value: string } {
  return { name: `${key.selector}._domainkey.${key.domain}`, value: `v=DKIM1; k=rsa; p=${key.publicKey}` };
}

/** nodemailer's signing options for mail from `fromAddress`, when its domain has a key. */
export async function dkimSigningFor(db: DbOrTx, fromAddress: string) {
  const [key] = await db.select().from(mailDkimKeys).where(eq(mailDkimKeys.domain, domainOf(fromAddress)));
  return key ? { domainName: key.domain, keySelector: key.selector, privateKey: key.privateKey } : null;
}
