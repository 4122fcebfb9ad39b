// The rows that file messages into mailboxes (store/deliver.ts), built in two steps so that the costly part
// runs outside any transaction: prepareFiling() computes, from the parsed message alone, the mail_messages
// row, the search lexemes and each target's mails and spam-log values; insertFilings() then inserts the rows
// of one or many prepared messages with ONE multi-row statement per table (mail_messages, mails, spam log,
// follow-ups: the last two only when some target has one), so a group of messages costs the same three statements, and the folder counter triggers (statement level,
// locks in id order) run once for the whole group. Rows come back in VALUES order, as deliver.ts relied on.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailMessages, mails } from "../../../../db/schema/mail.ts";
import { mailFollowups, mailSpamLog } from "../../../../db/schema/mail-settings.ts";
import { messageSearchVector } from "./message-vector.ts";
import type { FileInput, FileResult } from "./deliver.ts";
import type { ParsedMessage } from "./parse.ts";
import { systemFolders } from "./folders.ts";

/** How long after the filing a follow-up row waits before the job may run it: the after-commit fast path
 * (inbound/after.ts) normally ends, and deletes it, well before. */
export const FOLLOWUP_GRACE_MS = 2 * 60_000;

/**
 * These inserts run for every message delivered, so they go as prepared statements: postgres.js keeps one
 * per distinct SQL text and connection (the text varies only with the number of rows, at most MAX_GROUP_ROWS),
 * and PostgreSQL then neither parses nor plans them again, nor does a round trip go to describing their
 * parameters. (A Drizzle query that is not prepared costs both on every call.) Drizzle's postgres-js driver
 * uses the name only to ask for preparing; postgres.js names the statements itself.
 */
const PREPARED = "filing";

/** One message ready to insert: everything but the ids the database hands out. */
export interface PreparedFiling {
  input: FileInput;
  parsed: ParsedMessage;
  message: typeof mailMessages.$inferInsert;
  /** Per target, the search lexemes (tsvector literal) of its copy. */
  vectors: string[];
}

/** The values of a message's rows, computed before any transaction (no database access). */
export function prepareFiling(input: FileInput, parsed: ParsedMessage, blobKey: string, precomputedVector?: string): PreparedFiling {
  const message = {
    companyId: input.companyId,
    blobKey,
    size: input.raw.length,
    messageIdHeader: parsed.messageIdHeader,
    inReplyTo: parsed.inReplyTo,
    references: parsed.references,
    subject: parsed.subject,
    fromName: parsed.from.name,
    fromAddress: parsed.from.address,
    to: parsed.to,
    cc: parsed.cc,
    bcc: input.bcc ?? parsed.bcc,
    replyTo: parsed.replyTo,
    sentAt: parsed.sentAt,
    textBody: parsed.textBody,
    htmlBody: parsed.htmlBody,
    snippet: parsed.snippet,
    attachments: parsed.attachments,
    hasAttachments: parsed.attachments.some((a) => !a.inline),
    priority: parsed.priority,
    authResults: input.authResults ?? null,
  };
  // precomputedVector, when given, is the lexemes of the copy without Bcc, computed elsewhere (smtp/prepare.ts).
  let vector = precomputedVector;
  let senderVector: string | undefined;
  const vectors = input.targets.map((t) => {
    vector ??= messageSearchVector(parsed);
    if (!t.seesBcc || !input.bcc?.length) return vector;
    return senderVector ??= messageSearchVector(parsed, input.bcc);
  });
  return { input, parsed, message, vectors };
}

/** Inserts the rows of every prepared message inside `tx`; answers one FileResult per message, in order. */
export async function insertFilings(tx: DbOrTx, filings: PreparedFiling[]): Promise<FileResult[]> {
  if (!filings.length) return [];
  const messages = await tx.insert(mailMessages).values(filings.map((f) => f.message)).returning({
    id: mailMessages.id,
  }).prepare(PREPARED).execute();

  const rows = [];
  for (const [i, f] of filings.entries()) {
    const { input, parsed } = f;
    const messageId = messages[i].id;
    const threadKey = parsed.references[0] ?? parsed.inReplyTo ?? parsed.messageIdHeader ??
      `local-${messageId}`;
    for (const [j, t] of input.targets.entries()) {
      const folderId = typeof t.folder === "number"
        ? t.folder
        : (await systemFolders(tx, input.companyId, t.userId))[t.folder];
      rows.push({
        companyId: input.companyId,
        userId: t.userId,
        folderId,
        messageId,
        mailType: t.mailType ?? "NORMAL",
        read: t.read ?? false,
        readAt: t.read ? input.receivedAt : null,
        important: t.important ?? false,
        tags: t.tags ?? [],
        receivedAt: input.receivedAt,
        size: input.raw.length,
        hasAttachments: f.message.hasAttachments!,
        internal: t.internal ?? false,
        spamReason: t.spamReason ?? null,
        category: t.category ?? null,
        reserveAt: t.reserveAt ?? null,
        threadKey,
        searchVector: sql`${f.vectors[j]}::tsvector`,
      });
    }
  }
  const inserted = rows.length
    ? await tx.insert(mails).values(rows).returning({
      id: mails.id,
      userId: mails.userId,
      folderId: mails.folderId,
    }).prepare(PREPARED).execute()
    : [];

  const results: FileResult[] = [];
  const logRows = [];
  const followRows = [];
  let at = 0;
  for (const [i, f] of filings.entries()) {
    const { input, parsed } = f;
    const mine = inserted.slice(at, at += input.targets.length);
    for (const [j, t] of input.targets.entries()) {
      if (t.followUp) {
        followRows.push({
          companyId: input.companyId,
          userId: t.userId,
          mailId: mine[j].id,
          envelopeFrom: t.followUp.envelopeFrom,
          local: t.followUp.local,
          runAfter: new Date(input.receivedAt.getTime() + FOLLOWUP_GRACE_MS),
        });
      }
      if (!t.spamLog) continue;
      logRows.push({
        companyId: input.companyId,
        userId: t.userId,
        mailId: mine[j].id,
        adrFrom: t.spamLog.sender.toLowerCase().slice(0, 320),
        pattern: t.spamLog.pattern,
        msgSize: input.raw.length,
        subject: parsed.subject.slice(0, 500),
        status: "BLOCKED",
        insertDate: input.receivedAt,
      });
    }
    results.push({
      messageId: messages[i].id,
      parsed,
      mails: mine.map((r) => ({ userId: r.userId, mailId: r.id, folderId: r.folderId })),
    });
  }
  if (logRows.length) await tx.insert(mailSpamLog).values(logRows).prepare(PREPARED).execute();
  if (followRows.length) await tx.insert(mailFollowups).values(followRows).prepare(PREPARED).execute();
  return results;
}
