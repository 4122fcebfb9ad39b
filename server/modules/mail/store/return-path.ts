// Return-Path at final delivery (RFC 5321 §4.4): the server that puts a message into a mailbox writes the
// envelope sender on top of it, `Return-Path: <sender>`, and `<>` for a bounce, so mail programs know where
// delivery reports go. It is added after the authentication checks, like Received: (a DKIM signature never
// covers it). Only the delivering server knows the envelope, so a Return-Path the message brings is removed
// first (§4.4 allows it; Postfix does it too); and a delivered message sent on (forwarding) leaves without it,
// as a message-originating server SHOULD NOT send one that carries it.

/** The field as the top line of a delivered message, CRLF-terminated. */
export function returnPathField(envelopeFrom: string): string {
  // deno-lint-ignore no-control-regex -- control characters, spaces and brackets never belong in it
  return `Return-Path: <${envelopeFrom.replace(/[\u0000-\u0020\u007f<>]/g, "").slice(0, 512)}>\r\n`;
}

/** The message with our Return-Path on top and none of its own. */
export function withReturnPath(raw: Uint8Array, envelopeFrom: string): Uint8Array {
  const field = new TextEncoder().encode(returnPathField(envelopeFrom));
  const rest = withoutReturnPath(raw);
  const out = new Uint8Array(field.length + rest.length);
  out.set(field, 0);
  out.set(rest, field.length);
  return out;
}

/** The message without any Return-Path field of its header (continuation lines included). */
export function withoutReturnPath(raw: Uint8Array): Uint8Array {
  const end = headerEnd(raw);
  const head = latin1(raw.subarray(0, end));
  if (!/^return-path[ \t]*:/im.test(head)) return raw;
  const kept: string[] = [];
  let dropping = false;
  for (const line of head.split(/(?<=\n)/)) { // each line keeps its own ending
    if (dropping && /^[ \t]/.test(line)) continue;
    dropping = /^return-path[ \t]*:/i.test(line);
    if (!dropping) kept.push(line);
  }
  const text = kept.join("");
  const out = new Uint8Array(text.length + raw.length - end);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  out.set(raw.subarray(end), text.length);
  return out;
}

/** The offset of the empty line that ends the header, or the length when there is none. */
function headerEnd(raw: Uint8Array): number {
  if (raw[0] === 0x0a) return 0;
  if (raw[0] === 0x0d && raw[1] === 0x0a) return 0;
  for (let i = 0; i < raw.length - 1; i++) {
    if (raw[i] !== 0x0a) continue;
    if (raw[i + 1] === 0x0a) return i + 1;
    if (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a) return i + 1;
  }
  return raw.length;
}

function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}
