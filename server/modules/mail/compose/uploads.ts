// Files uploaded for a mail being written (000 §3 Upload file, §5 Attachments): stored in the blob store with
// a mail_uploads row of the uploader. The limits (20 files; 20 MB of normal files; large files up to the
// company's largeFileMaxSize) are checked at upload and again whenever a draft is saved or a mail is sent.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { mailComposeStates, mailUploads } from "../../../../db/schema/mail.ts";
import type { UploadedFile, UploadType } from "../../../../shared/mail/compose.ts";
import { MAX_ATTACHMENTS, NORMAL_ATTACHMENT_TOTAL } from "../../../../shared/mail/constants.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { largeFileMaxBytes, type MailCompanyConfig } from "../../../../shared/company.ts";
import { companyConfig } from "../../company/service.ts";

export type UploadRow = typeof mailUploads.$inferSelect;

/** The company's large-file settings (Company module configs, mail): what the links and uploads follow. */
export interface LargeFilePolicy {
  /** Largest total of large files per mail, in bytes (largeFileMaxSize in largeFileSizeUnit). */
  maxBytes: number;
  /** Days a link stays valid (largeFileMaxDuration). */
  days: number;
  /** Links need the password the sender sets (isLargeAttPw). */
  password: boolean;
}

export async function largeFilePolicy(deps: AppDeps, companyId: number): Promise<LargeFilePolicy> {
  const config = await companyConfig(deps, companyId, "mail") as MailCompanyConfig;
  return {
    maxBytes: largeFileMaxBytes(config),
    days: config.largeFileMaxDuration,
    password: config.isLargeAttPw,
  };
}

/** The company's largest total of large files per mail, in bytes. */
export async function largeFileLimit(deps: AppDeps, companyId: number): Promise<number> {
  return (await largeFilePolicy(deps, companyId)).maxBytes;
}

export function uploadAnswer(row: UploadRow): UploadedFile {
  return { id: row.id, name: row.name, size: row.size, uploadType: row.uploadType as UploadType };
}

/**
 * Stores a file the upload route streamed to a temporary file (taken over by the blob store, so it is gone
 * afterwards). The size was already held to the larger of the two limits while streaming; here it is checked
 * against the limit of the upload's type.
 */
export async function storeUpload(
  caller: Caller,
  file: { name: string; type: string; size: number; path: string },
  uploadType: UploadType,
): Promise<UploadedFile> {
  const { deps, auth } = caller;
  const limit = uploadType === "large" ? await largeFileLimit(deps, auth.companyId) : NORMAL_ATTACHMENT_TOTAL;
  if (file.size > limit) throw new AppError(413, "mail.131");
  const blob = await deps.blobs.putFile(file.path);
  return uploadAnswer(await insertUploadRow(deps, auth.companyId, auth.userId, { ...file, uploadType }, blob));
}

/** Stores bytes as an upload of the user (also used to carry an original mail's attachments into a draft). */
export async function insertUpload(
  deps: AppDeps,
  companyId: number,
  userId: number,
  file: { name: string; type: string; bytes: Uint8Array; uploadType: UploadType },
): Promise<UploadRow> {
  return await insertUploadRow(deps, companyId, userId, file, await deps.blobs.put(file.bytes));
}

/** An upload row of bytes already in the blob store (content-addressed: a large file is not copied). */
export async function insertUploadRow(
  deps: AppDeps,
  companyId: number,
  userId: number,
  file: { name: string; type: string; uploadType: UploadType },
  blob: { key: string; size: number },
): Promise<UploadRow> {
  const [row] = await deps.db.insert(mailUploads).values({
    id: crypto.randomUUID().replaceAll("-", ""),
    companyId,
    userId,
    uploadType: file.uploadType,
    name: cleanName(file.name),
    size: blob.size,
    contentType: file.type || "application/octet-stream",
    blobKey: blob.key,
    createdAt: deps.clock.now(),
  }).returning();
  return row;
}

