// The listener's recipient look-up (RCPT, then again at DATA): the same answer as store/recipients.ts
// resolveRecipients, with its common case, a user's own address or alias, in one fixed SQL text (prepared
// once by postgres.js, no query building per call: this runs twice for every message received). Addresses
// it does not find, an organisation's group address or an unknown one, are handed to resolveRecipients; what
// that does not find either may be a board's address (board/mail).
import type { AppDeps } from "../../../lib/context.ts";
import {
  type LocalMailbox,
  mailboxOfRow,
  normalizeAddress,
  type ResolvedRecipient,
  resolveRecipients,
} from "../store/recipients.ts";
import { boardRecipients } from "../../board/mail/service.ts";

type Row = { address: string } & Record<keyof LocalMailbox, string | number>;

export async function lookupRecipients(
  deps: AppDeps,
  addresses: string[],
): Promise<Map<string, ResolvedRecipient>> {
  const wanted = [...new Set(addresses.map(normalizeAddress).filter((a) => a.includes("@")))];
  const out = new Map<string, ResolvedRecipient>();
  if (!wanted.length) return out;
  const rows = await deps.sql<Row[]>`
    select u.username as address, u.id as "userId", u.company_id as "companyId", u.username,
           u.display_name as "displayName", u.total_quota as "totalQuota", u.used_size as "usedSize"
      from users u
     where u.username = any(${wanted}::text[]) and u.status = 'ACTIVE'
    union all
    select a.address, u.id, u.company_id, u.username, u.display_name, u.total_quota, u.used_size
      from mail_aliases a join users u on u.id = a.user_id and u.company_id = a.company_id
     where a.address = any(${wanted}::text[]) and u.status = 'ACTIVE'`;
  for (const r of rows) {
    out.set(r.address, { group: false, boxes: [mailboxOfRow(r)] });
  }
  const rest = wanted.filter((a) => !out.has(a));
  if (rest.length) {
    for (const [address, found] of await resolveRecipients(deps.db, rest)) out.set(address, found);
    // Only addresses that are no user, alias or organisation are asked about as boards' addresses.
    const unknown = rest.filter((a) => !out.has(a));
    if (unknown.length) for (const [address, board] of await boardRecipients(deps, unknown)) out.set(address, { boxes: [], group: false, board });
  }
  return out;
}
