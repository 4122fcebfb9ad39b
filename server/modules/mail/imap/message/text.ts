// Byte and string helpers for IMAP message rendering: decoding header bytes to text (UTF-8 when the bytes
// are valid UTF-8, else latin1, so 8-bit headers always come out as some text and never throw: dovecot sends
// such bytes raw, but our answers are text the protocol layer writes as UTF-8), and writing IMAP strings:
// quoted when the text is 7-bit without CR/LF, otherwise a literal {n}\r\n<text> where n is the UTF-8 byte
// length of the text.

const utf8 = new TextDecoder("utf-8", { fatal: true });
const latin1 = new TextDecoder("latin1");

/** Header bytes as text: UTF-8 when valid, else latin1 (each byte one character). */
export function decodeBytes(raw: Uint8Array, start: number, end: number): string {
  const bytes = raw.subarray(start, end);
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return latin1.decode(bytes);
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

const encoder = new TextEncoder();

/**
 * IMAP string: quoted when 7-bit without CR and LF (escaping " and \), else a literal. NUL cannot travel in
 * either (RFC 3501 §4.3), so it is dropped.
 */
export function imapString(value: string): string {
  if (value.includes("\u0000")) value = value.split("\u0000").join("");
  let quotable = true;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 10 || c === 13 || c >= 0x80) {
      quotable = false;
      break;
    }
  }
  if (quotable) return `"${value.replace(/[\\"]/g, (m) => "\\" + m)}"`;
  return `{${encoder.encode(value).length}}\r\n${value}`;
}

/** IMAP nstring: NIL for absent (null or undefined). */
export function nstring(value: string | null | undefined): string {
  return value === null || value === undefined ? "NIL" : imapString(value);
}

export function asciiBytes(s: string): Uint8Array {
  return encoder.encode(s);
}
