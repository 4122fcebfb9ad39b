// The byte side of the POP3 client (pop3-fetch.ts): a growing buffer fed by the socket, from which status
// lines and multi-line blocks are read as bytes (messages are not text), and RFC 1939 dot-unstuffing.
import type { Socket } from "node:net";
import { MessageTooLargeError } from "./source.ts";

/** A growing byte buffer the socket appends to and the client reads lines or blocks from. */
export class Incoming {
  #socket: Socket;
  #data = new Uint8Array(64 * 1024);
  #start = 0;
  #end = 0;
  #wake: (() => void) | null = null;
  #failure: Error | null = null;
  #closed = false;

  constructor(socket: Socket) {
    this.#socket = socket;
    socket.on("data", this.#onData);
    socket.on("error", this.#onError);
    socket.on("close", this.#onClose);
  }

  #onData = (chunk: Uint8Array) => {
    this.#append(chunk);
    this.#wake?.();
  };
  #onError = (e: Error) => {
    this.#failure = e;
    this.#wake?.();
  };
  #onClose = () => {
    this.#closed = true;
    this.#wake?.();
  };

  /** Stops reading the socket (it is handed to TLS); answers whether unread bytes were left. */
  detach(): boolean {
    this.#socket.off("data", this.#onData).off("error", this.#onError).off("close", this.#onClose);
    return this.#end > this.#start;
  }

  #append(chunk: Uint8Array) {
    if (this.#end + chunk.length > this.#data.length) {
      const live = this.#end - this.#start;
      if (live + chunk.length > this.#data.length) {
        const next = new Uint8Array((live + chunk.length) * 2);
        next.set(this.#data.subarray(this.#start, this.#end), 0);
        this.#data = next;
      } else {
        this.#data.copyWithin(0, this.#start, this.#end);
      }
      this.#end = live;
      this.#start = 0;
    }
    this.#data.set(chunk, this.#end);
    this.#end += chunk.length;
  }

  async #wait(): Promise<void> {
    if (this.#failure) throw this.#failure;
    if (this.#closed) throw new Error("connection closed by the server");
    await new Promise<void>((ok) => this.#wake = ok);
    this.#wake = null;
  }

  /** Whether the unread bytes start with `prefix` (waits until enough bytes are there to tell). */
  async startsWith(prefix: Uint8Array): Promise<boolean> {
    while (this.#end - this.#start < prefix.length) await this.#wait();
    return prefix.every((b, i) => this.#data[this.#start + i] === b);
  }

  skip(n: number): void {
    this.#start += n;
  }

  /**
   * Bytes up to and including `term`, found at or after `from` (0 = the first unread byte). More than `max`
   * unread bytes without `term`: MessageTooLargeError (nothing more is buffered).
   */
  async until(term: Uint8Array, from = 0, max = Infinity): Promise<Uint8Array> {
    let searched = from;
    for (;;) {
      const at = indexOf(this.#data, term, this.#start + Math.max(0, searched - term.length + 1), this.#end);
      if (at >= 0) {
        const out = this.#data.slice(this.#start, at + term.length);
        this.#start = at + term.length;
        return out;
      }
      searched = this.#end - this.#start;
      if (searched > max) throw new MessageTooLargeError(true);
      await this.#wait();
    }
  }
}

function indexOf(hay: Uint8Array, needle: Uint8Array, from: number, to: number): number {
  outer: for (let i = from; i + needle.length <= to; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Removes the leading dot of every line that starts with one (RFC 1939 §3 byte-stuffing). */
export function unstuff(body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length);
  let n = 0;
  let lineStart = true;
  for (let i = 0; i < body.length; i++) {
    const b = body[i];
    if (lineStart && b === 46) {
      lineStart = false;
      continue;
    }
    out[n++] = b;
    lineStart = b === 10;
  }
  return out.slice(0, n);
}
