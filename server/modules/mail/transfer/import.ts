// Restoring mail into a folder from an .eml file or a .zip of them (up to 500 MB). Entries are read one by
// one from the zip (zip-reader.ts: streamed, so memory holds one message at a time; what an entry and the
// whole zip may unpack to is bounded), stored as blobs and filed in batches of RESTORE_BATCH per transaction.
// A message already in the folder (same Message-ID) is skipped, so running the same restore again adds nothing
// twice; a failure part-way keeps the batches before it and the answer says how many landed.
import { and, eq, inArray } from "drizzle-orm";
import { mails, mailMessages } from "../../../../db/schema/mail.ts";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import {
  type ImportResult,
  type ImportSkipped,
  RESTORE_BATCH,
  RESTORE_MAX_BYTES,
  RESTORE_MAX_INFLATED_BYTES,
} from "../../../../shared/mail/transfer.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { fileInTransaction } from "../store/deliver.ts";
import { findUserFolder } from "../store/folders.ts";
import { type ParsedMessage, parseMessage } from "../store/parse.ts";
import { overQuota } from "../store/recipients.ts";
import { users } from "../../../../db/schema/users.ts";
import { readZipEntries, type ZipEntry, type ZipLimits } from "./zip-reader.ts";

/** Folders mail can be restored into. */
const RESTORABLE = new Set(["INBOX", "TOME", "SENT", "DELETED", "SPAM", "PRIVATE"]);

/** The uploaded file: a File, or a streamed upload's temporary file (fileLike). */
export interface ImportFile {
  name: string;
  size: number;
  stream(): ReadableStream<Uint8Array>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const LIMITS: ZipLimits = { entryBytes: MAX_MESSAGE_BYTES, totalBytes: RESTORE_MAX_INFLATED_BYTES };

/** `limits`: what one message and the whole zip may unpack to (tests lower them). */
export async function importMail(caller: Caller, folderId: number, file: ImportFile, limits = LIMITS): Promise<ImportResult> {
  const { deps, auth } = caller;
  const folder = await findUserFolder(deps.db, auth.userId, folderId);
  if (!folder) throw notFound();
  if (!RESTORABLE.has(folder.folderType)) throw new AppError(400, "mail.restore_folder");
  const lower = file.name.toLowerCase();
  if (!lower.endsWith(".eml") && !lower.endsWith(".zip")) throw new AppError(400, "mail.restore_type");
  if (file.size > RESTORE_MAX_BYTES) throw new AppError(413, "mail.restore_size");

  const skipped: ImportSkipped[] = [];
  let imported = 0;
  let batch: ZipEntry[] = [];
  const flush = async () => {
    if (!batch.length) return;
    imported += await fileBatch(caller, folder.id, folder.folderType, batch, skipped, imported);
    batch = [];
  };
  const take = async (entry: ZipEntry) => {
    batch.push(entry);
    if (batch.length >= RESTORE_BATCH) await flush();
  };

  if (lower.endsWith(".eml")) {
    if (file.size > MAX_MESSAGE_BYTES) skipped.push({ name: file.name, reason: "too_large" });
    else await take({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  } else {
    try {
      await readZipEntries(file.stream(), limits, take, skipped);
    } catch (e) {
      // Like a full mailbox: the batches filed before stay, and the answer says how many.
      if (e instanceof AppError && e.code === "mail.restore_inflated") {
        throw new AppError(413, e.code, { imported, limitBytes: limits.totalBytes });
      }
      throw e;
    }
  }
  await flush();
  if (imported === 0 && skipped.every((s) => s.reason !== "duplicate")) throw new AppError(400, "mail.restore_empty", { skipped });
  return { folderId: folder.id, imported, skipped };
}

/** Files one batch in one transaction; answers how many were filed. */
async function fileBatch(
  caller: Caller,
  folderId: number,
  folderType: string,
  batch: ZipEntry[],
  skipped: ImportSkipped[],
  alreadyImported: number,
) {
  const { deps, auth } = caller;
  const parsed: { entry: ZipEntry; p: ParsedMessage }[] = [];
  for (const entry of batch) {
    const p = await parseMessage(entry.bytes);
    if (!p.from.address && !p.subject && !p.textBody && !p.attachments.length) {
      skipped.push({ name: entry.name, reason: "unreadable" });
      continue;
    }
    parsed.push({ entry, p });
  }
  // Already in this folder (same Message-ID): a repeated restore adds nothing twice.
  const ids = [...new Set(parsed.map((x) => x.p.messageIdHeader).filter((v): v is string => !!v))];
  const present = new Set(ids.length
    ? (await deps.db.select({ h: mailMessages.messageIdHeader }).from(mails)
      .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
      .where(and(eq(mails.userId, auth.userId), eq(mails.folderId, folderId), inArray(mailMessages.messageIdHeader, ids))))
      .map((r) => r.h)
    : []);
  const fresh = parsed.filter((x) => {
    const dup = !!x.p.messageIdHeader && present.has(x.p.messageIdHeader);
    if (dup) skipped.push({ name: x.entry.name, reason: "duplicate" });
    else if (x.p.messageIdHeader) present.add(x.p.messageIdHeader); // twice inside the same file
    return !dup;
  });
  if (!fresh.length) return 0;

  const [box] = await deps.db.select({ totalQuota: users.totalQuota, usedSize: users.usedSize }).from(users)
    .where(eq(users.id, auth.userId));
  if (overQuota(box, fresh.reduce((n, x) => n + x.entry.bytes.length, 0))) {
    throw new AppError(507, "mail.quota_exceeded", { imported: alreadyImported });
  }

  const blobs: { key: string }[] = [];
  for (const x of fresh) blobs.push(await deps.blobs.put(x.entry.bytes));
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    for (const [i, x] of fresh.entries()) {
      await fileInTransaction(tx, {
        companyId: auth.companyId,
        raw: x.entry.bytes,
        receivedAt: x.p.sentAt && x.p.sentAt <= now ? x.p.sentAt : now,
        targets: [{ userId: auth.userId, folder: folderId, read: true, mailType: folderType === "SENT" ? "SENT" : "NORMAL" }],
      }, x.p, blobs[i].key);
    }
  });
  return fresh.length;
}
