// Queries of mail aliases (table mail_aliases): a user's aliases, and whether an address is taken anywhere on
// this server (a username, an organisation's group address or an alias). The recipient look-up that turns an
// alias into its mailbox lives with the other recipients, in store/recipients.ts.
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { companyDomains, mailAliases, organizations, users } from "../../../../db/schema/index.ts";
import type { Alias } from "../../../../shared/mail/aliases.ts";
import { normalizeAddress } from "../store/recipients.ts";

const aliasColumns = { id: mailAliases.id, address: mailAliases.address };

export async function aliasesOf(db: DbOrTx, companyId: number, userId: number): Promise<Alias[]> {
  return await db.select(aliasColumns).from(mailAliases)
    .where(and(eq(mailAliases.companyId, companyId), eq(mailAliases.userId, userId)))
    .orderBy(asc(mailAliases.id));
}

/** Whether `address` (any case, with or without a name part) is one of the user's aliases: a sender they may use. */
export async function isAliasOf(db: DbOrTx, companyId: number, userId: number, address: string): Promise<boolean> {
  const [row] = await db.select({ id: mailAliases.id }).from(mailAliases)
    .where(and(eq(mailAliases.companyId, companyId), eq(mailAliases.userId, userId), eq(mailAliases.address, normalizeAddress(address))));
  return !!row;
}

export async function countAliases(db: DbOrTx, companyId: number, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(mailAliases)
    .where(and(eq(mailAliases.companyId, companyId), eq(mailAliases.userId, userId)));
  return n;
}

/** A user of the company who is not deleted, row-locked until the transaction ends (adds to one user queue). */
export async function lockLiveUser(db: DbOrTx, companyId: number, userId: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), ne(users.status, "DELETED")))
    .for("update");
  return rows.length > 0;
}

export async function liveUserExists(db: DbOrTx, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), ne(users.status, "DELETED")));
  return !!row;
}

export async function isCompanyDomain(db: DbOrTx, companyId: number, domain: string): Promise<boolean> {
  const [row] = await db.select({ id: companyDomains.id }).from(companyDomains)
    .where(and(eq(companyDomains.companyId, companyId), eq(companyDomains.domain, domain)));
  return !!row;
}

/** Whether a user (any company, any status: a deleted user's name stays reserved), a group or an alias holds it. */
export async function addressTaken(db: DbOrTx, address: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from ${users} where ${users.username} = ${address}
    union all select 1 from ${organizations} where lower(${organizations.email}) = ${address}
    union all select 1 from ${mailAliases} where ${mailAliases.address} = ${address}
    limit 1`);
  return rows.length > 0;
}

/** Whether an alias holds the address (the check usernames and group addresses make against aliases). */
export async function aliasExists(db: DbOrTx, address: string): Promise<boolean> {
  const [row] = await db.select({ id: mailAliases.id }).from(mailAliases).where(eq(mailAliases.address, address.toLowerCase())).limit(1);
  return !!row;
}

export async function insertAlias(db: DbOrTx, companyId: number, userId: number, address: string): Promise<Alias> {
  const [row] = await db.insert(mailAliases).values({ companyId, userId, address }).returning(aliasColumns);
  return row;
}

export async function deleteAlias(db: DbOrTx, companyId: number, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(mailAliases)
    .where(and(eq(mailAliases.companyId, companyId), eq(mailAliases.userId, userId), eq(mailAliases.id, id)))
    .returning({ id: mailAliases.id });
  return rows.length > 0;
}

export async function deleteAliasesOf(db: DbOrTx, companyId: number, userId: number): Promise<void> {
  await db.delete(mailAliases).where(and(eq(mailAliases.companyId, companyId), eq(mailAliases.userId, userId)));
}
