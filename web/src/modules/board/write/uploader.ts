// One attachment upload (POST /api/board/file, multipart "file") with upload progress: fetch() reports none,
// so this is XMLHttpRequest with the session's bearer; a 401 (or a dropped connection, 001 §8 "a failure on the
// file-upload route") refreshes the session once and retries. abort() rejects with UploadAborted.
import type { BoardFile } from "@shared/board/posts.ts";
import { ApiError, refreshSession } from "../../../lib/api.ts";
import { getTokens } from "../../../lib/session.ts";

export interface UploadHandle {
  promise: Promise<BoardFile>;
  abort(): void;
}

export class UploadAborted extends Error {
  constructor() {
    super("aborted");
  }
}

function once(file: File, onProgress: (loaded: number) => void, register: (x: XMLHttpRequest) => void) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    register(xhr);
    xhr.open("POST", "/api/board/file");
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
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

export function uploadAttachment(file: File, onProgress: (loaded: number) => void): UploadHandle {
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const register = (x: XMLHttpRequest) => (current = x);
  const promise = (async () => {
    let res = await once(file, onProgress, register);
    if ((res.status === 401 || res.status === 0) && !aborted && getTokens()) {
      onProgress(0);
      if (await refreshSession()) res = await once(file, onProgress, register);
    }
    if (aborted) throw new UploadAborted();
    const obj = res.body && typeof res.body === "object" ? (res.body as Record<string, unknown>) : {};
    if (res.status >= 200 && res.status < 400 && obj.message == null && obj.errors == null) return res.body as BoardFile;
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
