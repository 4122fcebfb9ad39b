// The blob store: file bytes (raw mail, attachments, uploads, drive files) by content address. A blob's key
// is the SHA-256 of its bytes, so storing the same bytes twice keeps one copy. put() returns only once the
// bytes are on disk (file and folder synced): a caller may acknowledge what it stored. The interface is all
// the rest of the server sees, so an S3-compatible store can replace the folder for multi-instance installs.
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { join } from "node:path";
import { sha256Hex } from "./encoding.ts";

export interface BlobStore {
  /** Stores bytes durably; answers their key and size. */
  put(bytes: Uint8Array): Promise<{ key: string; size: number }>;
  /** The whole blob; throws BlobMissingError when there is none. */
  get(key: string): Promise<Uint8Array>;
  /** A stream of the blob, for large downloads. */
  stream(key: string): Promise<ReadableStream<Uint8Array>>;
  size(key: string): Promise<number | null>;
  /** Removes a blob no row refers to any more (callers check references). */
  delete(key: string): Promise<void>;
}

export class BlobMissingError extends Error {}

const KEY = /^[0-9a-f]{64}$/;

export class FileBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  #path(key: string): string {
    if (!KEY.test(key)) throw new BlobMissingError(`not a blob key: ${key}`);
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(bytes: Uint8Array): Promise<{ key: string; size: number }> {
    const key = await sha256Hex(bytes);
    const path = this.#path(key);
    const size = await stat(path).then((s) => s.size, () => null);
    if (size === bytes.length) return { key, size };
    const dir = join(this.root, key.slice(0, 2), key.slice(2, 4));
    await mkdir(dir, { recursive: true });
    const tmp = `${path}.${crypto.randomUUID()}.tmp`;
    const fh = await open(tmp, "w", 0o600);
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
    await syncDir(dir);
    return { key, size: bytes.length };
  }

  async get(key: string): Promise<Uint8Array> {
    try {
      return new Uint8Array(await readFile(this.#path(key)));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new BlobMissingError(key);
      throw e;
    }
  }

  async stream(key: string): Promise<ReadableStream<Uint8Array>> {
    const path = this.#path(key);
    if ((await this.size(key)) === null) throw new BlobMissingError(key);
    return Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  }

  async size(key: string): Promise<number | null> {
    return await stat(this.#path(key)).then((s) => s.size, () => null);
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}

async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, "r");
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
