// The header work SMTP submission does on a client's message before it goes anywhere (RFC 6409 §8): the
// Bcc field is taken out (nobody who gets the message sees it; the sender's copy remembers the addresses
// apart), Date and Message-ID are added when the client left them out, and the From, Sender, To, Cc and Bcc
// addresses are read for the sender check and for telling To/Cc/Bcc recipients apart. The header is handled
// as bytes (latin1 round trip), so 8-bit and UTF-8 header text passes through unchanged.
import addressparser from "nodemailer/lib/addressparser";
import { Buffer } from "node:buffer";

export interface PreparedMessage {
  /** The message as recipients get it: without Bcc, with Date and Message-ID. */
  raw: Uint8Array;
  /** Addresses of the From field (lower case); empty when the message has none. */
  from: string[];
  /** Addresses of the Sender field(s) (lower case; "" for a name without one): who sent it for the From. */
  sender: string[];
  to: string[];
  cc: string[];
  /** Addresses of the removed Bcc field(s). */
  bcc: { name: string; address: string }[];
}

interface Field {
  name: string;
  /** The whole field as written, continuation lines and line ends included. */
  text: string;
}

/** Prepares a submitted message; `messageIdHost` is the host of a Message-ID added here. */
export function prepareMessage(input: Uint8Array, now: Date, messageIdHost: string): PreparedMessage {
  const all = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const { header, body, eol } = split(all);
  const fields = parseFields(header);
  const values = (name: string) => fields.filter((f) => f.name === name).map((f) => unfold(f.text));
  const addresses = (name: string) =>
    values(name).flatMap((v) => addressparser(v, { flatten: true }))
      .filter((a) => a.address)
      .map((a) => ({ name: a.name, address: a.address.toLowerCase() }));

  const kept = fields.filter((f) => f.name !== "bcc").map((f) => f.text);
  if (!fields.some((f) => f.name === "date")) kept.push(`Date: ${rfc5322Date(now)}${eol}`);
  if (!fields.some((f) => f.name === "message-id")) kept.push(`Message-ID: <${crypto.randomUUID()}@${messageIdHost}>${eol}`);
  const raw = Buffer.concat([Buffer.from(kept.join(""), "latin1"), body]);
  return {
    raw: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength),
    from: addresses("from").map((a) => a.address),
    // A name without an address counts as an address ("") that is not the user's.
    sender: values("sender").flatMap((v) => addressparser(v, { flatten: true })).map((a) => (a.address ?? "").toLowerCase()),
    to: addresses("to").map((a) => a.address),
    cc: addresses("cc").map((a) => a.address),
    bcc: addresses("bcc"),
  };
}

/** Header text (latin1, line ends kept) and the body from the empty line on; a message without body is all header. */
function split(all: Buffer): { header: string; body: Buffer; eol: string } {
  const crlf = all.indexOf("\r\n\r\n");
  const lf = all.indexOf("\n\n");
  const eol = crlf >= 0 && (lf < 0 || crlf < lf) ? "\r\n" : lf >= 0 ? "\n" : all.includes("\r\n") ? "\r\n" : "\n";
  const at = eol === "\r\n" ? crlf : lf;
  if (at < 0) {
    const text = all.toString("latin1");
    return { header: text.endsWith(eol) || text === "" ? text : text + eol, body: Buffer.from(eol, "latin1"), eol };
  }
  // The header keeps the line end of its last field; the body starts with the empty line.
  return { header: all.subarray(0, at + eol.length).toString("latin1"), body: all.subarray(at + eol.length), eol };
}

/** Splits the header into fields: a line starting with a space or tab continues the field before it. */
function parseFields(header: string): Field[] {
  const fields: Field[] = [];
  for (const line of header.split(/(?<=\n)/)) {
    if (/^[ \t]/.test(line) && fields.length) {
      fields[fields.length - 1].text += line;
      continue;
    }
    const colon = line.indexOf(":");
    fields.push({ name: colon > 0 ? line.slice(0, colon).trim().toLowerCase() : "", text: line });
  }
  return fields;
}

function unfold(text: string): string {
  const value = text.slice(text.indexOf(":") + 1);
  return Buffer.from(value.replace(/\r?\n(?=[ \t])/g, "").trim(), "latin1").toString("utf8");
}

/** "Sun, 22 Nov 2026 05:47:48 +0000". */
export function rfc5322Date(d: Date): string {
  return d.toUTCString().replace(/GMT$/, "+0000");
}
