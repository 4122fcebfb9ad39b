// Reading a multipart/form-data request as it arrives, without holding the body in memory: @fastify/busboy
// parses the request's stream chunk by chunk; each file part goes straight to a temporary file in the data
// folder's tmp area, small text fields are kept as strings. The limits are enforced while streaming: the
// moment the body or a file passes its limit, reading stops (the rest of the body is never read), the temp
// files are removed and the caller's own error is thrown. The caller removes the files of a form it got
// (dispose(), also on failure). Text fields and file names the database cannot store (NUL, lone surrogates)
// fail the form with 400 common.validation (request-input.ts); file contents are bytes, never checked.
import { createReadStream, createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Busboy, type BusboyInstance } from "@fastify/busboy";
import { isStorableText } from "../../../shared/request-input.ts";
import { unstorableText } from "../request-input.ts";
import { removeQuietly, tempPath } from "./temp-files.ts";

export interface StreamedFile {
  /** The form field it came in. */
  field: string;
  /** The file name the client gave (without folders). */
  name: string;
  type: string;
  size: number;
  /** Its temporary file; gone after the form's dispose(). */
  path: string;
}

export interface StreamedForm {
  /** Text fields by name (the first of a repeated name). */
  fields: ReadonlyMap<string, string>;
  /** Every value of a text field sent more than once (or once), in order. */
  all(field: string): string[];
  files: readonly StreamedFile[];
  /** The first file sent in `field`. */
  file(field: string): StreamedFile | undefined;
  /** Removes the temporary files. */
  dispose(): Promise<void>;
}

export interface StreamFormOptions {
  /** Where file parts are written (see tempDirOf). */
  tmpDir: string;
  /** The whole body in bytes; a larger Content-Length is refused before anything is read. */
  maxBodyBytes: number;
  /** One file part in bytes; may depend on the text fields that came before the file. */
  maxFileBytes: number | ((fieldsSoFar: ReadonlyMap<string, string>) => number);
  maxFiles?: number;
  maxFields?: number;
  maxFieldBytes?: number;
  /** The error thrown when the body or a file passes its limit. */
  tooLarge: () => Error;
  /** The error thrown when the body is not a readable multipart form. */
  malformed: () => Error;
}

/** The file's bytes as a File-like for code written against File: name, size, type, stream(), arrayBuffer(). */
export function fileLike(f: StreamedFile) {
  return {
    name: f.name,
    size: f.size,
    type: f.type,
    stream: () => Readable.toWeb(createReadStream(f.path)) as ReadableStream<Uint8Array>,
    arrayBuffer: async () => {
      const b = await readFile(f.path);
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
    },
  };
}

export async function readStreamingForm(req: Request, opts: StreamFormOptions): Promise<StreamedForm> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !req.body) throw opts.malformed();
  const declared = req.headers.get("content-length");
  if (declared !== null && !req.headers.has("transfer-encoding") && Number(declared) > opts.maxBodyBytes) {
    throw opts.tooLarge();
  }
  const maxFiles = opts.maxFiles ?? 1;
  const maxFields = opts.maxFields ?? 20;
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: {
        files: maxFiles,
        fields: maxFields,
        parts: maxFiles + maxFields,
        fieldSize: opts.maxFieldBytes ?? 64 * 1024,
        headerPairs: 20,
      },
    });
  } catch {
    throw opts.malformed(); // no boundary
  }

  const fields = new Map<string, string>();
  const repeated = new Map<string, string[]>();
  const files: StreamedFile[] = [];
  const writes: Promise<void>[] = [];
  /** Every stream of the file parts, destroyed on failure so no write is left waiting. */
  const streams: (Readable | Transform | Writable)[] = [];
  const dispose = async () => {
    await Promise.allSettled(writes);
    await Promise.all(files.map((f) => removeQuietly(f.path)));
  };

  const reader = req.body.getReader();
  let failure: Error | null = null;
  // The one wait in progress (a read, the parser's drain or finish, the file writes), woken by a failure.
  // Not a race against a pending "failed" promise: each such race would keep its chunk alive until the end.
  let wake: (() => void) | null = null;
  const waitFor = (start: (ok: () => void) => void) =>
    new Promise<void>((ok) => {
      if (failure) return ok();
      wake = ok;
      start(ok);
    }).finally(() => wake = null);
  const fail = (e: Error) => {
    if (failure) return;
    failure = e;
    reader.cancel().catch(() => {}); // ends a pending read
    wake?.();
  };
  let finished = false;
  parser.once("finish", () => finished = true);

  parser.on("field", (name: string, value: string, nameCut: boolean, valueCut: boolean) => {
    if (nameCut || valueCut) fail(opts.malformed());
    else if (!isStorableText(name) || !isStorableText(value)) fail(unstorableText(name));
    else {
      if (!fields.has(name)) fields.set(name, value);
      repeated.set(name, [...repeated.get(name) ?? [], value]);
    }
  });
  parser.on("file", (field: string, stream: Readable, filename: string, _enc: string, mimeType: string) => {
    if (!failure && ![field, filename ?? "", mimeType ?? ""].every(isStorableText)) fail(unstorableText(field));
    if (failure) {
      stream.resume();
      return;
    }
    const file: StreamedFile = { field, name: filename ?? "", type: mimeType ?? "", size: 0, path: tempPath(opts.tmpDir) };
    files.push(file);
    const limit = typeof opts.maxFileBytes === "function" ? opts.maxFileBytes(fields) : opts.maxFileBytes;
    const tooLarge = opts.tooLarge();
    const counter = new Transform({
      transform(chunk: Uint8Array, _e, cb) {
        file.size += chunk.length;
        if (file.size > limit) cb(tooLarge);
        else cb(null, chunk);
      },
    });
    const out = createWriteStream(file.path, { mode: 0o600 });
    streams.push(stream, counter, out);
    writes.push(pipeline(stream, counter, out).catch((e) => fail(e)));
  });
  const refuse = () => fail(opts.malformed());
  parser.on("filesLimit", refuse);
  parser.on("fieldsLimit", refuse);
  parser.on("partsLimit", refuse);
  parser.on("error", refuse);

  try {
    let total = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done || failure) break;
      total += value.length;
      if (total > opts.maxBodyBytes) fail(opts.tooLarge());
      if (failure) break;
      if (!parser.write(value)) await waitFor((ok) => parser.once("drain", ok));
    }
    if (!failure) {
      parser.end();
      if (!finished) await waitFor((ok) => parser.once("finish", ok));
      await waitFor((ok) => Promise.all(writes).then(ok));
    }
  } catch {
    fail(opts.malformed()); // the body broke off (a failure above is already set and stays)
  }
  if (failure || !finished) {
    for (const s of streams) s.destroy(failure ?? undefined);
    parser.destroy();
    await dispose();
    throw failure ?? opts.malformed();
  }
  return {
    fields,
    all: (field) => repeated.get(field) ?? [],
    files,
    file: (field) => files.find((f) => f.field === field),
    dispose,
  };
}
