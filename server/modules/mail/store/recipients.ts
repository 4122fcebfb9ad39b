// Who an address is: a mailbox of a company on this server (by its username; aliases join here with the
// mail settings), a company domain without such a mailbox, or somewhere else. Inbound SMTP refuses unknown
// local recipients with this; sending delivers local recipients at once and queues the rest.
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { companyDomains, users } from "../../../../db/schema/index.ts";

export interface LocalMailbox {
  userId: number;
  companyId: number;
  username: string;
  displayName: string;
  totalQuota: number;
  usedSize: number;
}

/** The columns of users a LocalMailbox is read from. */
export const MAILBOX_COLUMNS = {
  userId: users.id,
  companyId: users.companyId,
  username: users.username,
  displayName: users.displayName,
  totalQuota: users.totalQuota,
  usedSize: users.usedSize,
};

/** Lower-cased address without angle brackets or a display name. */
export function normalizeAddress(address: string): string {
  const m = /<([^<>]*)>/.exec(address);
  return (m ? m[1] : address).trim().toLowerCase();
}

export function domainOf(address: string): string {
  return normalizeAddress(address).split("@").pop() ?? "";
}

/** The active mailboxes behind the given addresses; addresses that are not local are absent from the map. */
export async function resolveMailboxes(db: DbOrTx, addresses: string[]): Promise<Map<string, LocalMailbox>> {
  const wanted = [...new Set(addresses.map(normalizeAddress).filter((a) => a.includes("@")))];
  if (!wanted.length) return new Map();
  const rows = await db.select(MAILBOX_COLUMNS).from(users)
    .where(and(inArray(users.username, wanted), eq(users.status, "ACTIVE")));
  return new Map(rows.map((r) => [r.username, r]));
}

/** The company owning a mail domain on this server, or null. */
export async function companyOfDomain(db: DbOrTx, domain: string): Promise<number | null> {
  const [row] = await db.select({ companyId: companyDomains.companyId }).from(companyDomains)
    .where(eq(companyDomains.domain, domain.trim().toLowerCase()));
  return row?.companyId ?? null;
}

/** Whether storing `bytes` more would take the mailbox over its quota. */
export function overQuota(box: Pick<LocalMailbox, "totalQuota" | "usedSize">, bytes: number): boolean {
  return box.totalQuota > 0 && box.usedSize + bytes > box.totalQuota;
}
