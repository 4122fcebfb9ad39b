// Reading the .eml entries of a restore zip as it streams in (fflate's Unzip fed piece by piece, so memory holds
// one message at a time), with what a zip bomb could cost bounded:
// - an .eml entry is inflated only until it passes the message size limit, then its inflater stops for good and
//   the entry is reported skipped (too_large) like other refused entries; the rest of its bytes pass unread;
// - entries passed over (not .eml, folders, archivers' own files) are never inflated, nor held in memory;
// - the inflated bytes of the whole zip are capped (RESTORE_MAX_INFLATED_BYTES): past it, 413
//   mail.restore_inflated;
// - the zip is fed in small pieces and the event loop is given back after every few MB inflated, so other
//   requests are served while a large zip is read.
import { setImmediate } from "node:timers";
import { type FlateError, Inflate, Unzip, type UnzipDecoder, type UnzipFile } from "fflate";
import type { ImportSkipped } from "../../../../shared/mail/transfer.ts";
import { AppError } from "../../../lib/errors.ts";

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

export interface ZipLimits {
  /** An entry inflating past this is skipped as too_large. */
  entryBytes: number;
  /** All entries together; past it the read fails with 413 mail.restore_inflated. */
  totalBytes: number;
}

/** Compressed bytes handed to the unzipper at once: at most about 1,000 times this is inflated in one go. */
const FEED_BYTES = 8 * 1024;
/** Inflated bytes after which the event loop is given back. */
const YIELD_AFTER_BYTES = 8 * 1024 * 1024;

/** DEFLATE for fflate's Unzip (method 8) that stops for good when terminated: later pushes are dropped. */
class StoppableInflate implements UnzipDecoder {
  static compression = 8;
  ondata: UnzipDecoder["ondata"] = () => {};
  private stopped = false;
  private readonly inflate = new Inflate((data, final) => this.ondata(null, data, final));

  push(chunk: Uint8Array, final: boolean): void {
    if (this.stopped) return;
    try {
      this.inflate.push(chunk, final);
    } catch (e) {
      this.ondata(e as FlateError, new Uint8Array(0), final);
    }
  }

  terminate(): void {
    this.stopped = true;
  }
}

/**
 * Not read: started (so fflate does not keep its bytes for a later start) and stopped at once. One of a
 * compression fflate cannot start (deflate64, bzip2) is left alone, as before.
 */
function passOver(entry: UnzipFile) {
  if (entry.compression !== 0 && entry.compression !== StoppableInflate.compression) return;
  entry.ondata = () => {};
  entry.start();
  entry.terminate();
}

/**
 * Walks the zip's entries in order: each .eml entry whole to `take`, others listed in `skipped`. Throws 400
 * mail.restore_type for a broken zip, 400 mail.restore_empty for an empty file, 413 mail.restore_inflated past
 * limits.totalBytes.
 */
export async function readZipEntries(
  stream: ReadableStream<Uint8Array>,
  limits: ZipLimits,
  take: (e: ZipEntry) => Promise<void>,
  skipped: ImportSkipped[],
): Promise<void> {
  const ready: ZipEntry[] = [];
  let broken = false;
  let overBudget = false;
  let inflated = 0;
  let sinceYield = 0;
  const unzip = new Unzip((entry) => {
    const name = entry.name;
    // Folders, and what archivers add of their own (.DS_Store, __MACOSX/), are passed over in silence.
    if (name.endsWith("/") || name.split("/").some((p) => p.startsWith(".") || p === "__MACOSX")) {
      return passOver(entry);
    }
    if (!name.toLowerCase().endsWith(".eml")) {
      skipped.push({ name, reason: "not_eml" });
      return passOver(entry);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    let done = false;
    entry.ondata = (err, chunk, final) => {
      if (done) return;
      if (err) {
        broken = true;
        return;
      }
      size += chunk.length;
      inflated += chunk.length;
      sinceYield += chunk.length;
      if (inflated > limits.totalBytes) {
        overBudget = done = true;
        entry.terminate();
      } else if (size > limits.entryBytes) {
        done = true;
        chunks.length = 0;
        skipped.push({ name, reason: "too_large" });
        entry.terminate();
      } else {
        chunks.push(chunk);
        if (final) ready.push({ name, bytes: concat(chunks, size) });
      }
    };
    entry.start();
  });
  unzip.register(StoppableInflate);

  const reader = stream.getReader();
  let sawAny = false;
  /** Pushes a piece, hands on the entries it completed (also those before a failure), then fails if it must. */
  const feed = async (piece: Uint8Array, final: boolean) => {
    let unreadable = false;
    try {
      unzip.push(piece, final);
    } catch {
      unreadable = true;
    }
    while (ready.length) await take(ready.shift()!);
    if (unreadable || broken) throw new AppError(400, "mail.restore_type");
    if (overBudget) throw new AppError(413, "mail.restore_inflated");
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        await feed(new Uint8Array(0), true);
        break;
      }
      if (value.length) sawAny = true;
      for (let at = 0; at < value.length; at += FEED_BYTES) {
        await feed(value.subarray(at, at + FEED_BYTES), false);
        if (sinceYield >= YIELD_AFTER_BYTES) {
          sinceYield = 0;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
  } finally {
    await reader.cancel().catch(() => {}); // closes the file when it stopped part-way
  }
  if (!sawAny) throw new AppError(400, "mail.restore_empty");
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
