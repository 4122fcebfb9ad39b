// An assistant's knowledge files: their text is read once, when they are saved (PDF, DOCX, XLSX, PPTX, HWPX and
// text files, with the extractor the drive search uses), kept in assistant_files.text and given to the model as
// context with every question (at most KNOWLEDGE_CHARS_MAX characters of all of them). The bytes go to the blob
// store through the upload pipeline (streamed to a temporary file by the route, moved into the store only once
// the file is known to fit the uploader's quota: 507 assistant.insufficient_space; counted in users.used_size
// by migration 0056's triggers). Names are kept NFC without folders.
import { readFile } from "node:fs/promises";
import { ASSISTANT_FILE_MAX_BYTES, ASSISTANT_FILES_MAX, KNOWLEDGE_CHARS_MAX } from "../../../shared/assistant/constants.ts";
import { ASSISTANT_ERRORS } from "../../../shared/assistant/errors.ts";
import type { Tx } from "../../../db/client.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { extractContent } from "../drive/search/extract.ts";
import * as repo from "./repo.ts";

/** A file of the save form, in its temporary file. */
export interface IncomingFile {
  name: string;
  type: string;
  size: number;
  path: string;
}

/** Read and ready to be stored. */
export interface ReadFile extends IncomingFile {
  text: string;
}

const NAME_MAX = 255;

export const fileTooLarge = () => new AppError(413, ASSISTANT_ERRORS.fileTooLarge, { max: ASSISTANT_FILE_MAX_BYTES });
const insufficientSpace = () => new AppError(507, ASSISTANT_ERRORS.insufficientSpace);

/** A file name as kept: NFC, without folders, at most NAME_MAX characters. */
export const fileName = (name: string) => [...(name.normalize("NFC").split(/[\\/]/).pop()!.trim() || "file")].slice(-NAME_MAX).join("");

function contentTypeOf(type: string): string {
  const t = type.toLowerCase().split(";")[0].trim();
  return /^[\w.+-]+\/[\w.+-]+$/.test(t) ? t : "application/octet-stream";
}

const extensionOf = (name: string) => (/\.([a-z0-9]{1,8})$/i.exec(name)?.[1] ?? "").toLowerCase();

/** The files' text, read before anything is stored; 400 assistant.file_unreadable for a kind without a reader. */
export async function readFiles(files: IncomingFile[]): Promise<ReadFile[]> {
  const out: ReadFile[] = [];
  for (const f of files) {
    if (f.size > ASSISTANT_FILE_MAX_BYTES) throw fileTooLarge();
    const name = fileName(f.name);
    const text = await extractContent(extensionOf(name), new Uint8Array(await readFile(f.path)));
    if (text === null) {
      throw new AppError(400, ASSISTANT_ERRORS.fileUnreadable, { name }, [{ field: "files", code: ASSISTANT_ERRORS.fileUnreadable, message: name }]);
    }
    out.push({ ...f, name, text: text.slice(0, KNOWLEDGE_CHARS_MAX) });
  }
  return out;
}

/** In the save's transaction: removes the files asked for, checks the count and the quota, stores the new ones. */
export async function applyFiles(tx: Tx, caller: Caller, assistantId: number, add: ReadFile[], removeIds: number[]): Promise<void> {
  const { companyId, userId } = caller.auth;
  await repo.deleteFiles(tx, assistantId, removeIds);
  if (add.length === 0) return;
  if ((await repo.countFiles(tx, assistantId)) + add.length > ASSISTANT_FILES_MAX) {
    throw new AppError(409, ASSISTANT_ERRORS.filesMax, { max: ASSISTANT_FILES_MAX });
  }
  const q = await repo.lockedQuota(tx, companyId, userId);
  const total = add.reduce((n, f) => n + f.size, 0);
  if (q.total > 0 && q.used + total > q.total) throw insufficientSpace();
  const now = caller.deps.clock.now();
  for (const f of add) {
    const blob = await caller.deps.blobs.putFile(f.path);
    await repo.insertFile(tx, {
      companyId, assistantId, text: f.text, uploaderId: userId, name: f.name, size: blob.size, contentType: contentTypeOf(f.type),
      blobKey: blob.key, createdAt: now,
    });
  }
}

/** The knowledge given to the model: each file's name and text, all within KNOWLEDGE_CHARS_MAX characters. */
export async function knowledgeText(caller: Caller, assistantId: number): Promise<string> {
  const parts: string[] = [];
  let left = KNOWLEDGE_CHARS_MAX;
  for (const f of await repo.knowledgeOf(caller.deps.db, assistantId)) {
    if (left <= 0 || !f.text) continue;
    const text = f.text.slice(0, left);
    left -= text.length;
    parts.push(`### ${f.name}\n${text}`);
  }
  return parts.join("\n\n");
}
