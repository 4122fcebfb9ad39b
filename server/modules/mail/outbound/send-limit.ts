// The per-user hourly send limit (issue 22): how many recipients a user's mail may be handed to in the last
// SEND_LIMIT_WINDOW_MINUTES, the company's sendLimitPerHour (mail config; DEFAULT_SEND_LIMIT_PER_HOUR, 0 = no
// limit). Every recipient of every message counts, local or remote (shared/mail/constants.ts). Web sending
// (compose/send.ts) and SMTP submission (submission/submit.ts) both check it twice: checkSendLimit before any
// work, so a refused send costs nothing, and recordSend inside the send's own transaction, under a per-user
// advisory lock, so two sends at the same moment cannot both slip under it; a refusal there rolls the whole
// send back: nothing is queued, filed or kept.
import { and, eq, gt, lte, sql, sum } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailSendLog } from "../../../../db/schema/mail-sending.ts";
import type { MailCompanyConfig } from "../../../../shared/company.ts";
import { SEND_LIMIT_WINDOW_MINUTES } from "../../../../shared/mail/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { companyConfig } from "../../company/service.ts";

const WINDOW_MS = SEND_LIMIT_WINDOW_MINUTES * 60_000;
/** First key of the transaction advisory lock (pg_advisory_xact_lock(int, int)): "mSnd". */
const LOCK_CLASS = 0x6d536e64;

export interface Sending {
  companyId: number;
  userId: number;
}

/** Thrown when a send would pass the limit; callers answer it in their protocol (429 or SMTP 450 4.7.1). */
export class SendLimitExceeded extends Error {
  constructor(readonly limit: number, readonly retryAfterSeconds: number) {
    super("mail.send_limit_exceeded");
  }

  /** The error body's params: the limit and when a place frees (seconds, and whole minutes for the text). */
  get params() {
    return { limit: this.limit, retryAfterSeconds: this.retryAfterSeconds, retryAfterMinutes: Math.ceil(this.retryAfterSeconds / 60) };
  }
}

/** The company's limit (recipients per hour); 0 = none. */
export async function sendLimitOf(deps: AppDeps, companyId: number): Promise<number> {
  return ((await companyConfig(deps, companyId, "mail")) as MailCompanyConfig).sendLimitPerHour;
}

/** Throws SendLimitExceeded when `recipients` more would pass the limit. Answers the limit (0 = none). */
export async function checkSendLimit(deps: AppDeps, who: Sending, recipients: number, now: Date): Promise<number> {
  const limit = await sendLimitOf(deps, who.companyId);
  if (limit > 0) await refuseOver(deps.db, who, recipients, limit, now);
  return limit;
}

/**
 * In the send's transaction: waits for the user's other sends to commit, checks again and records this one.
 * `limit` is what checkSendLimit answered.
 */
export async function recordSend(tx: DbOrTx, who: Sending, recipients: number, limit: number, now: Date): Promise<void> {
  if (recipients <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${who.userId}::int)`);
  if (limit > 0) await refuseOver(tx, who, recipients, limit, now);
  await tx.delete(mailSendLog).where(and(eq(mailSendLog.userId, who.userId), lte(mailSendLog.sentAt, new Date(now.getTime() - WINDOW_MS))));
  await tx.insert(mailSendLog).values({ companyId: who.companyId, userId: who.userId, recipients, sentAt: now });
}

async function refuseOver(db: DbOrTx, who: Sending, recipients: number, limit: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const inWindow = and(eq(mailSendLog.userId, who.userId), gt(mailSendLog.sentAt, since));
  const [row] = await db.select({ n: sum(mailSendLog.recipients) }).from(mailSendLog).where(inWindow);
  const used = Number(row?.n ?? 0);
  if (used + recipients <= limit) return;
  // When enough of the window's sends leave it for this one to fit (a send larger than the limit never
  // fits: then an hour, the most there is to wait).
  let retryAt = now.getTime() + WINDOW_MS;
  if (recipients <= limit) {
    const rows = await db.select({ n: mailSendLog.recipients, at: mailSendLog.sentAt }).from(mailSendLog).where(inWindow)
      .orderBy(mailSendLog.sentAt);
    let left = used;
    for (const r of rows) {
      left -= r.n;
      if (left + recipients <= limit) {
        retryAt = r.at.getTime() + WINDOW_MS;
        break;
      }
    }
  }
  throw new SendLimitExceeded(limit, Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)));
}
