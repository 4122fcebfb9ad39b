// A small POP3 client (RFC 1939) over node:net / node:tls: USER/PASS, STAT, UIDL, RETR, DELE, QUIT, with
// multi-line answers read as bytes and dot-unstuffed. Deletions only take effect at QUIT (the UPDATE state),
// so a connection lost part-way deletes nothing. STLS and APOP are not offered: use implicit TLS (port 995)
// or, on a trusted network, plaintext.
import { connect as netConnect, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { type MailSource, MessageTooLargeError, ProtocolError, type RemoteMessage, type ServerEndpoint } from "./source.ts";

const CRLF = new Uint8Array([13, 10]);
const END = new Uint8Array([13, 10, 46, 13, 10]); // CRLF . CRLF

/** A growing byte buffer the socket appends to and the client reads lines or blocks from. */
class Incoming {
  #data = new Uint8Array(64 * 1024);
  #start = 0;
  #end = 0;
  #wake: (() => void) | null = null;
  #failure: Error | null = null;
  #closed = false;

  constructor(socket: Socket) {
    socket.on("data", (chunk: Uint8Array) => {
      this.#append(chunk);
      this.#wake?.();
    });
    socket.on("error", (e) => {
      this.#failure = e;
      this.#wake?.();
    });
    socket.on("close", () => {
      this.#closed = true;
      this.#wake?.();
    });
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

export class Pop3Client {
  #socket: Socket;
  #in: Incoming;

  private constructor(socket: Socket) {
    this.#socket = socket;
    this.#in = new Incoming(socket);
  }

  static async connect(ep: ServerEndpoint, timeoutMs = 30_000): Promise<{ client: Pop3Client; greeting: string }> {
    const socket = await new Promise<Socket>((ok, fail) => {
      const s: Socket = ep.secure
        ? tlsConnect({ host: ep.host, port: ep.port, ...(ep.servername ? { servername: ep.servername } : {}) }, () => ok(s))
        : netConnect({ host: ep.host, port: ep.port }, () => ok(s));
      s.once("error", fail);
      s.setTimeout(timeoutMs, () => s.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    });
    const client = new Pop3Client(socket);
    const greeting = await client.#status();
    return { client, greeting };
  }

  /** Reads one status line: the text after +OK, or a ProtocolError with the text after -ERR. */
  async #status(): Promise<string> {
    const line = new TextDecoder().decode(await this.#in.until(CRLF)).replace(/\r\n$/, "");
    if (line.startsWith("+OK")) return line.slice(3).trim();
    if (line.startsWith("-ERR")) throw new ProtocolError(line.slice(4).trim() || "-ERR");
    throw new ProtocolError(line.slice(0, 200) || "malformed answer");
  }

  async #send(line: string): Promise<string> {
    this.#socket.write(line + "\r\n");
    return await this.#status();
  }

  async #multiline(line: string, max = Infinity): Promise<Uint8Array> {
    await this.#send(line);
    const empty = new Uint8Array([46, 13, 10]);
    if (await this.#in.startsWith(empty)) {
      this.#in.skip(3);
      return new Uint8Array(0);
    }
    const body = await this.#in.until(END, 0, max);
    // Keep the CRLF ending the last line; drop the terminating ".\r\n".
    return unstuff(body.subarray(0, body.length - 3));
  }

  /** USER/PASS; answers the server's text of the successful PASS. */
  async login(user: string, password: string): Promise<string> {
    if (/[\r\n]/.test(user) || /[\r\n]/.test(password)) throw new ProtocolError("invalid characters in the login");
    await this.#send(`USER ${user}`);
    return await this.#send(`PASS ${password}`);
  }

  async stat(): Promise<{ count: number; size: number }> {
    const [count, size] = (await this.#send("STAT")).split(/\s+/).map(Number);
    return { count, size };
  }

  /** Message numbers with their unique ids. */
  async uidl(): Promise<{ n: number; uid: string }[]> {
    const text = new TextDecoder().decode(await this.#multiline("UIDL"));
    return text.split("\r\n").filter(Boolean).map((l) => {
      const [n, uid] = l.trim().split(/\s+/);
      return { n: Number(n), uid };
    });
  }

  async list(): Promise<Map<number, number>> {
    const text = new TextDecoder().decode(await this.#multiline("LIST"));
    return new Map(text.split("\r\n").filter(Boolean).map((l) => l.trim().split(/\s+/).map(Number) as [number, number]));
  }

  /**
   * One message, at most `maxBytes` after unstuffing, whatever LIST said. A bigger one is not read to its end:
   * the connection is dropped (the session cannot go on mid-message; deletions not yet QUIT are not applied)
   * and MessageTooLargeError thrown.
   */
  async retr(n: number, maxBytes = MAX_MESSAGE_BYTES): Promise<Uint8Array> {
    try {
      // On the wire: the message, its dot-stuffing and the terminator; a little slack for the stuffing.
      const body = await this.#multiline(`RETR ${n}`, maxBytes + Math.ceil(maxBytes / 64) + 8);
      if (body.length > maxBytes) throw new MessageTooLargeError(true);
      return body;
    } catch (e) {
      if (e instanceof MessageTooLargeError) this.destroy();
      throw e;
    }
  }

  async dele(n: number): Promise<void> {
    await this.#send(`DELE ${n}`);
  }

  /** QUIT: the server deletes what was marked; then the connection ends. */
  async quit(): Promise<void> {
    try {
      await this.#send("QUIT");
    } finally {
      this.#socket.end();
    }
  }

  destroy(): void {
    this.#socket.destroy();
  }
}

/** Opens a POP3 mailbox as a MailSource (the login's answer in `message`). */
export async function openPop3(ep: ServerEndpoint, user: string, password: string, maxBytes = MAX_MESSAGE_BYTES): Promise<MailSource> {
  const { client } = await Pop3Client.connect(ep);
  let message: string;
  try {
    message = await client.login(user, password);
  } catch (e) {
    client.destroy();
    if (e instanceof ProtocolError) e.auth = true;
    throw e;
  }
  let numbers = new Map<string, number>();
  return {
    message,
    canDelete: true,
    async list(): Promise<RemoteMessage[]> {
      const [ids, sizes] = [await client.uidl(), await client.list()];
      numbers = new Map(ids.map((x) => [x.uid, x.n]));
      return ids.map((x) => ({ uid: x.uid, size: sizes.get(x.n) ?? 0 }));
    },
    async retrieve(uid: string) {
      const n = numbers.get(uid);
      if (n === undefined) throw new ProtocolError(`no message ${uid}`);
      return await client.retr(n, maxBytes);
    },
    async remove(uid: string) {
      const n = numbers.get(uid);
      if (n !== undefined) await client.dele(n);
    },
    async close() {
      await client.quit().catch(() => client.destroy());
    },
    abort() {
      client.destroy();
    },
  };
}
