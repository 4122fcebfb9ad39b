// The rows that file messages into mailboxes (store/deliver.ts), built in two steps so that the costly part
// runs outside any transaction: prepareFiling() computes, from the parsed message alone, the mail_messages
// row and the search lexemes of each target's copy; insertFilings() then inserts the rows of one or many
// prepared messages (mail_messages, mails, spam log, follow-ups) in ONE statement (store/filing-statement.ts),
// so a group of messages costs one statement and one commit, and the folder counter triggers (statement
// level, locks in id order) run once for the whole group. Results come back in the order given.
import { clientOf, type DbOrTx } from "../../../../db/client.ts";
import type { mailMessages } from "../../../../db/schema/mail.ts";
import { messageSearchVector } from "./message-vector.ts";
import { type FiledRow, filingStatement, type MessageValues, type TargetValues } from "./filing-statement.ts";
import type { FileInput, FileResult } from "./deliver.ts";
import type { ParsedMessage } from "./parse.ts";
import { systemFolders } from "./folders.ts";

/** How long after the filing a follow-up row waits before the job may run it: the after-commit fast path
 * (inbound/after.ts) normally ends, and deletes it, well before. */
export const FOLLOWUP_GRACE_MS = 2 * 60_000;

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
    headerPrefix: input.headerPrefix ?? null,
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

/**
 * Inserts the rows of every prepared message in ONE statement (store/filing-statement.ts), so they are all
 * filed or none is; outside a transaction that statement is its own. Answers one FileResult per message, in
 * order.
 */
export async function insertFilings(db: DbOrTx, filings: PreparedFiling[]): Promise<FileResult[]> {
  if (!filings.length) return [];
  const targets: TargetValues[] = [];
  for (const [i, f] of filings.entries()) {
    const { input, parsed } = f;
    // Mail of one conversation shares the first reference's key; a message that starts one keys it by its
    // own Message-ID, or by its row id when it has none (filled in by the statement).
    const threadKey = parsed.references[0] ?? parsed.inReplyTo ?? parsed.messageIdHeader ?? null;
    for (const [j, t] of input.targets.entries()) {
      const folderId = typeof t.folder === "number"
        ? t.folder
        : (await systemFolders(db, input.companyId, t.userId))[t.folder];
      targets.push({
        message: i,
        threadKey,
        values: {
          companyId: input.companyId,
          userId: t.userId,
          folderId,
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
          searchVector: f.vectors[j],
        },
        spamLog: t.spamLog && {
          companyId: input.companyId,
          userId: t.userId,
          adrFrom: t.spamLog.sender.toLowerCase().slice(0, 320),
          pattern: t.spamLog.pattern,
          msgSize: input.raw.length,
          subject: parsed.subject.slice(0, 500),
          status: "BLOCKED",
          insertDate: input.receivedAt,
        },
        followUp: t.followUp && {
          companyId: input.companyId,
          userId: t.userId,
          envelopeFrom: t.followUp.envelopeFrom,
          local: t.followUp.local,
          runAfter: new Date(input.receivedAt.getTime() + FOLLOWUP_GRACE_MS),
        },
      });
    }
  }
  const { text, params } = filingStatement(filings.map((f) => f.message as MessageValues), targets);
  const rows = await clientOf(db).unsafe<FiledRow[]>(text, params as never[], { prepare: true });
  const messageIds: number[] = [];
  const filed: { id: number; userId: number; folderId: number }[] = [];
  for (const r of rows) {
    if (r.kind === 0) messageIds[r.place - 1] = Number(r.id);
    else filed[r.place - 1] = { id: Number(r.id), userId: Number(r.user_id), folderId: Number(r.folder_id) };
  }
  let at = 0;
  return filings.map((f, i) => ({
    messageId: messageIds[i],
    parsed: f.parsed,
    mails: filed.slice(at, at += f.input.targets.length).map((r) => ({ userId: r.userId, mailId: r.id, folderId: r.folderId })),
  }));
}
