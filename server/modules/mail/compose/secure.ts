// Secure mail (000 §3 isSecure, securePw, securePwHint; §5 password rule): recipients get a notice with a
// link instead of the message; the link (public: GET and POST api/mail/secure/{token}) shows the message
// only to whoever gives its password. Wrong passwords are throttled per client address (a stranger cannot
// lock the recipients out); many from all addresses together lock the link until its sender unlocks it.
import { and, eq, like, lt, sql } from "drizzle-orm";
import { loginFailures } from "../../../../db/schema/index.ts";
import { mailMessages, mails, mailSecureLinks } from "../../../../db/schema/mail.ts";
import {
  SECURE_MAX_FAILURES, SECURE_MAX_FAILURES_PER_ADDRESS, type SecureMailContent, type SecureMailInfo, type SecureMailStatus,
} from "../../../../shared/mail/compose.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { reserveAttempt } from "../../auth/throttle.ts";
import { AppError } from "../../../lib/errors.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { randomToken } from "../../../lib/encoding.ts";
import { prefixPattern } from "../../../lib/like.ts";
import { hashPassword, verifyPassword } from "../../../lib/passwords.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { fileStaged, stageFiling } from "../store/deliver.ts";
import { attachmentBytes } from "../store/parse.ts";
import type { Assembled } from "./assemble.ts";
import type { Sender } from "./checks.ts";
import { secureNoticeHtml } from "./mail-text.ts";
import { buildMime, escapeHtml } from "./mime.ts";

/**
 * The notice the recipients get instead of the real message (in the sender's language: mail-text.ts), and its
 * link, in two steps for the send's transaction (send.ts): staged before it (MIME built, bytes in the blob
 * store, password hashed), written in it once the real message has its id.
 */
export async function stageSecureNotice(
  deps: AppDeps,
  sender: Sender,
  parts: Assembled,
  secret: { password: string; hint: string; priority: number; date: Date },
) {
  const token = randomToken();
  const url = `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/#/mail/secure/${token}`;
  const html = secureNoticeHtml(sender.language, { sender: parts.from.name || parts.from.address, url, hint: secret.hint });
  const raw = await buildMime(deps, { ...parts, bcc: [], html, attachments: [], priority: secret.priority, date: secret.date });
  const filing = await stageFiling(deps, { companyId: sender.companyId, raw, receivedAt: secret.date, targets: [] });
  const link = {
    companyId: sender.companyId,
    senderUserId: sender.userId,
    token,
    passwordHash: await hashPassword(secret.password),
    hint: secret.hint,
    createdAt: deps.clock.now(),
  };
  return { raw, parsed: filing.parsed, filing, link };
}

/** Stores the staged notice and its link for the real message `messageId`; answers the notice's message id. */
export async function writeSecureNotice(
  tx: DbOrTx,
  staged: Awaited<ReturnType<typeof stageSecureNotice>>,
  messageId: number,
): Promise<number> {
  const notice = await fileStaged(tx, staged.filing);
  await tx.insert(mailSecureLinks).values({ ...staged.link, messageId, noticeMessageId: notice.messageId });
  return notice.messageId;
}

/** The notice to hand over instead of a scheduled secure mail, if it is one. */
export async function secureNoticeOf(deps: AppDeps, messageId: number) {
  const [link] = await deps.db.select({ noticeMessageId: mailSecureLinks.noticeMessageId }).from(mailSecureLinks)
    .where(eq(mailSecureLinks.messageId, messageId));
  if (!link) return null;
  const [notice] = await deps.db.select().from(mailMessages).where(eq(mailMessages.id, link.noticeMessageId));
  return notice ?? null;
}

async function linkOf(deps: AppDeps, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError(404, "common.404");
  const [row] = await deps.db.select({ link: mailSecureLinks, message: mailMessages }).from(mailSecureLinks)
    .innerJoin(mailMessages, eq(mailMessages.id, mailSecureLinks.messageId))
    .where(eq(mailSecureLinks.token, token));
  if (!row) throw new AppError(404, "common.404");
  return row;
}

/** GET api/mail/secure/{token}: who sent it and the hint, nothing of the content. */
export async function secureInfo(deps: AppDeps, token: string): Promise<SecureMailInfo> {
  const { link, message } = await linkOf(deps, token);
  return {
    from: { name: message.fromName, address: message.fromAddress },
    hint: link.hint,
    sentTimeMillis: (message.sentAt ?? message.createdAt).getTime(),
    locked: link.failedAttempts >= SECURE_MAX_FAILURES,
  };
}

const addressKey = (linkId: number, ip: string) => `secure:${linkId}:${ip}`;

