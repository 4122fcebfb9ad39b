// Aliases (000 §3 "Alias list", §6 "Senders may be the own address, an alias, or an external account with SMTP
// enabled and certified", §7 GET api/alias/me): more addresses of one mailbox, on one of its company's domains.
// An alias is a valid sender (compose's sender choice) and a valid recipient (inbound SMTP and local mail
// reach the mailbox). Aliases are given by the company's admin (the admin API of the admin module).
//
//   GET /api/alias/me → AliasList (the signed-in user's aliases, oldest first)
//
// Administration (ROLE_ADMIN, a user of the admin's own company; another company's user answers 404):
//   GET    /api/admin/users/{id}/aliases            → AliasList
//   POST   /api/admin/users/{id}/aliases  AliasCreate → 201 Alias
//            400 mail.alias_invalid (not an address on one of the company's domains), 400 mail.alias_limit
//            (MAX_ALIASES_PER_USER reached), 409 mail.alias_in_use (a user's username, an organisation's group
//            address or another alias anywhere on this server)
//   DELETE /api/admin/users/{id}/aliases/{aliasId} → 204
import { z } from "zod";

export interface Alias {
  id: number;
  /** Lower-cased address. */
  address: string;
}

export interface AliasList {
  aliases: Alias[];
}

/** Most aliases one user may have. */
export const MAX_ALIASES_PER_USER = 20;

export const aliasAddress = z.string().trim().toLowerCase().max(320);

export const aliasCreateBody = z.object({ address: aliasAddress });
export type AliasCreate = z.infer<typeof aliasCreateBody>;

export const ALIAS_ERROR_MESSAGES = {
  "mail.alias_invalid": "The alias must be an email address on one of the company's domains.",
  "mail.alias_limit": `A user can have at most ${MAX_ALIASES_PER_USER} aliases.`,
  "mail.alias_in_use": "This address is already in use.",
} as const;
