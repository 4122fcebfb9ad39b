// Uploads one attachment (POST api/mail/file/upload, form part + uploadType) with upload progress. fetch() has
// no upload progress, so this uses XMLHttpRequest: the bearer comes from the session, and a 401 (or a failure
// of the connection, 000 §4 "a failure of an upload route") refreshes the session once and retries.
import { MAIL_UPLOAD_PATH, type UploadedFile, type UploadType } from "@shared/mail/compose.ts";
import { ApiError, refreshSession } from "../../../lib/api.ts";
import { getTokens } from "../../../lib/session.ts";

export interface UploadHandle {
  promise: Promise<UploadedFile>;
  abort(): void;
}

export class UploadAborted extends Error {
  constructor() {
    super("aborted");
  }
}

function once(file: File, uploadType: UploadType, onProgress: (loaded: number) => void, register: (x: XMLHttpRequest) => void) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    register(xhr);
    xhr.open("POST", MAIL_UPLOAD_PATH);
    const token = getTokens()?.accessToken;
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.onabort = () => reject(new UploadAborted());
    const form = new FormData();
    // The type first: the server reads the form as a stream and can then apply that type's limit at once.
    form.append("uploadType", uploadType);
    form.append("part", file, file.name);
    xhr.send(form);
  });
}

/** Starts an upload; `onProgress` gets the bytes sent so far. abort() rejects the promise with UploadAborted. */
export function uploadFile(file: File, uploadType: UploadType, onProgress: (loaded: number) => void): UploadHandle {
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const register = (x: XMLHttpRequest) => (current = x);
  const promise = (async () => {
    let res = await once(file, uploadType, onProgress, register);
    if ((res.status === 401 || res.status === 0) && !aborted && getTokens()) {
      onProgress(0);
      if (await refreshSession()) res = await once(file, uploadType, onProgress, register);
    }
    if (aborted) throw new UploadAborted();
    const obj = res.body && typeof res.body === "object" ? (res.body as Record<string, unknown>) : {};
    if (res.status >= 200 && res.status < 400 && !("message" in obj) && !("errors" in obj)) return res.body as UploadedFile;
    const code = typeof obj.code === "string" ? obj.code : `common.${res.status || 500}`;
    throw new ApiError(res.status, code, obj);
  })();
  return {
    promise,
    abort() {
      aborted = true;
      current?.abort();
    },
  };
}
