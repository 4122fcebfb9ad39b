// Copying one source folder's messages into its suite folder, in batches, through the mail store's own
// filing (store/filing-rows.ts: the same rows, search lexemes, threads and folder counters as any delivery;
// raw bytes in the blob store first). Each batch is one transaction: its messages, their IMAP flags, and the
// folder's mail_imap_imports row advanced to the batch's last UID, so a run stopped anywhere (killed, network
// gone, quota full) resumes after the last committed batch, and two runs at once file each message once
// (the row is locked, UIDs at or below its lastUid are dropped). Flags as the suite's IMAP APPEND keeps them
// (imap/store/append.ts): \Seen is read, \Flagged important, the rest (\Answered, \Draft outside Drafts,
// $Forwarded, keywords) imap_flags; Sent copies are SENT mails and Drafts DRAFT ones. INTERNALDATE is the
// received date. The user's quota is checked before each batch as the store's other imports do
// (overQuota): the messages that fit are filed, then the copy stops with the reason.
import { and, eq, inArray } from "drizzle-orm";
import { mailMessages, mails } from "../../../../db/schema/mail.ts";
import { users } from "../../../../db/schema/users.ts";
import { MAX_MESSAGE_BYTES, type MailType } from "../../../../shared/mail/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { canonicalFlag } from "../imap/store/meta.ts";
import { insertFilings, type PreparedFiling, prepareFiling } from "../store/filing-rows.ts";
import { parseMessage } from "../store/parse.ts";
import { overQuota } from "../store/recipients.ts";
import type { PlannedFolder } from "./folder-map.ts";
import type { TargetFolder } from "./folders.ts";
import { type ImapSource, ImportError } from "./imap-source.ts";
import { advanceState, type ImportState, lockState } from "./state.ts";

/** Messages and bytes fetched and filed together. */
export const IMPORT_BATCH = 50;
const BATCH_BYTES = 32 * 1024 * 1024;

export interface ImportUser {
  companyId: number;
  userId: number;
  username: string;
}

export interface Progress {
  folder: string;
  done: number;
  total: number;
}

export interface FolderOutcome {
  folder: string;
  /** Messages to look at in this run (above the last UID copied before). */
  total: number;
  copied: number;
  /** Already in the folder (compared after a UIDVALIDITY change). */
  existing: number;
  skipped: { uid: number; reason: string }[];
}

export interface CopyOptions {
  deps: AppDeps;
  user: ImportUser;
  source: ImapSource;
  batchSize?: number;
  /** After each committed batch; a throw stops the copy there (what is committed stays). */
  onProgress?: (p: Progress) => void | Promise<void>;
}

/** The user's mailbox is full; what fitted is filed. */
export class QuotaFullError extends ImportError {}

/** Where the suite keeps a source message's flags, for a folder of this type. */
export function filingFlags(flags: string[], folderType: string) {
  const wanted = [...new Set(flags.map(canonicalFlag))].filter((f) => f !== "\\Recent");
  const own = folderType === "DRAFTS" || folderType === "SENT";
  const mailType: MailType = folderType === "DRAFTS" ? "DRAFT" : folderType === "SENT" ? "SENT" : "NORMAL";
  return {
    mailType,
    own,
    read: wanted.includes("\\Seen"),
    important: wanted.includes("\\Flagged"),
    rest: wanted.filter((f) => f !== "\\Seen" && f !== "\\Flagged" && !(folderType === "DRAFTS" && f === "\\Draft")),
  };
}

interface Staged {
  uid: number;
  filing: PreparedFiling;
  rest: string[];
}

function batches(pending: { uid: number; size: number }[], size: number) {
  const out: { uid: number; size: number }[][] = [];
  let cur: typeof out[number] = [];
  let bytes = 0;
  for (const m of pending) {
    if (cur.length && (cur.length >= size || bytes + m.size > BATCH_BYTES)) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(m);
    bytes += m.size;
  }
  if (cur.length) out.push(cur);
  return out;
}

