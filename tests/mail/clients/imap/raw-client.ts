// A bare IMAP client over node:net / node:tls for the protocol tests that need exact bytes on the wire
// (continuations, literals, response codes): writes text, reads lines, runs a tagged command to completion.
import net from "node:net";
import tls from "node:tls";
import { Buffer } from "node:buffer";

export class RawImap {
  private buf = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(private socket: net.Socket) {
    this.listen(socket);
  }

  private listen(s: net.Socket) {
    s.on("data", (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.wake();
    });
    s.on("close", () => {
      this.closed = true;
      this.wake();
    });
    s.on("error", () => {});
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  static connect(port: number, host = "127.0.0.1", implicitTls = false): Promise<RawImap> {
    return new Promise((resolve, reject) => {
      const s = implicitTls
        ? tls.connect({ port, host, rejectUnauthorized: false }, () => resolve(new RawImap(s)))
        : net.connect({ port, host }, () => resolve(new RawImap(s)));
      s.once("error", reject);
    });
  }

  write(text: string | Uint8Array): void {
    this.socket.write(text);
  }

  /** The next line (without CRLF); throws after `ms` or when the server closed. */
  async line(ms = 10_000): Promise<string> {
    const end = Date.now() + ms;
    while (true) {
      const at = this.buf.indexOf("\r\n");
      if (at >= 0) {
        const line = this.buf.subarray(0, at).toString("utf8");
        this.buf = this.buf.subarray(at + 2);
        return line;
      }
      if (this.closed) throw new Error("connection closed");
      if (Date.now() > end) throw new Error(`no line in time; have ${JSON.stringify(this.buf.toString())}`);
      await new Promise<void>((r) => {
        const timer = setTimeout(r, Math.max(1, end - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          r();
        });
      });
    }
  }

  /** Sends `tag text` and reads up to the tagged answer. */
  async run(tag: string, text: string): Promise<{ lines: string[]; done: string }> {
    this.write(`${tag} ${text}\r\n`);
    return await this.until(tag);
  }

  async until(tag: string): Promise<{ lines: string[]; done: string }> {
    const lines: string[] = [];
    while (true) {
      const l = await this.line();
      if (l.startsWith(tag + " ")) return { lines, done: l.slice(tag.length + 1) };
      lines.push(l);
    }
  }

  /** Upgrades after the server's STARTTLS OK. */
  starttls(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.removeAllListeners("data");
      this.socket.removeAllListeners("close");
      const s = tls.connect({ socket: this.socket, rejectUnauthorized: false }, () => resolve());
      s.once("error", reject);
      this.socket = s;
      this.buf = Buffer.alloc(0);
      this.listen(s);
    });
  }

  close(): void {
    this.socket.destroy();
  }
}
