// The unfinished resumable uploads of this instance (tus.ts): DATA_DIR/tmp/drive-uploads/<id>.part holds the
// bytes received so far (its size is the upload's offset: a request cut half-way keeps what arrived) and
// <id>.json who started it and for what (company, user, folder, name, type, length; once complete the drive
// item's id). Same file system as the blob store's folder, so a finished file moves into the store by rename.
//
// The SHA-256 the blob store keys by is computed as the bytes arrive (kept in memory per upload while this
// process runs), so completing a file reads it no second time; after a restart the first PATCH finds no
// running hash and the completion hashes the file in one read instead. Each write buffer is hashed while the
// runtime writes it to the file, not after.
//
// Uploads live on the instance that took them: several instances behind a load balancer need sticky routing
// by upload id (or a shared DATA_DIR/tmp). An upload not touched for TUS_EXPIRY_MS is swept (sweepUploads).
import { createHash, type Hash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, truncate, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { TUS_EXPIRY_MS } from "../../../../shared/drive/transfer.ts";

export interface UploadInfo {
  id: string;
  companyId: number;
  userId: number;
  folderId: number;
  name: string;
  type: string;
  length: number;
  createdAt: number;
  /** Set once the file is in the drive. */
  fileId?: number;
}

const ID = /^[0-9a-f]{32}$/;
/** Bytes gathered before one write to the file: few system calls per gigabyte. */
const WRITE_BUFFER = 1024 * 1024;
/** What one read of the body takes at most (the BYOB reader's memory, reused). */
const READ_PIECE = 256 * 1024;
/**
 * Every this many bytes written, the file's data is synced in the background (another descriptor, not
 * awaited): the disk writes while the next bytes arrive, so the sync that makes the finished file durable
 * (the blob store's) has little left to do instead of a whole gigabyte.
 */
const SYNC_EVERY = 64 * 1024 * 1024;

export class UploadStore {
  readonly dir: string;
  /** The running hash of each upload this process received bytes for, with the offset it covers. */
  #hashes = new Map<string, { hash: Hash; offset: number }>();
  /** The background syncs of each upload, chained (settled() waits for them). */
  #syncs = new Map<string, Promise<void>>();

  constructor(dataDir: string) {
    this.dir = join(resolve(dataDir), "tmp", "drive-uploads");
  }

  #ready: Promise<unknown> | null = null;
  async #ensureDir() {
    this.#ready ??= mkdir(this.dir, { recursive: true, mode: 0o700 }).catch((e) => {
      this.#ready = null;
      throw e;
    });
    await this.#ready;
  }

  partPath(id: string) {
    return join(this.dir, `${id}.part`);
  }
  #infoPath(id: string) {
    return join(this.dir, `${id}.json`);
  }

  async create(info: Omit<UploadInfo, "id">): Promise<UploadInfo> {
    await this.#ensureDir();
    const full: UploadInfo = { id: crypto.randomUUID().replaceAll("-", ""), ...info };
    await writeFile(this.partPath(full.id), new Uint8Array(0), { flag: "wx", mode: 0o600 });
    await this.#writeInfo(full);
    this.#hashes.set(full.id, { hash: createHash("sha256"), offset: 0 });
    return full;
  }

  async #writeInfo(info: UploadInfo) {
    const tmp = `${this.#infoPath(info.id)}.${crypto.randomUUID()}.tmp`;
    await writeFile(tmp, JSON.stringify(info), { mode: 0o600 });
    await rename(tmp, this.#infoPath(info.id));
  }

  async info(id: string): Promise<UploadInfo | null> {
    if (!ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(this.#infoPath(id), "utf8")) as UploadInfo;
    } catch {
      return null;
    }
  }

  /** The bytes received so far; null when the part file is gone (completed or removed). */
  async offset(id: string): Promise<number | null> {
    return await stat(this.partPath(id)).then((s) => s.size, () => null);
  }

  #syncInBackground(id: string) {
    const path = this.partPath(id);
    const previous = this.#syncs.get(id) ?? Promise.resolve();
    const next = previous.then(async () => {
      const f = await Deno.open(path, { read: true });
      try {
        await f.syncData();
      } finally {
        f.close();
      }
    }).catch(() => {}); // gone meanwhile (cancelled): nothing to sync
    this.#syncs.set(id, next);
  }

  /** Waits for the upload's background syncs (before its file moves into the blob store). */
  async settled(id: string): Promise<void> {
    await this.#syncs.get(id);
    this.#syncs.delete(id);
  }

  async markDone(info: UploadInfo, fileId: number) {
    await this.#writeInfo({ ...info, fileId });
    this.#hashes.delete(info.id);
  }

  /** The finished file's key from the running hash, when it covers all of it (null: hash the file). */
  keyOf(id: string, length: number): string | null {
    const running = this.#hashes.get(id);
    this.#hashes.delete(id);
    if (running && running.offset === length) return running.hash.digest("hex");
    return null;
  }

  /**
   * Appends the stream at `offset` (the caller checked it is the file's size), at most `max` bytes; stops early
   * when the stream ends, breaks or `signal` aborts, keeping (and having hashed) every byte written. Answers the
   * new offset and whether more bytes came than `max` allows (they are not written).
   */
  async append(id: string, offset: number, body: ReadableStream<Uint8Array>, max: number, signal: AbortSignal) {
    let running = this.#hashes.get(id);
    if (running && running.offset !== offset) running = undefined;
    if (!running && offset === 0) running = { hash: createHash("sha256"), offset: 0 };
    this.#hashes.delete(id); // put back below only when it covers exactly what the file holds
    const file = await Deno.open(this.partPath(id), { write: true, append: true });
    const buffer = new Uint8Array(WRITE_BUFFER);
    let filled = 0;
    let written = offset;
    let synced = offset;
    let overflow = false;
    let failed: unknown = null;
    const flush = async () => {
      const chunk = buffer.subarray(0, filled);
      // The write runs on a thread of the runtime while this one hashes the same bytes (neither changes them;
      // the buffer is refilled only after both). A write that fails throws: the hash is then dropped (below).
      const writing = (async () => {
        for (let done = 0; done < chunk.length;) done += await file.write(chunk.subarray(done));
      })();
      running?.hash.update(chunk);
      await writing;
      written += chunk.length;
      filled = 0;
      if (written - synced >= SYNC_EVERY) {
        synced = written;
        this.#syncInBackground(id);
      }
    };
    // A byte stream (Deno's request bodies are) is read into one piece of memory handed back and forth (a BYOB
    // reader): no piece of its own per read, so a gigabyte leaves no trail of garbage behind (the server's memory
    // stays flat). Not into the write buffer itself: a read that fails (the client went away) takes the memory it
    // was given with it, and the bytes already there but not yet written would go too.
    let byob: ReadableStreamBYOBReader | null = null;
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    try {
      byob = body.getReader({ mode: "byob" });
    } catch {
      reader = body.getReader();
    }
    let piece = byob ? new Uint8Array(READ_PIECE) : null;
    const cancel = () => (byob ?? reader)!.cancel().catch(() => {});
    const onAbort = () => void cancel();
    signal.addEventListener("abort", onAbort);
    try {
      for (;;) {
        const room = max - (written + filled - offset);
        // All the upload's bytes are here: stop (a chunked body's end is not waited for; a longer body's
        // Content-Length was refused before reading, tus.ts).
        if (room === 0) break;
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = byob ? await byob.read(new Uint8Array(piece!.buffer, 0, Math.min(piece!.byteLength, room))) : await reader!.read();
        } catch {
          break; // the client went away: keep what arrived
        }
        if (byob && next.value) piece = new Uint8Array(next.value.buffer as ArrayBuffer); // the same memory, handed back
        if (next.done || signal.aborted) break;
        let chunk = next.value;
        if (chunk.length > room) {
          overflow = true;
          chunk = chunk.subarray(0, room);
        }
        while (chunk.length) {
          const n = Math.min(chunk.length, buffer.length - filled);
          buffer.set(chunk.subarray(0, n), filled);
          filled += n;
          chunk = chunk.subarray(n);
          if (filled === buffer.length) await flush();
        }
        if (overflow) {
          await cancel();
          break;
        }
      }
      if (filled) await flush();
    } catch (e) {
      failed = e;
    } finally {
      signal.removeEventListener("abort", onAbort);
      file.close();
    }
    if (failed) {
      // A write that failed (disk full) may have left part of a buffer: cut back to what is known written.
      await truncate(this.partPath(id), written).catch(() => {});
      throw failed;
    }
    if (running) this.#hashes.set(id, { hash: running.hash, offset: written });
    return { offset: written, overflow };
  }

  /** Removes an upload's files (termination, expiry, or after a failed completion). */
  async remove(id: string) {
    this.#hashes.delete(id);
    await this.settled(id);
    await rm(this.partPath(id), { force: true });
    await rm(this.#infoPath(id), { force: true });
  }

  /** The user's uploads that are not finished. */
  async openCount(companyId: number, userId: number): Promise<number> {
    let n = 0;
    for (const info of await this.#all()) {
      if (info.companyId === companyId && info.userId === userId && info.fileId === undefined) n++;
    }
    return n;
  }

  async #all(): Promise<UploadInfo[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const out: UploadInfo[] = [];
    for (const name of names) {
      if (!name.endsWith(".json")) continue;
      const info = await this.info(name.slice(0, -5));
      if (info) out.push(info);
    }
    return out;
  }

  /**
   * Removes uploads whose bytes (or, when done, record) were last written before `now - TUS_EXPIRY_MS`, and
   * files of no upload (a crash between the two writes of create). Answers how many uploads went.
   */
  async sweep(now = Date.now(), keepMs = TUS_EXPIRY_MS): Promise<number> {
    const cutoff = now - keepMs;
    const mtime = (name: string) => stat(join(this.dir, name)).then((s) => s.mtimeMs, () => null);
    let removed = 0;
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const m = /^([0-9a-f]{32})\.(part|json)$/.exec(name);
      const at = await mtime(name);
      if (at === null || at >= cutoff) continue;
      if (!m) {
        if (/\.tmp$/.test(name)) await rm(join(this.dir, name), { force: true }); // a record write that died
        continue;
      }
      const other = await mtime(`${m[1]}.${m[2] === "part" ? "json" : "part"}`);
      if (other !== null && other >= cutoff) continue; // the upload's other file is recent: still in use
      const known = m[2] === "json" || other !== null;
      await this.remove(m[1]);
      if (known) removed++;
    }
    return removed;
  }
}

const stores = new Map<string, UploadStore>();

/** The upload store of a data folder (one per process, so the running hashes are shared by all requests). */
export function uploadStoreOf(dataDir: string): UploadStore {
  const key = resolve(dataDir);
  let store = stores.get(key);
  if (!store) stores.set(key, store = new UploadStore(dataDir));
  return store;
}
