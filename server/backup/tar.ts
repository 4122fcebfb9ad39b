// The archive's container: a plain POSIX ustar stream (readable with `tar -tzf` once un-gzipped), written and
// read entry by entry with back-pressure, so an archive of any size passes through a few megabytes of memory.
// Each entry's SHA-256 is computed on the way, for the manifest (writer) and its check (reader).
import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Writable } from "node:stream";

const BLOCK = 512;
const enc = new TextEncoder();
const dec = new TextDecoder();

export class ArchiveFormatError extends Error {}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number, mtime: Date): Uint8Array {
  const nameBytes = enc.encode(name);
  if (nameBytes.length > 100) throw new Error(`archive entry name too long: ${name}`);
  if (size > 0o77777777777) throw new Error(`archive entry too large: ${name}`);
  const h = new Uint8Array(BLOCK);
  const put = (off: number, s: string) => h.set(enc.encode(s), off);
  h.set(nameBytes, 0);
  put(100, octal(0o644, 8));
  put(108, octal(0, 8));
  put(116, octal(0, 8));
  put(124, octal(size, 12));
  put(136, octal(Math.floor(mtime.getTime() / 1000), 12));
  put(148, "        ");
  put(156, "0");
  put(257, "ustar\u000000");
  let sum = 0;
  for (const b of h) sum += b;
  put(148, sum.toString(8).padStart(6, "0") + "\0 ");
  return h;
}

/** Writes entries into `out` (a gzip stream, a file), waiting for it to drain. */
export class TarWriter {
  #mtime = new Date();
  constructor(private readonly out: Writable) {}

  async #write(bytes: Uint8Array): Promise<void> {
    if (!this.out.write(bytes)) await once(this.out, "drain");
  }

  /** A whole entry from memory; answers its SHA-256. */
  async file(name: string, bytes: Uint8Array): Promise<string> {
    return await this.stream(name, bytes.length, [bytes]);
  }

  /** An entry of exactly `size` bytes from a stream; answers its SHA-256. */
  async stream(name: string, size: number, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<string> {
    await this.#write(header(name, size, this.#mtime));
    const hash = createHash("sha256");
    let written = 0;
    for await (const chunk of body) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was being written`);
      hash.update(chunk);
      await this.#write(chunk);
    }
    if (written !== size) throw new Error(`${name} shrank while it was being written (${written} of ${size} bytes)`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad) await this.#write(new Uint8Array(pad));
    return hash.digest("hex");
  }

  /** The end-of-archive marker; the caller then ends `out`. */
  async end(): Promise<void> {
    await this.#write(new Uint8Array(BLOCK * 2));
  }
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  #buf: Uint8Array = new Uint8Array(0);
  #it: AsyncIterator<Uint8Array>;
  constructor(source: AsyncIterable<Uint8Array>) {
    this.#it = source[Symbol.asyncIterator]();
  }

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Uint8Array | null> {
    if (!this.#buf.length) {
      const next = await this.#it.next();
      if (next.done) return null;
      this.#buf = new Uint8Array(next.value.buffer as ArrayBuffer, next.value.byteOffset, next.value.byteLength);
    }
    const out = this.#buf.subarray(0, Math.min(max, this.#buf.length));
    this.#buf = this.#buf.subarray(out.length);
    return out;
  }

  /** Exactly n bytes, or null when the stream ends first (before any of them when `allowEnd`). */
  async exact(n: number): Promise<Uint8Array | null> {
    const out = new Uint8Array(n);
    let got = 0;
    while (got < n) {
      const part = await this.some(n - got);
      if (!part) return null;
      out.set(part, got);
      got += part.length;
    }
    return out;
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it to its end before asking for the next entry. */
  body: AsyncIterable<Uint8Array>;
  /** The SHA-256 of the body, once it has been read to its end. */
  sha256(): string;
}

const TRUNCATED = "the archive is truncated (it ends in the middle)";

function parseHeader(h: Uint8Array): { name: string; size: number; type: string } | null {
  if (h.every((b) => b === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
  const field = (off: number, len: number) => dec.decode(h.subarray(off, off + len)).replace(/\0.*$/s, "").trim();
  if (parseInt(field(148, 8), 8) !== sum) throw new ArchiveFormatError("the archive is damaged (an entry header fails its checksum)");
  const size = parseInt(field(124, 12), 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new ArchiveFormatError("the archive is damaged (an entry has no size)");
  const prefix = field(345, 155);
  const name = field(0, 100);
  return { name: prefix ? `${prefix}/${name}` : name, size, type: field(156, 1) || "0" };
}

/** The entries of an archive in order; a damaged or cut-off archive throws ArchiveFormatError. */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const r = new ByteReader(source);
  while (true) {
    const h = await r.exact(BLOCK);
    if (!h) throw new ArchiveFormatError(TRUNCATED);
    const head = parseHeader(h);
    if (!head) return;
    const hash = createHash("sha256");
    let left = head.size;
    const pull = async (): Promise<Uint8Array | null> => {
      if (left === 0) return null;
      const part = await r.some(Math.min(left, 1 << 20));
      if (!part) throw new ArchiveFormatError(TRUNCATED);
      left -= part.length;
      hash.update(part);
      return part;
    };
    let digest: string | null = null;
    const finish = () => digest ??= hash.digest("hex");
    const entry: TarEntry = {
      name: head.name,
      size: head.size,
      body: {
        async *[Symbol.asyncIterator]() {
          for (let part = await pull(); part; part = await pull()) yield part;
        },
      },
      sha256: () => {
        if (left > 0) throw new Error(`entry ${head.name} was not read to its end`);
        return finish();
      },
    };
    yield entry;
    while (await pull()) { /* skip what the caller left unread */ }
    finish();
    const pad = (BLOCK - (head.size % BLOCK)) % BLOCK;
    if (pad && !(await r.exact(pad))) throw new ArchiveFormatError(TRUNCATED);
  }
}
