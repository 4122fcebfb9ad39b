// Secure mail (000 §3 isSecure, securePw, securePwHint; §5 password rule): recipients get a notice with a
// link instead of the message; the link (public: GET and POST api/mail/secure/{token}) shows the message
// only to whoever gives its password. Ten wrong passwords lock the link.
import { and, eq, lt, sql } from "drizzle-orm";
import { mailMessages, mailSecureLinks } from "../../../../db/schema/mail.ts";
import { SECURE_MAX_FAILURES, type SecureMailContent, type SecureMailInfo } from "../../../../shared/mail/compose.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { fileHeaders } from "../../../lib/downloads.ts";
import { randomToken } from "../../../lib/encoding.ts";
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

/**
 * Checks the password; a wrong one counts towards the lock (423 once locked, 403 for a wrong one). Every try
 * is counted before the password is checked (one conditional update), so parallel guesses cannot pass the
 * limit; the right password clears the count.
 */
async function unlock(deps: AppDeps, token: string, password: string) {
  const row = await linkOf(deps, token);
  const [reserved] = await deps.db.update(mailSecureLinks).set({ failedAttempts: sql`${mailSecureLinks.failedAttempts} + 1` })
    .where(and(eq(mailSecureLinks.id, row.link.id), lt(mailSecureLinks.failedAttempts, SECURE_MAX_FAILURES)))
    .returning({ id: mailSecureLinks.id });
  if (!reserved) throw new AppError(423, "mail.secure_locked");
  if (!await verifyPassword(password, row.link.passwordHash)) throw new AppError(403, "mail.secure_password_wrong");
  await deps.db.update(mailSecureLinks).set({ failedAttempts: 0 }).where(eq(mailSecureLinks.id, row.link.id));
  return row;
}

/** POST api/mail/secure/{token} (password): the message. */
export async function openSecure(deps: AppDeps, token: string, password: string): Promise<SecureMailContent> {
  const { message } = await unlock(deps, token, password);
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
export async function secureAttachment(deps: AppDeps, token: string, password: string, position: number): Promise<Response> {
  const { message } = await unlock(deps, token, password);
  const meta = message.attachments.find((a) => a.position === position);
  const bytes = meta ? await attachmentBytes(await deps.blobs.get(message.blobKey), position) : null;
  if (!meta || !bytes) throw new AppError(404, "common.404");
  return new Response(bytes as BodyInit, {
    headers: fileHeaders(meta.contentType, meta.name, { length: bytes.length, cache: "no-store" }),
  });
}
