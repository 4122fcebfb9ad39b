// One multipart upload with upload progress (fetch() reports none, so XMLHttpRequest with the session's bearer).
// A 401, or a dropped connection (000 §4 "a failure of an upload route" refreshes the session once and
// retries), refreshes the session once and sends the form again. The answer counts as success only with a
// status of 200-399 and no message or errors field; otherwise the promise rejects with ApiError, and abort()
// rejects it with UploadAborted. Serves the mail composer's and the board editor's attachments.
import { ApiError, refreshSession } from "./api.ts";
import { getTokens } from "./session.ts";

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort(): void;
}

export class UploadAborted extends Error {
  constructor() {
    super("aborted");
  }
}

function once(url: string, form: FormData, onProgress: (loaded: number) => void, register: (x: XMLHttpRequest) => void) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    register(xhr);
    xhr.open("POST", url);
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
    xhr.send(form);
  });
}

/** Starts an upload of the form `makeForm` builds (once per try); `onProgress` gets the bytes sent so far. */
export function uploadForm<T>(url: string, makeForm: () => FormData, onProgress: (loaded: number) => void): UploadHandle<T> {
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const register = (x: XMLHttpRequest) => (current = x);
  const promise = (async () => {
    let res = await once(url, makeForm(), onProgress, register);
    if ((res.status === 401 || res.status === 0) && !aborted && getTokens()) {
      onProgress(0);
      if (await refreshSession()) res = await once(url, makeForm(), onProgress, register);
    }
    if (aborted) throw new UploadAborted();
    const obj = res.body && typeof res.body === "object" ? (res.body as Record<string, unknown>) : {};
    if (res.status >= 200 && res.status < 400 && !("message" in obj) && !("errors" in obj)) return res.body as T;
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
