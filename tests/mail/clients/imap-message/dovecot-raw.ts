// Asks a private dovecot (tests/support/dovecot.ts) what it answers for FETCH BODYSTRUCTURE / BODY / ENVELOPE /
// BODY.PEEK[section] of a message, over a raw IMAP exchange on node:net (imapflow parses these answers, so it
// cannot show the text). Messages are written into the maildir as bytes (8-bit headers of any charset) with
// bare LF line endings, as a local delivery agent does; dovecot answers with CRLF.
import { connect, type Socket } from "node:net";
import type { Dovecot } from "../../../support/dovecot.ts";

const latin1 = new TextDecoder("latin1");
const utf8 = new TextDecoder("utf-8");

let seq = 0;

/** Writes the message (CRLF turned into LF) into the user's INBOX new/ as bytes. */
export async function deliverBytes(d: Dovecot, user: string, raw: Uint8Array): Promise<void> {
  const lf: number[] = [];
  for (let i = 0; i < raw.length; i++) if (!(raw[i] === 13 && raw[i + 1] === 10)) lf.push(raw[i]);
  const box = `${d.dir}/home/${user}/Maildir`;
  const name = `${Date.now()}.P${Deno.pid}R${String(++seq).padStart(6, "0")}.gw-msg`;
  await Deno.writeFile(`${box}/tmp/${name}`, new Uint8Array(lf));
  if (Deno.uid() === 0) await Deno.chown(`${box}/tmp/${name}`, 65534, 65534);
  await Deno.rename(`${box}/tmp/${name}`, `${box}/new/${name}`);
}

/** A signed-in IMAP connection that sends commands and answers each one's raw response bytes. */
export class RawImap {
  private buf = new Uint8Array(0);
  private waiters: (() => void)[] = [];
  private tag = 0;
  private constructor(private sock: Socket) {
    sock.on("data", (chunk: Uint8Array) => {
      const next = new Uint8Array(this.buf.length + chunk.length);
      next.set(this.buf);
      next.set(chunk, this.buf.length);
      this.buf = next;
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static async open(d: Dovecot, user: string, password: string): Promise<RawImap> {
    const sock = connect(d.imapPort, d.host);
    const c = new RawImap(sock);
    await c.until((text) => text.includes("\r\n"));
    c.buf = new Uint8Array(0);
    await c.command(`LOGIN "${user}" "${password}"`);
    await c.command("SELECT INBOX");
    return c;
  }

  private async until(done: (text: string) => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!done(latin1.decode(this.buf))) {
      if (Date.now() > deadline) throw new Error(`no answer from dovecot: ${latin1.decode(this.buf)}`);
      await new Promise<void>((ok) => {
        this.waiters.push(ok);
        setTimeout(ok, 500);
      });
    }
  }

  /** Sends a command; answers the untagged response bytes (the tagged OK line removed). */
  async command(cmd: string): Promise<Uint8Array> {
    const tag = `t${++this.tag}`;
    this.sock.write(`${tag} ${cmd}\r\n`);
    const re = new RegExp(`(^|\\r\\n)${tag} (OK|NO|BAD)[^\\r\\n]*\\r\\n`);
    await this.until((text) => re.test(text));
    const text = latin1.decode(this.buf);
    const m = re.exec(text)!;
    if (m[2] !== "OK") throw new Error(`dovecot: ${m[0]}`);
    const end = m.index + m[1].length;
    const out = this.buf.slice(0, end);
    this.buf = this.buf.slice(end + m[0].length - m[1].length);
    return out;
  }

  /** The raw value of one FETCH item (e.g. "BODYSTRUCTURE", "BODY[1.MIME]"); literals kept as written. */
  async fetchItem(uid: number, item: string, ask = item): Promise<Uint8Array | null> {
    const bytes = await this.command(`UID FETCH ${uid} (${ask})`);
    return extractItem(bytes, item);
  }

  async close(): Promise<void> {
    await this.command("LOGOUT").catch(() => {});
    this.sock.destroy();
  }
}

/** Finds `item ` in a FETCH response and answers the bytes of its value (a list, string, literal or NIL). */
export function extractItem(bytes: Uint8Array, item: string): Uint8Array | null {
  const text = latin1.decode(bytes);
  // Case-insensitive: dovecot echoes HEADER.FIELDS names in upper case.
  const esc = item.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const found = new RegExp(` ${esc} `, "i").exec(text);
  if (!found) return null;
  const at = found.index;
  let i = at + item.length + 2;
  const start = i;
  let depth = 0;
  do {
    const c = text[i];
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
      i++;
    } else if (c === "{") {
      const close = text.indexOf("}", i);
      const n = Number(text.slice(i + 1, close));
      i = close + 3 + n;
    } else if (c === "(") {
      depth++;
      i++;
    } else if (c === ")") {
      depth--;
      i++;
    } else if (depth === 0) {
      while (i < text.length && !" )".includes(text[i])) i++;
    } else i++;
  } while (depth > 0 && i < text.length);
  return bytes.slice(start, i);
}

/** A literal's content, or a quoted string's, or null for NIL. */
export function stringValue(value: Uint8Array | null): Uint8Array | null {
  if (value === null) return null;
  const text = latin1.decode(value);
  if (text === "NIL") return null;
  if (text.startsWith("{")) return value.slice(text.indexOf("}") + 3);
  if (text.startsWith('"')) return value.slice(1, value.length - 1);
  return value;
}

export const asText = (b: Uint8Array | null) => (b === null ? null : utf8.decode(b));

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const text8 = (b: Uint8Array) => {
  try {
    return strictUtf8.decode(b);
  } catch {
    return latin1.decode(b);
  }
};

/**
 * The tokens of IMAP response text: "(", ")", atoms and numbers as written, strings as "S:" + content. A
 * quoted string and a literal with the same content are the same token (RFC 3501 §4.3 leaves the choice to
 * the server); 8-bit content is read as UTF-8 when valid, else latin1, as the renderer decodes 8-bit headers.
 */
export function imapTokens(value: Uint8Array | string): string[] {
  const bytes = typeof value === "string" ? new TextEncoder().encode(value) : value;
  const out: string[] = [];
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i];
    if (c === 32) i++;
    else if (c === 40 || c === 41) {
      out.push(c === 40 ? "(" : ")");
      i++;
    } else if (c === 34) {
      const chunk: number[] = [];
      for (i++; i < bytes.length && bytes[i] !== 34; i++) {
        if (bytes[i] === 92) i++;
        chunk.push(bytes[i]);
      }
      i++;
      out.push("S:" + text8(new Uint8Array(chunk)));
    } else if (c === 123) {
      let j = i + 1;
      while (bytes[j] !== 125) j++;
      const n = Number(latin1.decode(bytes.subarray(i + 1, j)));
      const start = j + 3;
      out.push("S:" + text8(bytes.subarray(start, start + n)));
      i = start + n;
    } else {
      let j = i;
      while (j < bytes.length && bytes[j] !== 32 && bytes[j] !== 40 && bytes[j] !== 41) j++;
      out.push(latin1.decode(bytes.subarray(i, j)));
      i = j;
    }
  }
  return out;
}
