// The mail-program password rows (mail_client_passwords, one per user) and the client sign-in failures of an
// account (login_failures keys `mc:u:<address>`, written by auth.ts through auth/throttle.ts).
import { eq, like, or } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { loginFailures, mailClientPasswords } from "../../../../db/schema/index.ts";
import { prefixPattern } from "../../../lib/like.ts";

export interface PasswordRow {
  updatedAt: Date;
  lastUsedAt: Date | null;
}

export async function findPassword(db: DbOrTx, userId: number): Promise<PasswordRow | undefined> {
  const [row] = await db
    .select({ updatedAt: mailClientPasswords.updatedAt, lastUsedAt: mailClientPasswords.lastUsedAt })
    .from(mailClientPasswords)
    .where(eq(mailClientPasswords.userId, userId));
  return row;
}

/** Sets the hash; a new password has not been used yet. */
export async function savePassword(db: DbOrTx, v: { userId: number; companyId: number; hash: string; now: Date }) {
  await db.insert(mailClientPasswords)
    .values({ userId: v.userId, companyId: v.companyId, hash: v.hash, updatedAt: v.now, lastUsedAt: null })
    .onConflictDoUpdate({ target: mailClientPasswords.userId, set: { hash: v.hash, updatedAt: v.now, lastUsedAt: null } });
}

export async function deletePassword(db: DbOrTx, userId: number) {
  await db.delete(mailClientPasswords).where(eq(mailClientPasswords.userId, userId));
}

/** The keys auth.ts counts an account's failed client sign-ins under: in all, and from one client address. */
export const clientAccountKey = (username: string) => `mc:u:${username.trim().toLowerCase()}`;
export const clientAccountIpKey = (username: string, ip: string) => `mc:uip:${username.trim().toLowerCase()}|${ip}`;

export async function clearClientFailures(db: DbOrTx, username: string) {
  const fromAnyAddress = prefixPattern(clientAccountIpKey(username, ""));
  await db.delete(loginFailures).where(or(eq(loginFailures.key, clientAccountKey(username)), like(loginFailures.key, fromAnyAddress)));
}
