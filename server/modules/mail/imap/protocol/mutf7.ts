// IMAP modified UTF-7 (RFC 3501 §5.1.3): mailbox names on the wire. Printable US-ASCII stands for itself
// except "&", written "&-"; everything else is UTF-16 in modified base64 ("," for "/", no padding) between
// "&" and "-".
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,";

function printable(code: number): boolean {
  return code >= 0x20 && code <= 0x7e;
}

/** Unicode name → modified UTF-7. */
export function encodeMutf7(name: string): string {
  let out = "";
  let pending: number[] = [];
  const flush = () => {
    if (!pending.length) return;
    const bytes: number[] = [];
    for (const u of pending) bytes.push(u >> 8, u & 0xff);
    let bits = 0;
    let acc = 0;
    out += "&";
    for (const b of bytes) {
      acc = (acc << 8) | b;
      bits += 8;
      while (bits >= 6) {
        bits -= 6;
        out += B64[(acc >> bits) & 0x3f];
      }
    }
    if (bits > 0) out += B64[(acc << (6 - bits)) & 0x3f];
    out += "-";
    pending = [];
  };
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (printable(code)) {
      flush();
      out += code === 0x26 ? "&-" : name[i];
    } else {
      pending.push(code); // UTF-16 code units: surrogate pairs stay pairs
    }
  }
  flush();
  return out;
}

/** Modified UTF-7 → Unicode; throws on malformed input (the caller answers BAD/NO). */
export function decodeMutf7(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (!printable(text.charCodeAt(i))) throw new Error("mailbox name: not printable ASCII");
    if (ch !== "&") {
      out += ch;
      continue;
    }
    const end = text.indexOf("-", i + 1);
    if (end < 0) throw new Error("mailbox name: unterminated &");
    const run = text.slice(i + 1, end);
    i = end;
    if (run === "") {
      out += "&";
      continue;
    }
    let acc = 0;
    let bits = 0;
    const bytes: number[] = [];
    for (const c of run) {
      const v = B64.indexOf(c);
      if (v < 0) throw new Error("mailbox name: bad base64");
      acc = ((acc << 6) | v) & 0xffffff;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        bytes.push((acc >> bits) & 0xff);
      }
    }
    if (bytes.length % 2) throw new Error("mailbox name: odd UTF-16");
    for (let k = 0; k < bytes.length; k += 2) out += String.fromCharCode((bytes[k] << 8) | bytes[k + 1]);
  }
  return out;
}
