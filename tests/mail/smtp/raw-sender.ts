// One SMTP conversation over a plain socket that sends a message's bytes exactly as given (nodemailer's
// sender turns bare LF into CRLF): only the dot-stuffing of RFC 5321 4.5.2 is applied, and a final CRLF is
// added when the message lacks one (the DATA terminator needs it; the server keeps it as the message's end).
import { connect, type Socket } from "node:net";
import { Buffer } from "node:buffer";

export interface RawOutcome {
  /** The reply to DATA's end, or to the command that failed (code and text). */
  code: number;
  reply: string;
}

/** The bytes that go on the wire between DATA and the final ".": dot-stuffed, ending with CRLF. */
export function dotStuffed(raw: Uint8Array): Buffer {
  const out: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === 0x2e && (i === 0 || (raw[i - 1] === 0x0a && raw[i - 2] === 0x0d))) out.push(0x2e);
    out.push(raw[i]);
  }
  const ends = raw.length >= 2 && raw[raw.length - 2] === 0x0d && raw[raw.length - 1] === 0x0a;
  if (raw.length && !ends) out.push(0x0d, 0x0a);
  return Buffer.from(out);
}

/** Replies one by one (the last line of each multi-line reply). */
function replies(socket: Socket): () => Promise<string> {
  let buffered = "";
  const waiting: ((line: string) => void)[] = [];
  const ready: string[] = [];
  socket.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("latin1");
    let nl;
    while ((nl = buffered.indexOf("\r\n")) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 2);
      if (/^\d{3}-/.test(line)) continue;
      const w = waiting.shift();
      if (w) w(line);
      else ready.push(line);
    }
  });
  socket.on("close", () => waiting.splice(0).forEach((w) => w("000 connection closed")));
  return () => ready.length ? Promise.resolve(ready.shift()!) : new Promise((resolve) => waiting.push(resolve));
}

export async function sendBytes(port: number, from: string, to: string, raw: Uint8Array): Promise<RawOutcome> {
  const socket = connect({ host: "127.0.0.1", port });
  socket.setTimeout(120_000, () => socket.destroy());
  const next = replies(socket);
  const step = async (command: string | null, expected: number): Promise<RawOutcome | null> => {
    if (command !== null) socket.write(`${command}\r\n`);
    const line = await next();
    const code = Number(line.slice(0, 3));
    return code === expected ? null : { code, reply: line };
  };
  try {
    const failed = await step(null, 220) ?? await step("EHLO mx.sender.test", 250) ?? await step(`MAIL FROM:<${from}>`, 250) ??
      await step(`RCPT TO:<${to}>`, 250) ?? await step("DATA", 354);
    if (failed) return failed;
    socket.write(dotStuffed(raw));
    socket.write(".\r\n");
    const line = await next();
    return { code: Number(line.slice(0, 3)), reply: line };
  } finally {
    socket.end("QUIT\r\n");
  }
}
