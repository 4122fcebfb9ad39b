// Pull-style byte reader over a socket's "data" events: a session awaits whole lines (CRLF or LF) and exact
// byte counts (literals), so IMAP's literals, AUTHENTICATE continuations and IDLE's DONE all read alike.
// A line longer than the limit throws LineTooLong (the session answers BAD and drops the connection).
import { Buffer } from "node:buffer";

export class LineTooLong extends Error {
  constructor() {
    super("line too long");
  }
}

export class ByteReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private ended = false;
  private wake: (() => void) | null = null;

  push(chunk: Uint8Array): void {
    if (!chunk.length) return;
    this.chunks.push(Buffer.from(chunk));
    this.length += chunk.length;
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Drops everything buffered (STARTTLS: nothing sent before the handshake may count). */
  discard(): void {
    this.chunks = [];
    this.length = 0;
  }

  /** Bytes waiting to be read. */
  get buffered(): number {
    return this.length;
  }

  private notify() {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private wait(): Promise<void> {
    return new Promise((resolve) => this.wake = resolve);
  }

  private merge(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.length)];
    return this.chunks[0] ?? Buffer.alloc(0);
  }

  private take(n: number): Buffer {
    const all = this.merge();
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  /** The next line without its CRLF; null when the peer closed first. */
  async readLine(max: number): Promise<Buffer | null> {
    let searched = 0;
    while (true) {
      if (this.length > searched) {
        const all = this.merge();
        const at = all.indexOf(0x0a, searched);
        if (at >= 0) {
          if (at > max + 1) throw new LineTooLong();
          const line = this.take(at + 1);
          const end = line.length >= 2 && line[line.length - 2] === 0x0d ? line.length - 2 : line.length - 1;
          return Buffer.from(line.subarray(0, end));
        }
        searched = all.length;
        if (searched > max + 1) throw new LineTooLong();
      }
      if (this.ended) return null;
      await this.wait();
    }
  }

  /** Exactly n bytes; null when the peer closed first. */
  async readBytes(n: number): Promise<Buffer | null> {
    while (this.length < n) {
      if (this.ended) return null;
      await this.wait();
    }
    return Buffer.from(this.take(n));
  }

  /** Reads and throws away n bytes (a refused literal) without keeping them all at once. */
  async skip(n: number): Promise<boolean> {
    let left = n;
    while (left > 0) {
      if (!this.length) {
        if (this.ended) return false;
        await this.wait();
        continue;
      }
      const k = Math.min(left, this.length);
      this.take(k);
      left -= k;
    }
    return true;
  }
}
