// A mail of the caller's mailbox as another module keeps a copy of it (the customer book's history, issue 24):
// what a reader shows (subject, addresses, date, the sanitised HTML and the text, the attachments' listing)
// and where its bytes are (the stored message's blob and header prefix, for the attachments by position).
// The keeping module stores the blob key in a column named *_blob_key, so the blob collector keeps the bytes
// while the copy exists, whatever happens to the mailbox copy.
import type { MailAddressJson, MailAttachmentJson } from "../../../../db/schema/mail.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { notFound } from "../../../lib/errors.ts";
import { isBlocked } from "../store/blocked.ts";
import { messageBytes, type StoredMessageRef } from "../store/message-bytes.ts";
import { attachmentParts } from "../store/parse.ts";
import { findMailWithMessage } from "./repo.ts";

export interface MailCopy extends StoredMessageRef {
  mailId: number;
  subject: string;
  fromName: string;
  fromAddress: string;
  to: MailAddressJson[];
  cc: MailAddressJson[];
  sentAt: string | null;
  receivedAt: string;
  html: string | null;
  text: string;
  attachments: MailAttachmentJson[];
}

/** The caller's mail to keep a copy of; 404 when it is not theirs, is a draft, or is withheld as blocked spam. */
export async function mailCopyOf(caller: Caller, mailId: number): Promise<MailCopy> {
  const row = await findMailWithMessage(caller.deps.db, caller.auth.userId, mailId);
  if (!row || row.mail.companyId !== caller.auth.companyId || row.mail.mailType === "DRAFT") throw notFound();
  if (isBlocked(row.mail)) throw notFound();
  const m = row.message;
  return {
    mailId,
    subject: m.subject,
    fromName: m.fromName,
    fromAddress: m.fromAddress,
    to: m.to,
    cc: m.cc,
    sentAt: m.sentAt ? m.sentAt.toISOString() : null,
    receivedAt: row.mail.receivedAt.toISOString(),
    html: m.htmlBody,
    text: m.textBody,
    attachments: m.attachments,
    blobKey: m.blobKey,
    headerPrefix: m.headerPrefix,
  };
}

/** One attachment of a kept copy, by position; null when the message has none there. */
export async function keptAttachment(deps: AppDeps, ref: StoredMessageRef, position: number) {
  const parts = await attachmentParts(await messageBytes(deps.blobs, ref), [position]);
  return parts.get(position) ?? null;
}
