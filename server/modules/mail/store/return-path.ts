// Return-Path at final delivery (RFC 5321 §4.4): the server that puts a message into a mailbox writes the
// envelope sender on top of it, `Return-Path: <sender>`, and `<>` for a bounce, so mail programs know where
// delivery reports go. It is added after the authentication checks, like Received: (a DKIM signature never
// covers it). Only the delivering server knows the envelope, so a Return-Path the message brings is removed
// first (§4.4 allows it; Postfix does it too). Inbound SMTP keeps it, with Received: and
// Authentication-Results:, in the message row's headerPrefix (store/message-bytes.ts) rather than in the blob.
// A delivered message sent on (forwarding) leaves without it, as a message-originating server SHOULD NOT send
// one that carries it.
import { withPrefix } from "./message-bytes.ts";

/** The field as the top line of a delivered message, CRLF-terminated. */
export function returnPathField(envelopeFrom: string): string {
  // deno-lint-ignore no-control-regex -- control characters, spaces and brackets never belong in it
  return `Return-Path: <${envelopeFrom.replace(/[\u0000-\u0020\u007f<>]/g, "").slice(0, 512)}>\r\n`;
}

/** The message with our Return-Path on top and none of its own. */
export function withReturnPath(raw: Uint8Array, envelopeFrom: string): Uint8Array {
  return withPrefix(returnPathField(envelopeFrom), withoutReturnPath(raw));
}

/**
 * The message without any Return-Path field of its header (continuation lines included); the same bytes when
 * it has none. Read as bytes, without decoding the header: this runs on every inbound message.
 */
export function withoutReturnPath(raw: Uint8Array): Uint8Array {
  const end = headerEnd(raw);
  const kept: [number, number][] = [];
  let dropping = false;
  let dropped = false;
  for (let at = 0; at < end;) {
    let next = raw.indexOf(0x0a, at);
    next = next < 0 || next >= end ? end : next + 1;
    const continuation = raw[at] === 0x20 || raw[at] === 0x09;
    if (!(dropping && continuation)) dropping = isReturnPathField(raw, at, next);
    if (dropping) dropped = true;
    else if (kept.length && kept[kept.length - 1][1] === at) kept[kept.length - 1][1] = next;
    else kept.push([at, next]);
    at = next;
  }
  if (!dropped) return raw;
  const size = kept.reduce((n, [a, b]) => n + b - a, 0) + raw.length - end;
  const out = new Uint8Array(size);
  let o = 0;
  for (const [a, b] of kept) {
    out.set(raw.subarray(a, b), o);
    o += b - a;
  }
  out.set(raw.subarray(end), o);
  return out;
}

const NAME = new TextEncoder().encode("return-path");

/** Whether the line at `at` (up to `lineEnd`) starts a Return-Path field: the name in any case, then a colon. */
function isReturnPathField(raw: Uint8Array, at: number, lineEnd: number): boolean {
  if (lineEnd - at <= NAME.length) return false;
  for (let i = 0; i < NAME.length; i++) {
    const b = raw[at + i];
    if ((b >= 0x41 && b <= 0x5a ? b | 0x20 : b) !== NAME[i]) return false;
  }
  let i = at + NAME.length;
  while (i < lineEnd && (raw[i] === 0x20 || raw[i] === 0x09)) i++;
  return raw[i] === 0x3a;
}

/** The offset of the empty line that ends the header, or the length when there is none. */
function headerEnd(raw: Uint8Array): number {
  if (raw[0] === 0x0a || (raw[0] === 0x0d && raw[1] === 0x0a)) return 0;
  for (let i = raw.indexOf(0x0a); i >= 0 && i < raw.length - 1; i = raw.indexOf(0x0a, i + 1)) {
    if (raw[i + 1] === 0x0a) return i + 1;
    if (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a) return i + 1;
  }
  return raw.length;
}
