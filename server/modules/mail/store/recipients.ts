// Who an address is: a mailbox of a company on this server (by its username or one of its aliases), an
// organisation's group address (its members), a company domain without either, or somewhere else. Inbound
// SMTP refuses unknown local recipients with this; sending delivers local recipients at once and queues the rest.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { companyDomains, mailAliases, users } from "../../../../db/schema/index.ts";
import { extractAddress } from "../../../../shared/users.ts";

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

/** A LocalMailbox from a raw row carrying MAILBOX_COLUMNS' names (numbers may come as strings). */
export function mailboxOfRow(r: Record<keyof LocalMailbox, unknown>): LocalMailbox {
  return {
    userId: Number(r.userId),
    companyId: Number(r.companyId),
    username: String(r.username),
    displayName: String(r.displayName),
    totalQuota: Number(r.totalQuota),
    usedSize: Number(r.usedSize),
  };
}

/** Lower-cased address without angle brackets or a display name. */
export function normalizeAddress(address: string): string {
  return extractAddress(address).toLowerCase();
}

export function domainOf(address: string): string {
  return normalizeAddress(address).split("@").pop() ?? "";
}

/**
 * The active mailboxes behind the given addresses, by the user's own address or by one of their aliases
 * (mail_aliases), in one query; addresses that are not local are absent from the map. An address and an alias
 * of one user map to the same mailbox (callers deliver once per userId).
 */
export async function resolveMailboxes(db: DbOrTx, addresses: string[]): Promise<Map<string, LocalMailbox>> {
  const wanted = [...new Set(addresses.map(normalizeAddress).filter((a) => a.includes("@")))];
  if (!wanted.length) return new Map();
  const own = db.select({ address: users.username, ...MAILBOX_COLUMNS }).from(users)
    .where(and(inArray(users.username, wanted), eq(users.status, "ACTIVE")));
  const byAlias = db.select({ address: mailAliases.address, ...MAILBOX_COLUMNS }).from(mailAliases)
    .innerJoin(users, and(eq(users.id, mailAliases.userId), eq(users.companyId, mailAliases.companyId)))
    .where(and(inArray(mailAliases.address, wanted), eq(users.status, "ACTIVE")));
  const rows = await own.unionAll(byAlias);
  return new Map(rows.map(({ address, ...box }) => [address, box]));
}

/** What an address delivers to: one mailbox, or an organisation's members (a group address), or a board. */
export interface ResolvedRecipient {
  boxes: LocalMailbox[];
  group: boolean;
  /** A board's address (no mailbox: the message becomes a post, server/modules/board/mail). */
  board?: { companyId: number; boardId: number };
}

/**
 * The mailboxes behind each address: a user's own address, or an organisation's address (organizations.email,
 * on one of its company's domains), which reaches the active members of the organisation and of every
 * organisation below it, each once. Addresses that are neither are absent from the map; a group without
 * active members maps to no mailboxes.
 */
export async function resolveRecipients(db: DbOrTx, addresses: string[]): Promise<Map<string, ResolvedRecipient>> {
  const wanted = [...new Set(addresses.map(normalizeAddress).filter((a) => a.includes("@")))];
  const out = new Map<string, ResolvedRecipient>();
  if (!wanted.length) return out;
  for (const [address, box] of await resolveMailboxes(db, wanted)) out.set(address, { boxes: [box], group: false });
  const rest = wanted.filter((a) => !out.has(a));
  if (!rest.length) return out;
  const rows = await db.execute<{ address: string } & Record<keyof LocalMailbox, unknown>>(sql`
    with recursive grp as (
      select o.id, o.company_id, lower(o.email) as address from organizations o
        join company_domains d on d.company_id = o.company_id and d.domain = split_part(lower(o.email), '@', 2)
       where lower(o.email) in ${rest}
    ), tree as (
      select id, company_id, address from grp
      union
      select c.id, c.company_id, tree.address from organizations c join tree on c.parent_id = tree.id and c.company_id = tree.company_id
    )
    select distinct tree.address, u.id as "userId", u.company_id as "companyId", u.username, u.display_name as "displayName",
           u.total_quota as "totalQuota", u.used_size as "usedSize"
      from tree
      left join organization_members m on m.organ_id = tree.id
      left join users u on u.id = m.user_id and u.status = 'ACTIVE' and u.company_id = tree.company_id`);
  for (const r of rows) {
    const entry = out.get(r.address) ?? { boxes: [], group: true };
    out.set(r.address, entry);
    if (r.userId === null) continue;
    entry.boxes.push(mailboxOfRow(r));
  }
  return out;
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
