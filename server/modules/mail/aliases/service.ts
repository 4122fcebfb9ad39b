// Mail aliases: more addresses of one mailbox, given by the company's administrator (000 §3 "Alias list").
// An alias is an address on one of the company's domains that no user, organisation (group address) or other
// alias anywhere on this server holds; a user has at most MAX_ALIASES_PER_USER. Inbound SMTP and local mail to
// an alias reach the user's mailbox (store/recipients.ts). A user of another company answers 404.
import { type Alias, type AliasList, MAX_ALIASES_PER_USER } from "../../../../shared/mail/aliases.ts";
import { isValidEmail } from "../../../../shared/users.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { lockOrganizations } from "../../organizations/manage.ts";
import * as repo from "./repo.ts";
import { isBoardAddress } from "../../board/mail/taken.ts";

/** The signed-in user's own aliases (GET /api/alias/me). */
export async function myAliases(caller: Caller): Promise<AliasList> {
  return { aliases: await repo.aliasesOf(caller.deps.db, caller.auth.companyId, caller.auth.userId) };
}

/** A user's aliases, for the company's administrator. */
export async function userAliases(caller: Caller, userId: number): Promise<AliasList> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  if (!(await repo.liveUserExists(db, companyId, userId))) throw notFound();
  return { aliases: await repo.aliasesOf(db, companyId, userId) };
}

export async function addAlias(caller: Caller, userId: number, rawAddress: string): Promise<Alias> {
  const { companyId } = caller.auth;
  const address = rawAddress.trim().toLowerCase();
  try {
    return await caller.deps.db.transaction(async (tx) => {
      // The user row lock queues adds for one user (the limit); the company's organisation-tree lock is the one
      // new users and group addresses take before claiming an address, so none slips in between check and insert.
      if (!(await repo.lockLiveUser(tx, companyId, userId))) throw notFound();
      const domain = address.slice(address.lastIndexOf("@") + 1);
      if (!isValidEmail(address) || /[<>\s"]/.test(address) || !(await repo.isCompanyDomain(tx, companyId, domain))) {
        throw new AppError(400, "mail.alias_invalid");
      }
      await lockOrganizations(tx, companyId);
      if ((await repo.addressTaken(tx, address)) || (await isBoardAddress(tx, address))) throw new AppError(409, "mail.alias_in_use");
      if ((await repo.countAliases(tx, companyId, userId)) >= MAX_ALIASES_PER_USER) throw new AppError(400, "mail.alias_limit");
      return await repo.insertAlias(tx, companyId, userId, address);
    });
  } catch (e) {
    if (isUniqueViolation(e, "mail_aliases_address_uq")) throw new AppError(409, "mail.alias_in_use");
    throw e;
  }
}

export async function removeAlias(caller: Caller, userId: number, aliasId: number): Promise<void> {
  if (!(await repo.deleteAlias(caller.deps.db, caller.auth.companyId, userId, aliasId))) throw notFound();
}

/** A deleted user's aliases are released (in the deleting transaction): the addresses can be handed out again. */
export async function releaseAliases(db: DbOrTx, companyId: number, userId: number): Promise<void> {
  await repo.deleteAliasesOf(db, companyId, userId);
}
