// Send check 2 (000 §5): a recipient written as an organisation or group address is asked about before
// sending, and one that reaches nobody is flagged (mail.575). An organisation's address reaches the members of
// the organisation and those below it (store/recipients.ts resolveRecipients); a user's address reaches them.
// Only the caller's own company's addresses are answered in detail: another company's address on this
// server counts as one mailbox, like any address elsewhere, so nothing is learnt about its organisations.
import type { RecipientCheck } from "../../../../shared/mail/compose.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { isValidEmail } from "../../../../shared/users.ts";
import { companyOfDomain, domainOf, normalizeAddress, resolveRecipients } from "../store/recipients.ts";
import { boardRecipients } from "../../board/mail/service.ts";

export async function checkRecipient(caller: Caller, raw: string): Promise<RecipientCheck> {
  const address = normalizeAddress(raw);
  if (!isValidEmail(address)) throw new AppError(400, "mail.575");
  const owner = await companyOfDomain(caller.deps.db, domainOf(address));
  if (owner !== caller.auth.companyId) return { address, result: 1, group: false };
  const found = (await resolveRecipients(caller.deps.db, [address])).get(address);
  // A board's address (board/mail) reaches its board: one recipient, not nobody.
  if (!found && (await boardRecipients(caller.deps, [address])).has(address)) return { address, result: 1, group: false };
  return { address, result: found?.boxes.length ?? 0, group: found?.group ?? false };
}
