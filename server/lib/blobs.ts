// The blob store: file bytes (raw mail, attachments, uploads, drive files) by content address. A blob's key
// is the SHA-256 of its bytes, so storing the same bytes twice keeps one copy. put() returns only once the
// bytes are on disk (file and folder synced): a caller may acknowledge what it stored. The interface is all
// the rest of the server sees, so an S3-compatible store can replace the folder for multi-instance installs.
// Layout: <root>/<first two hex digits of the key>/<key>, 256 folders (few enough that a young store does
// not make a folder for most of its blobs; blob-layout.ts moves a store of the older two-level layout).
import { copyFile, mkdir, open, readFile, readdir, rename, rm, stat } from "node:fs/promises";
import { createReadStream } from "node:fs";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { Buffer } from "node:buffer";
import { join } from "node:path";

export interface BlobStore {
  /** Stores bytes durably; answers their key and size. */
  put(bytes: Uint8Array): Promise<{ key: string; size: number }>;
  /**
   * Stores the bytes of a file on disk without reading them into memory, taking the file over: it is moved
   * into the store (over the file of the same key, if any). Answers their key and size. `known` is the file's
   * key and size when the caller hashed it already (as it arrived): the file store then reads it no more.
   */
  putFile(path: string, known?: { key: string; size: number }): Promise<{ key: string; size: number }>;
  /** The whole blob; throws BlobMissingError when there is none. */
  get(key: string): Promise<Uint8Array>;
  /** A stream of the blob, for large downloads; with `range`, only bytes start to end (inclusive). */
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
  size(key: string): Promise<number | null>;
  /**
   * Removes a blob unless it was written or reused at or after `cutoff`; answers whether it was removed.
   * Only the collector calls it: rows never delete the bytes they refer to (other rows may share them).
   */
  deleteIfUntouchedSince(key: string, cutoff: Date): Promise<boolean>;
  /** Every blob with its last write or reuse time, for the collector. */
  list(): AsyncIterable<{ key: string; touchedAt: Date }>;
}

export class BlobMissingError extends Error {}

/** Bytes start to end of a blob, both included (HTTP Range's form). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file's blob key (SHA-256) and size, read as a stream. */
export async function hashFile(path: string): Promise<{ key: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Uint8Array);
    size += (chunk as Uint8Array).length;
  }
  return { key: hash.digest("hex"), size };
}

const KEY = /^[0-9a-f]{64}$/;

