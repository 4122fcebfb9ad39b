// The send checks of 000 §5, in the spec's order with their codes, and who may send as which sender (§6).
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema/users.ts";
import { companies } from "../../../../db/schema/companies.ts";
import { type ComposeBody, SECURE_PASSWORD } from "../../../../shared/mail/compose.ts";
import { isValidEmail, sameAddress } from "../../../../shared/users.ts";
import { RESERVE_MAX_YEARS } from "../../../../shared/mail/constants.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { isAliasOf } from "../aliases/repo.ts";
import { type ExternalSender, externalSender } from "../external/service.ts";
import { type LocalMailbox, MAILBOX_COLUMNS, normalizeAddress } from "../store/recipients.ts";
import type { Language } from "../../../../shared/locale.ts";
import { languageOf } from "./mail-text.ts";

/** Reservation (mail.100), at least one To (mail.367), valid To/Cc/Bcc (mail.368/369/370). */
export function checkSend(body: ComposeBody, now: Date): void {
  if (body.isReserve) {
    const at = body.reserveDate;
    const limit = new Date(now);
    limit.setUTCFullYear(limit.getUTCFullYear() + RESERVE_MAX_YEARS);
    if (at === undefined || !(at > now.getTime()) || at > limit.getTime()) throw new AppError(400, "mail.100");
  }
  if (!body.to.length) throw new AppError(400, "mail.367");
  for (const [field, code] of [["to", "mail.368"], ["cc", "mail.369"], ["bcc", "mail.370"]] as const) {
    const bad = body[field].filter((v) => !isValidEmail(v));
    if (bad.length) {
      throw new AppError(400, code, { invalid: bad }, bad.map((v) => ({ field, code, message: v })));
    }
  }
  checkSecure(body);
}

/** A secure mail needs a password of the §5 form. */
export function checkSecure(body: ComposeBody): void {
  if (body.isSecure && !SECURE_PASSWORD.test(body.securePw ?? "")) throw new AppError(400, "mail.secure_password_invalid");
}

/**
 * The system checks that come before the §5 checks (which are skipped when these fail): the company's mail
 * domain must be AVAILABLE (423, "Domain is not valid") and the sender's mailbox not full (507).
 */
export async function checkSystem(caller: Caller, sender: Sender): Promise<void> {
  const [company] = await caller.deps.db.select({ domainStatus: companies.domainStatus }).from(companies)
    .where(eq(companies.id, sender.companyId));
  if (company?.domainStatus !== "AVAILABLE") throw new AppError(423, "mail.359", { reason: "domain" });
  if (sender.totalQuota > 0 && sender.usedSize >= sender.totalQuota) throw new AppError(507, "mail.quota_exceeded");
}

/** The signed-in sender's mailbox, and their language (of the texts the server writes into their mail). */
export type Sender = LocalMailbox & { language: Language };

export async function loadSender(caller: Caller): Promise<Sender> {
  const [row] = await caller.deps.db.select({ ...MAILBOX_COLUMNS, languageType: users.languageType }).from(users)
    .where(eq(users.id, caller.auth.userId));
  if (!row) throw notFound();
  const { languageType, ...mailbox } = row;
  return { ...mailbox, language: languageOf(languageType) };
}

/**
 * Who may send as which sender (000 §6): the user's own address or one of their aliases (senderType DOMAIN);
 * external accounts (senderType EXTERNAL) below. Sending from a shared folder comes with folder sharing:
 * until then it answers 403 (mail.360). Any other address answers 403 (mail.360) too.
 */
export async function checkSender(caller: Caller, body: ComposeBody, sender: Sender): Promise<ExternalSender | null> {
  if (body.fromType === "shared") throw new AppError(403, "mail.360");
  // An external account: the user's own, SMTP on and certified (else 403 mail.360); the mail goes out through it.
  if (body.senderType === "EXTERNAL") return await externalSender(caller, body.senderId);
  if (
    body.senderEmail && !sameAddress(body.senderEmail, sender.username) &&
    !(await isAliasOf(caller.deps.db, sender.companyId, sender.userId, body.senderEmail))
  ) {
    throw new AppError(403, "mail.360");
  }
  return null;
}

/** The From address of a checked body: the chosen sender address, else the own address. */
export function fromAddressOf(body: ComposeBody, sender: Sender): string {
  return body.senderEmail ? normalizeAddress(body.senderEmail) : sender.username;
}
