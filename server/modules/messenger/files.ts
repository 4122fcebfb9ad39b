// Files of messages: POST rooms/{r}/files streams one file to a temporary file (routes.ts), then keeps it for a
// member of the room: its name NFC and at most FILE_NAME_MAX characters, FILE_MAX_BYTES (413
// messenger.file_too_large), within the uploader's quota shared with mail and drive (507
// messenger.insufficient_space; the migration's triggers count the bytes into users.used_size), an image's width
// and height read from its header. The file is unsent until a message carries it (fileIds); unsent files older
// than UNSENT_FILE_MS are removed by a job. GET files/{f}: the bytes with Range, for the room's members only.
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { messengerFiles, messengerMembers } from "../../../db/schema/messenger.ts";
import type { MessengerFile } from "../../../shared/messenger/api.ts";
import { FILE_MAX_BYTES, FILE_NAME_MAX, UNSENT_FILE_MS } from "../../../shared/messenger/constants.ts";
import { MESSENGER_ERRORS } from "../../../shared/messenger/errors.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { blobResponse } from "../../lib/blob-response.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { requireMember } from "./access.ts";
import { fileUrl } from "./message-load.ts";
import type { ImageSize } from "./image-size.ts";

export const fileNotFound = () => new AppError(404, MESSENGER_ERRORS.fileNotFound);
export const fileTooLarge = () => new AppError(413, MESSENGER_ERRORS.fileTooLarge, { max: FILE_MAX_BYTES });
const insufficientSpace = () => new AppError(507, MESSENGER_ERRORS.insufficientSpace);

const INLINE = /^(image\/(png|jpeg|gif|webp|bmp|avif)|application\/pdf|video\/(mp4|webm)|audio\/(mpeg|ogg|wav|webm))$/;

/** A file name as kept: NFC, without folders. */
export const fileName = (name: string) => name.normalize("NFC").split(/[\\/]/).pop()!.trim() || "file";

export function contentTypeOf(type: string): string {
  const t = type.toLowerCase().split(";")[0].trim();
  return /^[\w.+-]+\/[\w.+-]+$/.test(t) ? t : "application/octet-stream";
}

async function quota(db: DbOrTx, companyId: number, userId: number, lock: boolean) {
  const [r] = await db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${userId} and company_id = ${companyId}
    ${lock ? sql`for no key update` : sql``}`);
  return { total: Number(r?.total ?? 0), used: Number(r?.used ?? 0) };
}

/** Before the body is read: a member of the room, and room left in the quota at all. */
export async function checkUpload(caller: Caller, roomId: number): Promise<void> {
  const { db } = caller.deps;
  await requireMember(db, caller, roomId);
  const q = await quota(db, caller.auth.companyId, caller.auth.userId, false);
  if (q.total > 0 && q.used >= q.total) throw insufficientSpace();
}

export interface UploadInput {
  name: string;
  contentType: string;
  size: number;
  image: ImageSize | null;
}

export const fileOf = (f: typeof messengerFiles.$inferSelect): MessengerFile => ({
  id: f.id, name: f.name, size: f.size, contentType: f.contentType, width: f.width, height: f.height, url: fileUrl(f.id),
});

/** Once the form is read: `store` puts the bytes in the blob store once the quota allows them. */
export async function addFile(caller: Caller, roomId: number, f: UploadInput, store: () => Promise<{ key: string; size: number }>): Promise<MessengerFile> {
  const { deps, auth } = caller;
  if (f.size > FILE_MAX_BYTES) throw fileTooLarge();
  let name = fileName(f.name);
  if ([...name].length > FILE_NAME_MAX) {
    // Too long a name is shortened, its extension kept.
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : "";
    name = [...name.slice(0, name.length - ext.length)].slice(0, FILE_NAME_MAX - [...ext].length).join("") + ext;
  }
  const row = await deps.db.transaction(async (tx) => {
    await requireMember(tx, caller, roomId);
    const q = await quota(tx, auth.companyId, auth.userId, true);
    if (q.total > 0 && q.used + f.size > q.total) throw insufficientSpace();
    const blob = await store();
    const type = contentTypeOf(f.contentType);
    const image = type.startsWith("image/") ? f.image : null;
    const [row] = await tx.insert(messengerFiles).values({
      companyId: auth.companyId, roomId, uploaderId: auth.userId, name, size: blob.size, contentType: type, blobKey: blob.key,
      width: image?.width ?? null, height: image?.height ?? null, createdAt: deps.clock.now(),
    }).returning();
    return row;
  });
  return fileOf(row);
}

/** GET files/{f}: the bytes for a member of the file's room (others: 404 as a missing file). */
export async function fileBytes(caller: Caller, fileId: number, req: { method: string; range?: string; download: boolean }): Promise<Response> {
  const { deps, auth } = caller;
  const [f] = await deps.db.select({
    id: messengerFiles.id, name: messengerFiles.name, size: messengerFiles.size, contentType: messengerFiles.contentType,
    blobKey: messengerFiles.blobKey, messageId: messengerFiles.messageId, uploaderId: messengerFiles.uploaderId,
  }).from(messengerFiles)
    .innerJoin(messengerMembers, and(eq(messengerMembers.roomId, messengerFiles.roomId), eq(messengerMembers.userId, auth.userId)))
    .where(and(eq(messengerFiles.id, fileId), eq(messengerFiles.companyId, auth.companyId)));
  // An unsent file is its uploader's only.
  if (!f || (f.messageId === null && f.uploaderId !== auth.userId)) throw fileNotFound();
  return await blobResponse(deps, f, { method: req.method, range: req.range, inline: !req.download && INLINE.test(f.contentType), what: "messenger file" }, fileNotFound);
}

/** The job: files uploaded but never sent, older than UNSENT_FILE_MS (their blobs go with the collector). */
export async function purgeUnsentFiles(deps: AppDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - UNSENT_FILE_MS);
  const gone = await deps.db.delete(messengerFiles).where(and(isNull(messengerFiles.messageId), lt(messengerFiles.createdAt, before)))
    .returning({ id: messengerFiles.id });
  return gone.length;
}