export class FileBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  #path(key: string): string {
    if (!KEY.test(key)) throw new BlobMissingError(`not a blob key: ${key}`);
    return join(this.root, key.slice(0, 2), key);
  }

  /** Where the blob of `key` lives (whether or not it exists). */
  pathOf(key: string): string {
    return this.#path(key);
  }

  async put(bytes: Uint8Array): Promise<{ key: string; size: number }> {
    // Deno's own file calls: this runs for every stored message (the SMTP ingest's hot path), and node:fs's
    // promise layer cost several times more of the event loop's time for the same system calls. Several
    // puts run at once (their syncs overlap), so a slow disk delays each message, not the ones behind it.
    // Each call is a trip to the runtime's I/O threads and back, which under load costs far more than the
    // call itself, so the chain is kept short: the hash on this thread (node:crypto, ≈15 µs for 20 KB;
    // WebCrypto's digest is a trip), the file made under its final name at once (no existence check, no
    // temporary name and rename), the folder's handle kept open. New bytes: create, write, sync, folder sync.
    const key = createHash("sha256").update(bytes).digest("hex");
    const path = this.#path(key);
    const dir = join(this.root, key.slice(0, 2));
    await this.#ensureDir(dir);
    const write = () => writeNewFile(path, bytes);
    try {
      await write().catch(async (e) => {
        if (!(e instanceof Deno.errors.NotFound)) throw e;
        this.#forgetDir(dir); // removed from outside since: made again
        await this.#ensureDir(dir);
        return write();
      });
    } catch (e) {
      if (e instanceof Deno.errors.AlreadyExists) return await this.#putExisting(path, dir, key, bytes);
      throw e;
    }
    // A failed write leaves its unfinished file: removing it could remove the complete copy a concurrent put
    // of the same bytes moved over it meanwhile. The next put of these bytes replaces it (#putExisting), and
    // the collector removes it once it is old, as nothing refers to it.
    await this.#syncDir(dir);
    return { key, size: bytes.length };
  }

  /**
   * A put of bytes whose key names a file already. Usually a complete blob, which then counts as written again
   * (fresh: the collector only removes unreferenced blobs untouched for a while, so one a new row is about to
   * refer to is never collected in between) and is synced, as the put that made it may still be before its
   * sync. Otherwise it is unfinished (a crash's, or a concurrent put's still writing) or gone meanwhile (the
   * collector's): the bytes are then written under a temporary name, synced and moved over it, so the key
   * names complete bytes from then on.
   */
  async #putExisting(path: string, dir: string, key: string, bytes: Uint8Array): Promise<{ key: string; size: number }> {
    const held = await Deno.readFile(path).catch(() => null);
    if (held && Buffer.from(held.buffer, held.byteOffset, held.byteLength).equals(bytes) && await syncAndTouch(path)) {
      await this.#syncDir(dir);
      return { key, size: bytes.length };
    }
    const tmp = `${path}.${crypto.randomUUID()}.tmp`;
    try {
      await writeNewFile(tmp, bytes);
    } catch (e) {
      await Deno.remove(tmp).catch(() => {});
      throw e;
    }
    await Deno.rename(tmp, path);
    await this.#syncDir(dir);
    return { key, size: bytes.length };
  }

  /** Folders made once are remembered (the store itself never removes them), saving a mkdir per put. */
  #dirs = new Set<string>();
  async #ensureDir(dir: string): Promise<void> {
    if (this.#dirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    this.#dirs.add(dir); // 256 at most
  }

  /** An open handle per folder (256 at most), to sync the names made in it without opening it each time. */
  #dirHandles = new Map<string, Promise<Deno.FsFile>>();
  async #syncDir(dir: string): Promise<void> {
    let handle = this.#dirHandles.get(dir);
    if (!handle) {
      this.#dirHandles.set(dir, handle = Deno.open(dir, { read: true }));
      handle.catch(() => this.#dirHandles.delete(dir));
    }
    await (await handle).sync();
  }

  #forgetDir(dir: string): void {
    this.#dirs.delete(dir);
    const handle = this.#dirHandles.get(dir);
    this.#dirHandles.delete(dir);
    handle?.then((h) => h.close(), () => {});
  }

  async putFile(source: string, known?: { key: string; size: number }): Promise<{ key: string; size: number }> {
    const { key, size } = known ?? await hashFile(source);
    const path = this.#path(key);
    // Always moved into place, even over a file of the key: that one may be unfinished (put() makes its file
    // under the final name, so a crash can leave one cut short), and same bytes over same bytes changes nothing.
    const dir = join(this.root, key.slice(0, 2));
    await this.#ensureDir(dir);
    const tmp = `${path}.${crypto.randomUUID()}.tmp`;
    // Moved when on the same file system (the data folder's tmp area is), copied otherwise.
    await rename(source, tmp).catch(async (e) => {
      if ((e as NodeJS.ErrnoException).code !== "EXDEV") throw e;
      await copyFile(source, tmp);
      await rm(source, { force: true });
    });
    try {
      const fh = await open(tmp, "r+");
      try {
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, path);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    await this.#syncDir(dir);
    return { key, size };
  }

  async get(key: string): Promise<Uint8Array> {
    try {
      return new Uint8Array(await readFile(this.#path(key)));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new BlobMissingError(key);
      throw e;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    const path = this.#path(key);
    if (!range) {
      if ((await this.size(key)) === null) throw new BlobMissingError(key);
      return Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
    }
    const file = await Deno.open(path, { read: true }).catch((e) => {
      if (e instanceof Deno.errors.NotFound) throw new BlobMissingError(key);
      throw e;
    });
    return fileRangeStream(file, range.start, range.end + 1);
  }

  async size(key: string): Promise<number | null> {
    return await stat(this.#path(key)).then((s) => s.size, () => null);
  }

  async deleteIfUntouchedSince(key: string, cutoff: Date): Promise<boolean> {
    // Moved aside first, then judged: a put() that reused the blob before the move left a fresh time (put
    // back), one after it finds nothing and writes the bytes again. Same key, same bytes: putting back over
    // a new copy changes nothing.
    const path = this.#path(key);
    const aside = `${path}.${crypto.randomUUID()}.collect`;
    if (!(await rename(path, aside).then(() => true, () => false))) return false;
    const s = await stat(aside);
    if (s.mtime.getTime() >= cutoff.getTime()) {
      await rename(aside, path);
      return false;
    }
    await rm(aside, { force: true });
    return true;
  }

  async *list(): AsyncIterable<{ key: string; touchedAt: Date }> {
    const level = (dir: string) => readdir(dir).catch(() => [] as string[]);
    for (const a of await level(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(a)) continue;
      for (const name of await level(join(this.root, a))) {
        if (!KEY.test(name)) continue;
        const s = await stat(join(this.root, a, name)).catch(() => null);
        if (s) yield { key: name, touchedAt: s.mtime };
      }
    }
  }
}

/** The bytes of an open file from `start` to before `end`, read in 1 MiB pieces as the reader pulls; closes it. */
export function fileRangeStream(file: Deno.FsFile, start: number, end: number): ReadableStream<Uint8Array> {
  let at = start;
  let closed = false;
  const close = () => {
    if (!closed) file.close();
    closed = true;
  };
  return new ReadableStream<Uint8Array>({
    type: "bytes",
    async start() {
      try {
        await file.seek(start, Deno.SeekMode.Start);
      } catch (e) {
        close();
        throw e;
      }
    },
    async pull(controller) {
      try {
        if (at >= end) {
          close();
          controller.close();
          return;
        }
        const buf = new Uint8Array(Math.min(1024 * 1024, end - at));
        const n = await file.read(buf);
        if (n === null) {
          close();
          controller.error(new BlobMissingError("the blob ended before its size"));
          return;
        }
        at += n;
        controller.enqueue(buf.subarray(0, n));
      } catch (e) {
        close();
        controller.error(e);
      }
    },
    cancel: close,
  });
}

/** Makes the file (it must not exist yet), writes all of `bytes` and syncs it; the file is closed either way. */
async function writeNewFile(path: string, bytes: Uint8Array): Promise<void> {
  const file = await Deno.open(path, { write: true, createNew: true, mode: 0o600 });
  try {
    for (let done = 0; done < bytes.length;) done += await file.write(bytes.subarray(done));
    await file.sync();
  } finally {
    file.close();
  }
}

/** Syncs an existing file and gives it the current time; false when it is gone. */
async function syncAndTouch(path: string): Promise<boolean> {
  const file = await Deno.open(path, { read: true }).catch(() => null);
  if (!file) return false;
  try {
    await file.sync();
  } finally {
    file.close();
  }
  const now = new Date();
  return await Deno.utime(path, now, now).then(() => true, () => false);
}

/** Syncs a folder, so the names made or moved in it are on disk. */
export async function syncFolder(dir: string): Promise<void> {
  const f = await Deno.open(dir, { read: true });
  try {
    await f.sync();
  } finally {
    f.close();
  }
}
