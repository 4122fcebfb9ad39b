// One attachment upload (POST /api/board/file, multipart "file") with upload progress, through the shared
// upload (web/src/lib/upload.ts: the bearer, one session refresh and retry, UploadAborted on abort()).
import type { BoardFile } from "@shared/board/posts.ts";
import { type UploadHandle as Handle, uploadForm } from "../../../lib/upload.ts";

export { UploadAborted } from "../../../lib/upload.ts";
export type UploadHandle = Handle<BoardFile>;

export function uploadAttachment(file: File, onProgress: (loaded: number) => void): UploadHandle {
  return uploadForm<BoardFile>("/api/board/file", () => {
    const form = new FormData();
    form.append("file", file, file.name);
    return form;
  }, onProgress);
}