export async function copyFolder(o: CopyOptions, f: PlannedFolder, target: TargetFolder, state: ImportState): Promise<FolderOutcome> {
  const { deps, user, source } = o;
  const pending = await source.pending(state.lastUid);
  const outcome: FolderOutcome = { folder: f.display, total: pending.length, copied: 0, existing: 0, skipped: [] };
  let done = 0;
  await o.onProgress?.({ folder: f.display, done, total: pending.length });
  for (const batch of batches(pending, o.batchSize ?? IMPORT_BATCH)) {
    const wanted = batch.filter((m) => {
      if (m.size <= MAX_MESSAGE_BYTES) return true;
      outcome.skipped.push({ uid: m.uid, reason: `larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MB` });
      return false;
    });
    const fetched = (await source.fetch(wanted.map((m) => m.uid))).filter((m) => {
      if (m.raw.length <= MAX_MESSAGE_BYTES && m.raw.length > 0) return true;
      outcome.skipped.push({ uid: m.uid, reason: m.raw.length ? `larger than ${MAX_MESSAGE_BYTES / 1024 / 1024} MB` : "empty" });
      return false;
    });
    // The bytes on disk first, all of the batch at once (their syncs overlap: store/deliver.ts).
    const blobs = await Promise.all(fetched.map((m) => deps.blobs.put(m.raw)));
    const staged: Staged[] = [];
    for (const [i, m] of fetched.entries()) {
      const parsed = await parseMessage(m.raw);
      const blob = blobs[i];
      const fl = filingFlags(m.flags, target.folderType);
      const filing = prepareFiling({
        companyId: user.companyId,
        raw: m.raw,
        receivedAt: m.internalDate ?? parsed.sentAt ?? deps.clock.now(),
        targets: [{
          userId: user.userId,
          folder: target.id,
          mailType: fl.mailType,
          read: fl.read,
          important: fl.important,
          internal: fl.own,
          seesBcc: fl.own,
        }],
      }, parsed, blob.key);
      staged.push({ uid: m.uid, filing, rest: fl.rest });
    }

    // The quota, as the store's imports check it: the messages that fit, in UID order.
    const [box] = await deps.db.select({ totalQuota: users.totalQuota, usedSize: users.usedSize }).from(users)
      .where(eq(users.id, user.userId));
    let used = box.usedSize;
    let fit = staged.length;
    for (const [i, s] of staged.entries()) {
      if (overQuota({ totalQuota: box.totalQuota, usedSize: used }, s.filing.input.raw.length)) {
        fit = i;
        break;
      }
      used += s.filing.input.raw.length;
    }
    const filing = staged.slice(0, fit);
    // Every UID of the batch is done, unless the quota stopped it: then those before the first that did not fit.
    const lastUid = fit < staged.length ? staged[fit].uid - 1 : batch.at(-1)!.uid;

    const now = deps.clock.now();
    const result = await deps.db.transaction(async (tx) => {
      const row = await lockState(tx, state.id);
      if (row.uidValidity !== state.uidValidity) {
        throw new ImportError(`another import of ${f.display} started over meanwhile; run again`);
      }
      let fresh = filing.filter((s) => s.uid > row.lastUid);
      let existing = 0;
      const checked = fresh.filter((s) => s.uid < row.verifyBelowUid).map((s) => s.filing.message.blobKey!);
      if (checked.length) {
        const present = new Set((await tx.select({ key: mailMessages.blobKey }).from(mails)
          .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
          .where(and(eq(mails.userId, user.userId), eq(mails.folderId, target.id), inArray(mailMessages.blobKey, checked))))
          .map((r) => r.key));
        fresh = fresh.filter((s) => {
          if (s.uid >= row.verifyBelowUid) return true;
          const key = s.filing.message.blobKey!;
          if (present.has(key)) {
            existing++;
            return false;
          }
          present.add(key); // the same bytes twice in this batch: once
          return true;
        });
      }
      const filed = await insertFilings(tx, fresh.map((s) => s.filing));
      for (const [i, s] of fresh.entries()) {
        if (s.rest.length) await tx.update(mails).set({ imapFlags: s.rest }).where(eq(mails.id, filed[i].mails[0].mailId));
      }
      if (lastUid > row.lastUid) await advanceState(tx, state.id, lastUid, fresh.length, now);
      return { copied: fresh.length, existing };
    });
    outcome.copied += result.copied;
    outcome.existing += result.existing;
    if (fit < staged.length) {
      throw new QuotaFullError(
        `the mailbox of ${user.username} is full (quota ${mb(box.totalQuota)}): ${f.display} stopped at UID ${staged[fit].uid}; ` +
          "raise the quota and run again to continue",
      );
    }
    done += batch.length;
    await o.onProgress?.({ folder: f.display, done, total: pending.length });
  }
  return outcome;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