/**
 * Checks the password. Every try is counted before the password is checked, on the client address (the
 * throttle: 429 with retryAfterSeconds past SECURE_MAX_FAILURES_PER_ADDRESS in its window) and on the link
 * (one conditional update: 423 once SECURE_MAX_FAILURES are reached), so parallel guesses cannot pass either
 * limit; a wrong one answers 403, the right one clears both counts.
 */
async function unlock(deps: AppDeps, token: string, password: string, ip: string) {
  const row = await linkOf(deps, token);
  if (row.link.failedAttempts >= SECURE_MAX_FAILURES) throw new AppError(423, "mail.secure_locked");
  const attempt = await reserveAttempt(deps, [{ key: addressKey(row.link.id, ip), max: SECURE_MAX_FAILURES_PER_ADDRESS }], "mail.secure_too_many_attempts");
  const [reserved] = await deps.db.update(mailSecureLinks).set({ failedAttempts: sql`${mailSecureLinks.failedAttempts} + 1` })
    .where(and(eq(mailSecureLinks.id, row.link.id), lt(mailSecureLinks.failedAttempts, SECURE_MAX_FAILURES)))
    .returning({ id: mailSecureLinks.id });
  if (!reserved) {
    await attempt.release();
    throw new AppError(423, "mail.secure_locked");
  }
  if (!await verifyPassword(password, row.link.passwordHash)) throw new AppError(403, "mail.secure_password_wrong");
  await attempt.release();
  await deps.db.update(mailSecureLinks).set({ failedAttempts: 0 }).where(eq(mailSecureLinks.id, row.link.id));
  return row;
}

/** The secure-mail link of the caller's own mail `mailId` (null: not a secure mail); 404 when the mail is not theirs. */
async function ownLink(caller: Caller, mailId: number) {
  const [row] = await caller.deps.db.select({ link: mailSecureLinks }).from(mails)
    .leftJoin(mailSecureLinks, and(eq(mailSecureLinks.messageId, mails.messageId), eq(mailSecureLinks.senderUserId, caller.auth.userId)))
    .where(and(eq(mails.id, mailId), eq(mails.userId, caller.auth.userId), eq(mails.companyId, caller.auth.companyId)));
  if (!row) throw new AppError(404, "common.404");
  return row.link;
}

const statusOf = (failedAttempts: number | null): SecureMailStatus => ({
  secure: failedAttempts !== null,
  locked: (failedAttempts ?? 0) >= SECURE_MAX_FAILURES,
  failedAttempts: failedAttempts ?? 0,
  maxFailures: SECURE_MAX_FAILURES,
});

/** GET api/mail/{mailId}/secure: the sender sees whether the mail is a secure one and whether its link is locked. */
export async function secureStatus(caller: Caller, mailId: number): Promise<SecureMailStatus> {
  return statusOf((await ownLink(caller, mailId))?.failedAttempts ?? null);
}

/** PUT api/mail/{mailId}/secure/unlock: the sender clears the wrong passwords, the link's and every address's. */
export async function unlockSecure(caller: Caller, mailId: number): Promise<SecureMailStatus> {
  const link = await ownLink(caller, mailId);
  if (!link) throw new AppError(404, "common.404");
  await caller.deps.db.update(mailSecureLinks).set({ failedAttempts: 0 }).where(eq(mailSecureLinks.id, link.id));
  await caller.deps.db.delete(loginFailures).where(like(loginFailures.key, prefixPattern(addressKey(link.id, ""))));
  return statusOf(0);
}

/** POST api/mail/secure/{token} (password): the message. */
export async function openSecure(deps: AppDeps, token: string, password: string, ip: string): Promise<SecureMailContent> {
  const { message } = await unlock(deps, token, password, ip);
  return {
    subject: message.subject,
    from: { name: message.fromName, address: message.fromAddress },
    to: message.to,
    cc: message.cc,
    sentTimeMillis: (message.sentAt ?? message.createdAt).getTime(),
    content: message.htmlBody ?? escapeHtml(message.textBody).replace(/\n/g, "<br>"),
    attachList: message.attachments.filter((a) => !a.inline).map((a) => ({ position: a.position, name: a.name, size: a.size, contentType: a.contentType })),
  };
}

/** POST api/mail/secure/{token}/attach/{position} (password): one attachment's bytes. */
export async function secureAttachment(deps: AppDeps, token: string, password: string, position: number, ip: string): Promise<Response> {
  const { message } = await unlock(deps, token, password, ip);
  const meta = message.attachments.find((a) => a.position === position);
  const bytes = meta ? await attachmentBytes(await deps.blobs.get(message.blobKey), position) : null;
  if (!meta || !bytes) throw new AppError(404, "common.404");
  return new Response(bytes as BodyInit, {
    headers: fileHeaders(meta.contentType, meta.name, { length: bytes.length, cache: "no-store" }),
  });
}
