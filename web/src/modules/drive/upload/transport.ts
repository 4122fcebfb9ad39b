// Sends one file into a drive folder, resumably: tus 1.0.0 against TUS_PATH (shared/drive/transfer.ts) with
// tus-js-client. The bearer is set on every request; a 401 refreshes the session once and the request is
// retried (000 §4 "a failure of the drive-upload route"), as are cut connections and server errors, each
// going on from the offset the server has (HEAD). The same file picked again for the same folder goes on
// from where its unfinished upload stopped (the fingerprint names the folder). abort() ends the upload on the
// server too (termination) and rejects with UploadAborted. The completing PATCH names the new item's id.
import { Upload, type DetailedError } from "tus-js-client";
import { TUS_CHUNK_SIZE, TUS_FILE_ID_HEADER, TUS_META, TUS_PATH } from "@shared/drive/transfer.ts";
import { ApiError, refreshSession } from "../../../lib/api.ts";
import { getTokens } from "../../../lib/session.ts";

export interface UploadHandle {
  /** The new drive item's id. */
  promise: Promise<number>;
  abort(): void;
}

export class UploadAborted extends Error {
  constructor() {
    super("aborted");
  }
}

const RETRY_DELAYS = [0, 1000, 3000, 5000];

function errorOf(e: Error | DetailedError): ApiError {
  const res = "originalResponse" in e ? e.originalResponse : null;
  const status = res?.getStatus() ?? 0;
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(res?.getBody() ?? "") ?? {};
  } catch {
    body = {};
  }
  const code = typeof body.code === "string" ? body.code : status === 507 ? "drive.73" : status === 413 ? "drive.74" : `common.${status || 500}`;
  return new ApiError(status, code, body);
}

/** Starts an upload; `onProgress` gets the bytes the server has so far. */
export function uploadFile(file: File, folderId: number, onProgress: (loaded: number) => void): UploadHandle {
  let refreshNext = false;
  let refreshed = false;
  let aborted = false;
  let upload: Upload;
  let stop: (e: Error) => void = () => {};
  const promise = new Promise<number>((resolve, reject) => {
    stop = reject;
    let fileId: number | null = null;
    upload = new Upload(file, {
      endpoint: TUS_PATH,
      chunkSize: TUS_CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      metadata: { [TUS_META.fileName]: file.name, [TUS_META.folderId]: String(folderId), [TUS_META.fileType]: file.type || "application/octet-stream" },
      fingerprint: (f) => Promise.resolve(["gw-drive", folderId, f.name, f.size, f.lastModified].join("/")),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      async onBeforeRequest(req) {
        if (refreshNext) {
          refreshNext = false;
          await refreshSession();
        }
        const token = getTokens()?.accessToken;
        if (token) req.setHeader("Authorization", `Bearer ${token}`);
      },
      onAfterResponse(_req, res) {
        const id = res.getHeader(TUS_FILE_ID_HEADER);
        if (id && /^\d+$/.test(id)) fileId = Number(id);
      },
      onShouldRetry(err, attempt) {
        const status = err.originalResponse?.getStatus() ?? 0;
        if (status === 401 && !refreshed) {
          refreshed = true;
          refreshNext = true;
          return true;
        }
        // Cut connections, a lost offset (409: ask again where to go on), server errors: again, a few times.
        return attempt < RETRY_DELAYS.length && (status === 0 || status === 409 || status === 423 || status >= 500) && status !== 507;
      },
      onProgress: (sent) => onProgress(sent),
      onSuccess() {
        if (fileId === null) reject(new ApiError(500, "drive.upload_incomplete"));
        else resolve(fileId);
      },
      onError(e) {
        reject(aborted ? new UploadAborted() : errorOf(e));
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (aborted) return;
      if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
  return {
    promise,
    abort() {
      aborted = true;
      // tus-js-client's abort reports nothing: the promise ends here.
      stop(new UploadAborted());
      void upload?.abort(true).catch(() => {});
    },
  };
}
