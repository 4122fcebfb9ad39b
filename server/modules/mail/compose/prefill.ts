// The compose screen's starting points (GET api/mails/v2/compose, reply/{mailId}/{all}, forward, resend/{id},
// draft/{id}): a Compose draft (§3) filled from the user's own mails. A mail that is not the caller's is 404.
// Attachments of an original (forward, resend) are carried as fresh 'draft' uploads of the caller; a mail
// written here (a draft, a cancelled scheduled mail) comes back with its own uploads, large files included.
// Large files are links in the body, not MIME parts: a forward carries the original's links in the quote
// (the sender's limits and password stay theirs); a resend of one's own sent mail carries the files again.
import { isBlocked } from "../store/blocked.ts";
import { and, eq, inArray } from "drizzle-orm";
import { mailLargeFiles, mailMessages, mails, mailUploads } from "../../../../db/schema/mail.ts";
import { users } from "../../../../db/schema/users.ts";
import type { MailAddressJson } from "../../../../db/schema/mail.ts";
import type { ComposeDraft, RecipientEntry, UploadedFile } from "../../../../shared/mail/compose.ts";
import { isValidEmail } from "../../../../shared/users.ts";
import { DEFAULT_PRIORITY } from "../../../../shared/mail/constants.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { attachmentParts } from "../store/parse.ts";
import { loadSender, type Sender } from "./checks.ts";
import { escapeHtml } from "./mime.ts";
import { type QuoteLabels, quoteLabels } from "./quote-header.ts";
import { loadComposeState } from "./state.ts";
import { insertUpload, insertUploadRow, uploadAnswer } from "./uploads.ts";
import { largeFileTokensIn } from "./assemble.ts";
import { withoutLargeFiles } from "./mail-text.ts";

type MessageRow = typeof mailMessages.$inferSelect;

export function entry(a: MailAddressJson): RecipientEntry {
  return { key: a.address, value: a.name ? `${a.name} <${a.address}>` : a.address, valid: isValidEmail(a.address) };
}

function blank(sender: Sender): ComposeDraft {
  return {
    draftId: null, mailId: null, mailIds: [], composeType: "DEFAULT",
    senderName: sender.displayName, senderEmail: sender.username, senderType: "DOMAIN", senderId: null,
    to: [], cc: [], bcc: [], subject: "", subjectFirst: "", content: "",
    eachSend: 0, priority: DEFAULT_PRIORITY, isReserve: false, reserveDate: null, isSecure: false,
    attachments: [], attachmentFiles: [],
  };
}

export async function blankCompose(caller: Caller, composeType?: string): Promise<ComposeDraft> {
  const sender = await loadSender(caller);
  const draft = blank(sender);
  if (composeType === "TOME") {
    draft.composeType = "TOME";
    draft.to = [entry({ name: sender.displayName, address: sender.username })];
  }
  return draft;
}

export async function replyCompose(caller: Caller, mailId: number, all: boolean): Promise<ComposeDraft> {
  const sender = await loadSender(caller);
  const { message } = await ownMail(caller.deps, sender.userId, mailId);
  const draft = blank(sender);
  const me = sender.username;
  const primary = message.replyTo.length ? message.replyTo : [message.from()];
  const seen = new Set<string>();
  const pick = (list: MailAddressJson[]) =>
    list.filter((a) => a.address && !seen.has(a.address) && seen.add(a.address)).map(entry);
  seen.add(me);
  draft.to = pick(primary);
  // Replying to one's own sent mail answers its recipients.
  if (!draft.to.length) draft.to = pick(message.to);
  if (all) {
    draft.to.push(...pick(message.to));
    draft.cc = pick(message.cc);
  }
  draft.composeType = "REPLY";
  draft.mailId = mailId;
  draft.subject = prefixed("RE: ", message.subject);
  draft.content = quote(message, await quoteLabelsOf(caller.deps, sender));
  return draft;
}

