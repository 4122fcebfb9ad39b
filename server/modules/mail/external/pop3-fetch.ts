// A small POP3 client (RFC 1939) over node:net / node:tls: CAPA, STLS, USER/PASS, STAT, UIDL, RETR, DELE,
// QUIT, with multi-line answers read as bytes and dot-unstuffed. Deletions only take effect at QUIT (the
// UPDATE state), so a connection lost part-way deletes nothing.
// TLS: implicit (port 995, `secure`), or on a plain port STLS (RFC 2595) whenever the server's CAPA offers it,
// as imapflow does with STARTTLS for IMAP accounts: the certificate is verified, and a failed upgrade ends the
// session (never a fall-back to plaintext after STLS was offered). A server offering no STLS is used in
// plaintext, as before (the account chose a plain port).
// Login: USER/PASS; APOP (RFC 1939 §7) only when the server refuses USER/PASS here (CAPA, asked again after
// STLS as RFC 2595 requires, does not list USER) and its greeting carries an APOP timestamp — e.g. a server
// that allows no plaintext password over an unencrypted connection.
import { connect as netConnect, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import { createHash } from "node:crypto";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { type Listing, type MailSource, MessageTooLargeError, ProtocolError, type ServerEndpoint } from "./source.ts";
import { Incoming, unstuff } from "./pop3-wire.ts";

const CRLF = new Uint8Array([13, 10]);
const END = new Uint8Array([13, 10, 46, 13, 10]); // CRLF . CRLF

/** The APOP timestamp of a greeting ("<...@...>"), or null. */
export function apopStamp(greeting: string): string | null {
  return /<[^<>\s]*@[^<>\s]*>/.exec(greeting)?.[0] ?? null;
}

export class Pop3Client {
  #socket: Socket;
  #in: Incoming;
  #greeting = "";
  /** CAPA of the current (plain or TLS) session; null until asked. */
  #caps: string[] | null = null;

  private constructor(socket: Socket) {
    this.#socket = socket;
    this.#in = new Incoming(socket);
  }

  /**
   * Connects and reads the greeting; on a plain connection, upgrades with STLS when CAPA offers it.
   * `tls`: whether the session is encrypted (implicitly or by STLS).
   */
  static async connect(ep: ServerEndpoint, timeoutMs = 30_000): Promise<{ client: Pop3Client; greeting: string; tls: boolean }> {
    const tlsOptions = { ...(ep.servername ? { servername: ep.servername } : {}), ...(ep.ca ? { ca: ep.ca } : {}) };
    const socket = await new Promise<Socket>((ok, fail) => {
      const s: Socket = ep.secure
        ? tlsConnect({ host: ep.host, port: ep.port, ...tlsOptions }, () => ok(s))
        : netConnect({ host: ep.host, port: ep.port }, () => ok(s));
      s.once("error", fail);
      s.setTimeout(timeoutMs, () => s.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    });
    const client = new Pop3Client(socket);
    try {
      const greeting = client.#greeting = await client.#status();
      if (ep.secure) return { client, greeting, tls: true };
      client.#caps = await client.capabilities();
      if (!client.#caps.includes("STLS")) return { client, greeting, tls: false };
      client.#caps = null; // asked again over TLS
      await client.#send("STLS");
      // Nothing may follow +OK before the handshake (RFC 2595 §3.1): bytes already there were injected.
      if (client.#in.detach()) throw new ProtocolError("data after the STLS answer");
      socket.setTimeout(0); // the TLS socket keeps its own
      const secured = await new Promise<Socket>((ok, fail) => {
        const s: Socket = tlsConnect({ socket, host: ep.host, ...tlsOptions }, () => ok(s));
        s.once("error", fail);
        s.setTimeout(timeoutMs, () => s.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      });
      client.#socket = secured;
      client.#in = new Incoming(secured);
      return { client, greeting, tls: true };
    } catch (e) {
      client.destroy();
      throw e;
    }
  }

  /** CAPA (RFC 2449): the capability names, upper-case; none when the server does not know CAPA. */
  async capabilities(): Promise<string[]> {
    let text: string;
    try {
      text = new TextDecoder().decode(await this.#multiline("CAPA"));
    } catch (e) {
      if (e instanceof ProtocolError) return [];
      throw e;
    }
    return text.split("\r\n").map((l) => l.trim().split(/\s+/)[0].toUpperCase()).filter(Boolean);
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

  /** USER/PASS, or APOP when the server refuses USER here (see the top); answers the server's text. */
  async login(user: string, password: string): Promise<string> {
    if (/[\r\n]/.test(user) || /[\r\n]/.test(password)) throw new ProtocolError("invalid characters in the login");
    const caps = this.#caps ??= await this.capabilities();
    const stamp = apopStamp(this.#greeting);
    if (stamp && caps.length && !caps.includes("USER")) return await this.#send(`APOP ${user} ${createHash("md5").update(stamp + password).digest("hex")}`);
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
    async list(): Promise<Listing> {
      // POP3 has no "since": the whole maildrop every time (a complete listing).
      const [ids, sizes] = [await client.uidl(), await client.list()];
      numbers = new Map(ids.map((x) => [x.uid, x.n]));
      return { messages: ids.map((x) => ({ uid: x.uid, size: sizes.get(x.n) ?? 0 })), complete: true, forget: [] };
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
