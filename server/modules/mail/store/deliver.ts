// The one way mail enters a mailbox: inbound SMTP, internal sending, the sender's own copy, imports and
// bounces all come through fileMessage(). The raw bytes are written to the blob store first (synced to disk);
// then, in one transaction, the parsed message and one mailbox entry per target are inserted. Only after
// that transaction commits does a caller acknowledge anything (the SMTP listener answers 250 then), so a
// crash at any point loses nothing that was acknowledged: an unacknowledged message is retried by its sender,
// and a blob without rows is only garbage. Targets put in spam on arrival carry their spam-log entry
// (FilingTarget.spamLog): all entries of the message are inserted in the same transaction, in one statement,
// so a filed spam mail always has its log entry. Likewise targets with follow-ups to run (forwarding, away
// reply: FilingTarget.followUp) get their mail_followups row in that transaction.
import type { AppDeps } from "../../../lib/context.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { MailType, SystemFolderType } from "../../../../shared/mail/constants.ts";
import { type ParsedMessage, parseMessage } from "./parse.ts";
import { insertFilings, type PreparedFiling, prepareFiling } from "./filing-rows.ts";

export interface FilingTarget {
  userId: number;
  /** A system folder by type, or a folder id the caller has already checked belongs to the user. */
  folder: SystemFolderType | number;
  mailType?: MailType;
  read?: boolean;
  important?: boolean;
  tags?: string[];
  internal?: boolean;
  spamReason?: string | null;
  /** Smart mailbox class (PROMOTION, SOCIAL) of a mail filed in SMART. */
  category?: string | null;
  reserveAt?: Date | null;
  /** The sender's own copy: its search index includes the Bcc recipients (nobody else's does). */
  seesBcc?: boolean;
  /** Announce it on the user's mail topic (NEW_MAIL) once committed. */
  notify?: { username: string };
  /** Put in spam on arrival: its spam-log entry (the list pattern or the reason, the sender shown). */
  spamLog?: SpamLogEntry;
  /**
   * Arriving mail for a recipient with forwarding or an away reply on: its mail_followups row, written with
   * the mail so a crash before the follow-ups end loses none (inbound/after.ts, inbound/followups.ts).
   */
  followUp?: FollowUpEntry;
}

export interface FollowUpEntry {
  /** SMTP MAIL FROM ("" for bounces); for local mail the sender's address. */
  envelopeFrom: string;
  /** Sent by a user of this server (outbound/dispatch.ts), not over SMTP. */
  local: boolean;
}

export interface SpamLogEntry {
  /** The block-list pattern that matched, or the reason (AUTH_FAIL, SYSTEM). */
  pattern: string;
  /** The sender shown in the log: the From address, or the envelope sender when From has none. */
  sender: string;
}

export interface FileInput {
  companyId: number;
  /** The whole message (headerPrefix included). */
  raw: Uint8Array;
  /** Header fields in front of the blob's bytes (store/message-bytes.ts); the blob is all of raw without it. */
  headerPrefix?: string | null;
  /** Parsed already (the caller needed it to decide the targets); parsed here otherwise. */
  parsed?: ParsedMessage;
  receivedAt: Date;
  targets: FilingTarget[];
  /** Bcc recipients to remember on this stored message (outgoing mail); only seesBcc targets can search them. */
  bcc?: { name: string; address: string }[];
  authResults?: Record<string, unknown> | null;
}

export interface FiledMail {
  userId: number;
  mailId: number;
  folderId: number;
}

export interface FileResult {
  messageId: number;
  parsed: ParsedMessage;
  mails: FiledMail[];
}

/** Stores the message and files it for every target; publishes NEW_MAIL after the commit. */
export async function fileMessage(deps: AppDeps, input: FileInput): Promise<FileResult> {
  const staged = await stageFiling(deps, input);
  const result = await fileStaged(deps.db, staged); // one statement: its own transaction
  announceFiled(deps, staged, result);
  return result;
}

/**
 * fileMessage in three steps, for a caller that files inside a transaction of its own with other rows (a send:
 * the sender's copy, the recipients' copies and the outbound queue commit together): stageFiling before the
 * transaction (parse, bytes synced in the blob store, row values and lexemes: no database access, shorter
 * locks), fileStaged in it (may run again when the transaction is retried), announceFiled after its commit.
 */
export async function stageFiling(deps: AppDeps, input: FileInput): Promise<PreparedFiling> {
  const parsed = input.parsed ?? await parseMessage(input.raw);
  const blob = await deps.blobs.put(input.raw);
  return prepareFiling(input, parsed, blob.key);
}

export async function fileStaged(db: DbOrTx, staged: PreparedFiling): Promise<FileResult> {
  return (await insertFilings(db, [staged]))[0];
}

/** NEW_MAIL for the targets that asked for it; only once the rows are committed. */
export function announceFiled(deps: AppDeps, staged: PreparedFiling, result: FileResult): void {
  for (const [i, t] of staged.input.targets.entries()) {
    if (t.notify) void deps.realtime.publishNewMail(t.notify.username, result.mails[i].folderId, result.mails[i].mailId);
  }
}

/** The database half of fileMessage, for callers that file inside a transaction of their own. */
export async function fileInTransaction(
  tx: DbOrTx,
  input: FileInput,
  parsed: ParsedMessage,
  blobKey: string,
): Promise<FileResult> {
  return await fileStaged(tx, prepareFiling(input, parsed, blobKey));
}