export async function forwardCompose(caller: Caller, mailIds: number[]): Promise<ComposeDraft> {
  const sender = await loadSender(caller);
  const unique = [...new Set(mailIds)];
  if (!unique.length) throw new AppError(404, "common.404");
  const rows = await caller.deps.db.select({ mail: mails, message: mailMessages }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(and(inArray(mails.id, unique), eq(mails.userId, sender.userId)));
  if (rows.length !== unique.length) throw new AppError(404, "common.404");
  if (rows.some((r) => isBlocked(r.mail))) throw new AppError(403, "mail.blocked");
  const ordered = unique.map((id) => rows.find((r) => r.mail.id === id)!);
  const draft = blank(sender);
  draft.composeType = "FORWARD";
  draft.mailId = unique[0];
  draft.mailIds = unique;
  draft.subject = prefixed("FW: ", ordered[0].message.subject);
  const labels = await quoteLabelsOf(caller.deps, sender);
  draft.content = ordered.map((r) => quote(withFrom(r.message), labels)).join("");
  for (const r of ordered) await carry(caller.deps, sender, r.message, draft);
  return draft;
}

/** resend/{id}: a sent (or cancelled scheduled) mail as a new mail to the same recipients. */
export async function resendCompose(caller: Caller, id: number): Promise<ComposeDraft> {
  return await reopen(caller, id, ["SENT", "RESERVE_CANCEL"], false);
}

/** draft/{id}: a draft (or a cancelled scheduled mail) back in the compose screen as it was saved. */
export async function draftCompose(caller: Caller, id: number): Promise<ComposeDraft> {
  return await reopen(caller, id, ["DRAFT", "RESERVE_CANCEL"], true);
}

async function reopen(caller: Caller, id: number, types: string[], asDraft: boolean): Promise<ComposeDraft> {
  const sender = await loadSender(caller);
  const { mail, message } = await ownMail(caller.deps, sender.userId, id);
  if (!types.includes(mail.mailType)) throw new AppError(404, "common.404");
  const state = await loadComposeState(caller.deps, id);
  const draft = blank(sender);
  draft.to = message.to.map(entry);
  draft.cc = message.cc.map(entry);
  draft.bcc = message.bcc.map(entry);
  draft.subject = state?.subject ?? message.subject;
  draft.content = state?.content ?? message.htmlBody ?? escapeHtml(message.textBody).replace(/\n/g, "<br>");
  draft.priority = message.priority;
  if (state) {
    draft.subjectFirst = state.subjectFirst ?? "";
    draft.senderName = state.senderName || draft.senderName;
    if (asDraft) {
      draft.composeType = state.composeType;
      draft.mailId = state.mailId ?? null;
      draft.mailIds = state.mailIds ?? [];
      draft.eachSend = state.eachSend ? 1 : 0;
      draft.isSecure = state.isSecure;
      draft.isReserve = mail.mailType === "DRAFT" && state.isReserve;
      draft.reserveDate = draft.isReserve ? state.reserveDate ?? null : null;
    }
  }
  if (asDraft && mail.mailType === "DRAFT") draft.draftId = id;
  if (state) await carryComposed(caller.deps, sender, message, draft, state.attachments);
  else {
    await carry(caller.deps, sender, message, draft);
    if (mail.mailType === "SENT") await carrySentLargeFiles(caller.deps, sender, draft);
  }
  return draft;
}

/**
 * A mail written here (a draft, a cancelled scheduled mail) comes back with the uploads it was written with,
 * under their ids: its normal files and its large files, which are links and no MIME part. Should one of
 * them be gone, the normal files come from the MIME instead (as 'draft' uploads) beside the large ones left.
 */
async function carryComposed(deps: AppDeps, sender: Sender, message: MessageRow, draft: ComposeDraft, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await deps.db.select().from(mailUploads).where(and(
      inArray(mailUploads.id, unique),
      eq(mailUploads.userId, sender.userId),
      eq(mailUploads.companyId, sender.companyId),
    ))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = unique.flatMap((id) => byId.get(id) ?? []);
  const kept = found.length === unique.length ? found : found.filter((r) => r.uploadType === "large");
  if (kept !== found) await carry(deps, sender, message, draft);
  for (const r of kept) {
    draft.attachments.push(r.id);
    draft.attachmentFiles.push(uploadAnswer(r));
  }
}

/**
 * A resend of the caller's own sent mail: its large files (links of theirs in the body) come back as large
 * uploads of the same bytes, to be sent as new links with a new validity, and the old block leaves the body.
 * A link that is not theirs, or no longer known, leaves the body as it is.
 */
async function carrySentLargeFiles(deps: AppDeps, sender: Sender, draft: ComposeDraft) {
  const tokens = largeFileTokensIn(draft.content);
  if (!tokens.length) return;
  const rows = await deps.db.select().from(mailLargeFiles)
    .where(and(inArray(mailLargeFiles.token, tokens), eq(mailLargeFiles.userId, sender.userId)));
  if (rows.length !== tokens.length) return;
  const byToken = new Map(rows.map((r) => [r.token, r]));
  draft.content = withoutLargeFiles(draft.content);
  for (const token of tokens) {
    const f = byToken.get(token)!;
    const file = { name: f.name, type: f.contentType, uploadType: "large" as const };
    const row = await insertUploadRow(deps, sender.companyId, sender.userId, file, { key: f.blobKey, size: f.size });
    draft.attachments.push(row.id);
    draft.attachmentFiles.push(uploadAnswer(row));
  }
}

async function ownMail(deps: AppDeps, userId: number, mailId: number) {
  const [row] = await deps.db.select({ mail: mails, message: mailMessages }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .where(and(eq(mails.id, mailId), eq(mails.userId, userId)));
  if (!row) throw new AppError(404, "common.404");
  if (isBlocked(row.mail)) throw new AppError(403, "mail.blocked");
  return { mail: row.mail, message: withFrom(row.message) };
}

function withFrom(m: MessageRow) {
  return { ...m, from: () => ({ name: m.fromName, address: m.fromAddress }) };
}

/** The original's attachments (not inline images) as 'draft' uploads of the caller, listed on the draft. */
async function carry(deps: AppDeps, sender: Sender, message: MessageRow, draft: ComposeDraft): Promise<void> {
  const files = message.attachments.filter((a) => !a.inline);
  if (!files.length) return;
  // One parse of the original for all its files.
  const parts = await attachmentParts(await deps.blobs.get(message.blobKey), files.map((a) => a.position));
  for (const a of files) {
    const bytes = parts.get(a.position)?.bytes;
    if (!bytes) continue;
    const row = await insertUpload(deps, sender.companyId, sender.userId, { name: a.name, type: a.contentType, bytes, uploadType: "draft" });
    const file: UploadedFile = uploadAnswer(row);
    draft.attachments.push(file.id);
    draft.attachmentFiles.push(file);
  }
}

function prefixed(prefix: string, subject: string): string {
  return subject.toUpperCase().startsWith(prefix.toUpperCase()) ? subject : `${prefix}${subject}`;
}

function list(a: MailAddressJson[]): string {
  return a.map((x) => escapeHtml(x.name ? `${x.name} <${x.address}>` : x.address)).join(", ");
}

/** The original under a header block in the writer's language, as the body of a reply or forward. */
function quote(m: ReturnType<typeof withFrom>, l: QuoteLabels): string {
  const when = (m.sentAt ?? m.createdAt).toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const head = [
    `<b>${l.from}:</b> ${list([m.from()])}`,
    `<b>${l.sent}:</b> ${when}`,
    `<b>${l.to}:</b> ${list(m.to)}`,
    ...(m.cc.length ? [`<b>${l.cc}:</b> ${list(m.cc)}`] : []),
    `<b>${l.subject}:</b> ${escapeHtml(m.subject)}`,
  ].join("<br>");
  const original = m.htmlBody ?? escapeHtml(m.textBody).replace(/\n/g, "<br>");
  return `<p><br></p><div class="mail-quote"><p>${l.title}</p><p>${head}</p><blockquote>${original}</blockquote></div>`;
}

async function quoteLabelsOf(deps: AppDeps, sender: Sender): Promise<QuoteLabels> {
  const [row] = await deps.db.select({ language: users.languageType }).from(users).where(eq(users.id, sender.userId));
  return quoteLabels(row?.language);
}
