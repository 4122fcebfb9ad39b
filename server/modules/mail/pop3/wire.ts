// POP3 wire forms of a stored message (RFC 1939 §3, §7, §11): raw messages in the blob store may end lines
// with a bare LF (or a bare CR); POP3 sends CRLF lines only. normalise() gives the exact bytes RETR sends
// before dot-stuffing (so LIST/STAT sizes are their length), ending with CRLF; top() cuts the header, the blank
// line and the first n body lines out of that; dotStuff() makes the multi-line response body and its
// terminating ".\r\n". All on bytes: a message is not necessarily valid UTF-8.
import { Buffer } from "node:buffer";

const CR = 0x0d;
const LF = 0x0a;
const DOT = 0x2e;

/** Every line ending (CRLF, LF, CR) becomes CRLF, and the message ends with CRLF (an empty message stays empty). */
export function normalise(raw: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(raw.length * 2 + 2);
  let o = 0;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i];
    if (b === CR) {
      if (raw[i + 1] === LF) i++;
      out[o++] = CR;
      out[o++] = LF;
    } else if (b === LF) {
      out[o++] = CR;
      out[o++] = LF;
    } else out[o++] = b;
  }
  if (o > 0 && !(out[o - 2] === CR && out[o - 1] === LF)) {
    out[o++] = CR;
    out[o++] = LF;
  }
  return out.subarray(0, o);
}

/** The header, the blank line after it and the first `lines` body lines of a normalised message (RFC 1939 TOP). */
export function top(message: Buffer, lines: number): Buffer {
  // The header ends at the first empty line: CRLF CRLF, or a message that starts with CRLF (no header at all).
  let bodyStart = -1;
  if (message[0] === CR && message[1] === LF) bodyStart = 2;
  else {
    const sep = message.indexOf("\r\n\r\n");
    if (sep >= 0) bodyStart = sep + 4;
  }
  if (bodyStart < 0) return message; // no body: all of it is header
  let end = bodyStart;
  for (let n = 0; n < lines && end < message.length; n++) {
    const eol = message.indexOf("\r\n", end);
    end = eol < 0 ? message.length : eol + 2;
  }
  return message.subarray(0, end);
}

/** A normalised message as a multi-line response body: lines starting with "." get another, then ".\r\n". */
export function dotStuff(message: Buffer): Buffer {
  let dots = message[0] === DOT ? 1 : 0;
  for (let i = message.indexOf("\r\n."); i >= 0; i = message.indexOf("\r\n.", i + 3)) dots++;
  const out = Buffer.allocUnsafe(message.length + dots + 3);
  let o = 0;
  let from = 0;
  if (message[0] === DOT) out[o++] = DOT;
  for (let i = message.indexOf("\r\n."); i >= 0; i = message.indexOf("\r\n.", i + 3)) {
    o += message.copy(out, o, from, i + 2);
    out[o++] = DOT;
    from = i + 2;
  }
  o += message.copy(out, o, from);
  out[o++] = DOT;
  out[o++] = CR;
  out[o++] = LF;
  return out.subarray(0, o);
}
