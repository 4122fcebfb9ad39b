// Raw 8-bit header text in a legacy charset. RFC 6532 allows raw UTF-8 in headers, and postal-mime reads header
// bytes as UTF-8; but older Korean clients write Subject: and names as raw EUC-KR (CP949) bytes, which would
// then show as U+FFFD. When the top header block is not valid UTF-8, it is read in the first charset the message
// declares (the body's, as Thunderbird does) and handed to the parser as UTF-8. No charset declared, or one
// TextDecoder does not know: the bytes are left as they are. Only the top header block changes, never a part,
// so every parse of the message (at ingest and again for attachments: parse.ts) finds the same parts. IMAP
// SEARCH reads the header fields of the stored message through the same decision (readableHeaderBlock), so a
// client's search finds what the store shows.

const utf8 = new TextDecoder("utf-8", { fatal: true });
/** How the parser reads header bytes that stay as they are: UTF-8, a bad sequence as U+FFFD. */
const utf8Lenient = new TextDecoder("utf-8", { ignoreBOM: true });

/** Where the top header block ends (after its blank line; CRLF or bare LF), or the length when it never does. */
export function bodyStart(raw: Uint8Array): number {
  for (let i = 0; i + 1 < raw.length; i++) {
    if (raw[i] !== 0x0a) continue;
    if (raw[i + 1] === 0x0a) return i + 2;
    if (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a) return i + 3;
  }
  return raw.length;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The first charset= the message declares, as a TextDecoder of it; null for none, UTF-8 or an unknown one. */
function declaredDecoder(raw: Uint8Array): TextDecoder | null {
  const head = new TextDecoder("latin1").decode(raw.subarray(0, 256 * 1024));
  const m = /\bcharset\s*=\s*"?([\w.:-]{1,40})/i.exec(head);
  if (!m || /^utf-?8$/i.test(m[1])) return null;
  try {
    return new TextDecoder(m[1]);
  } catch {
    return null;
  }
}

/** The decoder of a header block of raw 8-bit text in the declared charset; null when it is read as UTF-8. */
function legacyDecoder(raw: Uint8Array, header: Uint8Array): TextDecoder | null {
  if (!header.some((b) => b >= 0x80) || isUtf8(header)) return null;
  return declaredDecoder(raw);
}

/** The message with its top header block as UTF-8, when it was raw 8-bit text of the declared charset. */
export function withReadableHeaders(raw: Uint8Array): Uint8Array {
  const end = bodyStart(raw);
  const header = raw.subarray(0, end);
  const decoder = legacyDecoder(raw, header);
  if (!decoder) return raw;
  const converted = new TextEncoder().encode(decoder.decode(header));
  const out = new Uint8Array(converted.length + raw.length - end);
  out.set(converted, 0);
  out.set(raw.subarray(end), converted.length);
  return out;
}

/** The top header block (through its blank line) as the parser reads it once withReadableHeaders ran. */
export function readableHeaderBlock(raw: Uint8Array): string {
  const header = raw.subarray(0, bodyStart(raw));
  return (legacyDecoder(raw, header) ?? utf8Lenient).decode(header);
}