/**
 * The caller's uploads in the given order, checked against the limits of one mail: at most 20 files
 * (mail.130); normal files together at most 20 MB and large files together at most the company's
 * largeFileMaxSize (mail.131); an id that is not the caller's upload answers common.43.
 */
export async function uploadsForMail(deps: AppDeps, companyId: number, userId: number, ids: string[]): Promise<UploadRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_ATTACHMENTS) throw new AppError(400, "mail.130");
  if (!unique.length) return [];
  const rows = await deps.db.select().from(mailUploads)
    .where(and(inArray(mailUploads.id, unique), eq(mailUploads.userId, userId), eq(mailUploads.companyId, companyId)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = unique.map((id) => byId.get(id));
  if (ordered.some((r) => !r)) throw new AppError(404, "common.43");
  const list = ordered as UploadRow[];
  const normal = list.filter((r) => r.uploadType !== "large").reduce((s, r) => s + r.size, 0);
  const large = list.filter((r) => r.uploadType === "large").reduce((s, r) => s + r.size, 0);
  if (normal > NORMAL_ATTACHMENT_TOTAL) throw new AppError(413, "mail.131");
  if (large > 0 && large > await largeFileLimit(deps, companyId)) throw new AppError(413, "mail.131");
  return list;
}

/**
 * Switches an upload between normal and large (PUT api/mail/file/{id}/type). `others` are the mail's other
 * uploads, so the limits are checked on the whole mail: becoming normal beyond the 20 MB total is mail.416,
 * becoming large beyond the company's large-file limit is mail.417.
 */
export async function changeUploadType(caller: Caller, id: string, uploadType: "normal" | "large", others: string[]) {
  const { deps, auth } = caller;
  const list = await uploadsForMail(deps, auth.companyId, auth.userId, [id, ...others.filter((o) => o !== id)])
    .catch((e) => {
      // The mail as it stands may already be over a limit: that is what changing types is for.
      if (e instanceof AppError && e.code === "mail.131") return null;
      throw e;
    });
  const rows = list ?? await deps.db.select().from(mailUploads)
    .where(and(inArray(mailUploads.id, [id, ...others]), eq(mailUploads.userId, auth.userId)));
  const target = rows.find((r) => r.id === id);
  if (!target) throw new AppError(404, "common.43");
  const after = rows.map((r) => r.id === id ? { ...r, uploadType } : r);
  const total = (large: boolean) => after.filter((r) => (r.uploadType === "large") === large).reduce((s, r) => s + r.size, 0);
  if (uploadType === "normal" && total(false) > NORMAL_ATTACHMENT_TOTAL) throw new AppError(413, "mail.416");
  if (uploadType === "large" && total(true) > await largeFileLimit(deps, auth.companyId)) throw new AppError(413, "mail.417");
  const [row] = await deps.db.update(mailUploads).set({ uploadType }).where(eq(mailUploads.id, id)).returning();
  return uploadAnswer(row);
}

/** How long an upload no draft or scheduled mail refers to is kept. */
export const UPLOAD_KEEP_MS = 7 * 86_400_000;

/** Removes uploads older than UPLOAD_KEEP_MS that no compose state lists (the blob collector takes the bytes). */
export async function purgeStaleUploads(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UPLOAD_KEEP_MS);
  const gone = await deps.db.delete(mailUploads).where(and(
    lt(mailUploads.createdAt, cutoff),
    sql`not exists (select 1 from ${mailComposeStates} s where s.user_id = ${mailUploads.userId}
      and jsonb_exists(s.state -> 'attachments', ${mailUploads.id}))`,
  )).returning({ id: mailUploads.id });
  return gone.length;
}

function cleanName(name: string): string {
  // deno-lint-ignore no-control-regex -- control characters are what this removes
  const base = name.replace(/^.*[\\/]/, "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base || "file").slice(0, 255);
}
