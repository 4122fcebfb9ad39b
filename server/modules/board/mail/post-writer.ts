// Writes a post made from a mail (mail in, the OUT archive) through the posts' createPostAs (posts/write.ts:
// the content sanitised again, the files' rows, mentions, then the followers' notices and BOARD_CHANGED):
// the post with mail_from and mail_message_id, its files from the attachments' bytes put in the blob store
// here (board_files count into the author's storage: migration 0050). board_posts_mail_uq (board_id,
// mail_message_id) makes it once per board per message: a second delivery of the same Message-ID (a retry,
// the same mail to the board and an OUT filter) writes nothing and answers null. An attachment that does not
// fit the author's storage is left out (logged), never the post.
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../../lib/context.ts";
import type { CleanContent } from "../posts/sanitize.ts";
import { createPostAs } from "../posts/write.ts";

export interface MailPostFile {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MailPost {
  companyId: number;
  boardId: number;
  authorId: number;
  title: string;
  content: CleanContent;
  mailFrom: string;
  mailMessageId: string;
  files: MailPostFile[];
}

/** The new post's id, or null when the board has a post of this Message-ID already. */
export async function writeMailPost(deps: AppDeps, p: MailPost): Promise<number | null> {
  const files = await storeFiles(deps, p);
  const { id, created } = await createPostAs(deps, {
    companyId: p.companyId,
    userId: p.authorId,
    boardId: p.boardId,
    title: p.title,
    html: p.content.html,
    files: files.map((f) => ({ name: f.name, contentType: f.contentType, blobKey: f.key, size: f.size })),
    mailFrom: p.mailFrom,
    mailMessageId: p.mailMessageId,
  });
  return created ? id : null;
}

/** The files' bytes in the blob store, those that fit the author's storage (the rest logged and left out). */
async function storeFiles(deps: AppDeps, p: MailPost) {
  if (!p.files.length) return [];
  const [room] = await deps.db.execute<{ total_quota: string; used_size: string }>(sql`
    select total_quota, used_size from users where id = ${p.authorId} and company_id = ${p.companyId}`);
  let free = room && Number(room.total_quota) > 0 ? Number(room.total_quota) - Number(room.used_size) : Infinity;
  const out = [];
  for (const f of p.files) {
    if (f.bytes.length > free) {
      deps.log.warn(`board mail: board ${p.boardId}: "${f.name}" (${f.bytes.length} bytes) left out: the author's storage is full`);
      continue;
    }
    free -= f.bytes.length;
    const { key, size } = await deps.blobs.put(f.bytes);
    out.push({ name: f.name.normalize("NFC").slice(0, 255) || "file", contentType: f.contentType, key, size });
  }
  return out;
}
