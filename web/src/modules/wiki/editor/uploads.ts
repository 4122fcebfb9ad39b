// Images and files of a document (POST docs/{id}/attach, a `file` part → AttachInfo): uploaded one after another
// and placed in the editor as an image node { fileId, alt } or a file block { fileId, name, size }. A file over
// ATTACH_MAX_BYTES is refused here already (the server checks too); failures are told as a toast.
import type { Editor } from "@tiptap/react";
import { ATTACH_MAX_BYTES } from "@shared/wiki/constants.ts";
import type { AttachInfo } from "@shared/wiki/documents.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { uploadForm } from "../../../lib/upload.ts";
import { attachUrl } from "../api.ts";
import { wikiErrorText, wikiText } from "../errors.ts";

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const isImage = (f: File) => (IMAGE_TYPES as readonly string[]).includes(f.type);

async function upload(docId: number, file: File): Promise<AttachInfo | null> {
  const name = file.name.normalize("NFC");
  if (file.size > ATTACH_MAX_BYTES) {
    snackbar("ERROR", errorText("wiki.file_too_large", { size: ATTACH_MAX_BYTES }));
    return null;
  }
  const handle = uploadForm<AttachInfo>(attachUrl(docId), () => {
    const form = new FormData();
    form.append("file", file, name);
    return form;
  }, () => {});
  try {
    return await handle.promise;
  } catch (e) {
    snackbar("ERROR", codeOf(e).startsWith("wiki.") ? wikiErrorText(e) : wikiText("editor.uploadFailed", { name }));
    return null;
  }
}

/**
 * Uploads `files` and places each where `at` says (the caret when absent): images as images unless `asFiles`,
 * anything else as a file block. `busy` reports the name being uploaded (null when done).
 */
export async function placeFiles(editor: Editor, docId: number, files: File[], opts: {
  asFiles?: boolean;
  at?: number;
  busy(name: string | null): void;
}) {
  let at = opts.at;
  try {
    for (const file of files) {
      opts.busy(file.name.normalize("NFC"));
      const info = await upload(docId, file);
      if (!info || editor.isDestroyed) continue;
      const node = !opts.asFiles && isImage(file)
        ? { type: "image", attrs: { fileId: info.fileId, alt: info.name } }
        : { type: "wikiFile", attrs: { fileId: info.fileId, name: info.name, size: info.size } };
      const pos = at === undefined ? editor.state.selection.to : Math.min(at, editor.state.doc.content.size);
      editor.chain().focus().insertContentAt(pos, node).run();
      at = undefined;
    }
  } finally {
    opts.busy(null);
  }
}
