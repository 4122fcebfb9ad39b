// Backing a folder up as zip files of its raw messages (.eml), split every 2 GB of mail (000 §5, §9). The
// parts are cut by the running total of message sizes in receiving order, so mail arriving later only ever
// extends the last part. A part is produced as a stream: one message is read from the blob store at a time
// and deflated into the zip as the client reads, so memory stays flat whatever the folder's size.
import { Zip, ZipDeflate } from "fflate";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { type BackupInfo, BACKUP_SPLIT_BYTES } from "../../../../shared/mail/transfer.ts";
import { findUserFolder } from "../store/folders.ts";
import { messageBytes } from "../store/message-bytes.ts";

const BACKUPABLE = new Set(["INBOX", "TOME", "SENT", "DRAFTS", "DELETED", "SPAM", "PRIVATE"]);

async function folderOf(caller: Caller, folderId: number) {
  const folder = await findUserFolder(caller.deps.db, caller.auth.userId, folderId);
  if (!folder) throw notFound();
  if (!BACKUPABLE.has(folder.folderType)) throw new AppError(400, "mail.backup_folder");
  return folder;
}

export async function backupInfo(caller: Caller, folderId: number, splitBytes = BACKUP_SPLIT_BYTES): Promise<BackupInfo> {
  const folder = await folderOf(caller, folderId);
  const rows = await caller.deps.sql<{ part: number; count: number; size: string }[]>`
    select part::int, count(*)::int as count, sum(size)::bigint as size from (
      select size, 1 + floor((sum(size) over (order by received_at, id) - size) / ${splitBytes}::bigint) as part
        from mails where user_id = ${caller.auth.userId} and folder_id = ${folder.id}
    ) x group by part order by part`;
  const parts = rows.map((r) => ({ part: r.part, count: r.count, size: Number(r.size) }));
  return {
    folderId: folder.id,
    nameFolder: folder.name,
    totalCount: parts.reduce((n, p) => n + p.count, 0),
    totalSize: parts.reduce((n, p) => n + p.size, 0),
    parts,
  };
}

interface PartMail {
  id: number;
  /** As the driver hands timestamps to raw queries: text. */
  received_at: string;
  subject: string;
  blob_key: string;
  header_prefix: string | null;
}

/** The zip of one part, as a stream; answers 404 for a part the folder does not have. */
export async function backupPart(caller: Caller, folderId: number, part: number, splitBytes = BACKUP_SPLIT_BYTES) {
  const folder = await folderOf(caller, folderId);
  const list = await caller.deps.sql<PartMail[]>`
    select id, received_at, subject, blob_key, header_prefix from (
      select m.id, m.received_at, mm.subject, mm.blob_key, mm.header_prefix,
             1 + floor((sum(m.size) over (order by m.received_at, m.id) - m.size) / ${splitBytes}::bigint) as part
        from mails m join mail_messages mm on mm.id = m.message_id
       where m.user_id = ${caller.auth.userId} and m.folder_id = ${folder.id}
    ) x where part = ${part} order by received_at, id`;
  if (!list.length && part !== 1) throw notFound();
  const date = caller.deps.clock.now().toISOString().slice(0, 10).replaceAll("-", "");
  const fileName = `${safeName(folder.name) || "mail"}-${date}-part${part}.zip`;
  return { fileName, stream: zipStream(caller, list) };
}

function zipStream(caller: Caller, list: PartMail[]): ReadableStream<Uint8Array> {
  let next = 0;
  let zip: Zip;
  const used = new Set<string>();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((err, chunk, final) => {
        if (err) return controller.error(err);
        if (chunk.length) controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    // One message per pull: the client's reading paces the work.
    async pull() {
      if (next >= list.length) {
        zip.end();
        return;
      }
      const m = list[next++];
      const bytes = await messageBytes(caller.deps.blobs, { blobKey: m.blob_key, headerPrefix: m.header_prefix });
      const entry = new ZipDeflate(entryName(m, used), { level: 6 });
      entry.mtime = new Date(m.received_at);
      zip.add(entry);
      entry.push(bytes, true);
    },
  }, { highWaterMark: 1 });
}

function entryName(m: PartMail, used: Set<string>): string {
  const when = new Date(m.received_at).toISOString().slice(0, 19).replace("T", "_").replaceAll(":", "");
  let name = `${when}_${m.id}_${safeName(m.subject).slice(0, 60) || "mail"}.eml`;
  for (let i = 2; used.has(name); i++) name = name.replace(/(?:-\d+)?\.eml$/, `-${i}.eml`);
  used.add(name);
  return name;
}

/** A file name part without path separators or characters file systems refuse. */
function safeName(s: string): string {
  // deno-lint-ignore no-control-regex -- control characters are what this removes
  return s.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").replace(/\s+/g, " ").trim();
}
