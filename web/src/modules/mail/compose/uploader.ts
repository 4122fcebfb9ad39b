// Uploads one attachment (POST api/mail/file/upload, form part + uploadType) with upload progress, through the
// shared upload (web/src/lib/upload.ts: the bearer, one session refresh and retry, UploadAborted on abort()).
import { MAIL_UPLOAD_PATH, type UploadedFile, type UploadType } from "@shared/mail/compose.ts";
import { type UploadHandle as Handle, uploadForm } from "../../../lib/upload.ts";

export { UploadAborted } from "../../../lib/upload.ts";
export type UploadHandle = Handle<UploadedFile>;

/** Starts an upload; `onProgress` gets the bytes sent so far. abort() rejects the promise with UploadAborted. */
export function uploadFile(file: File, uploadType: UploadType, onProgress: (loaded: number) => void): UploadHandle {
  return uploadForm<UploadedFile>(MAIL_UPLOAD_PATH, () => {
    const form = new FormData();
    // The type first: the server reads the form as a stream and can then apply that type's limit at once.
    form.append("uploadType", uploadType);
    form.append("part", file, file.name);
    return form;
  }, onProgress);
}
