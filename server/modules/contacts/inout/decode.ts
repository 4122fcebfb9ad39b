// Bytes of an imported text file (vCard, CSV) → text. A byte-order mark decides; else the charset asked for;
// else UTF-8 when the bytes are valid UTF-8, otherwise CP949 (the WHATWG "euc-kr" decoder is CP949, the
// superset old Korean phones and Korean Excel write). decodeWith() serves vCard lines' own CHARSET=.

export function decodeWith(bytes: Uint8Array, charset: string | undefined): string {
  const cs = (charset ?? "").trim().toLowerCase();
  if (cs === "" || cs === "utf-8" || cs === "utf8") {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return new TextDecoder("euc-kr").decode(bytes);
    }
  }
  const label = ["cp949", "ks_c_5601-1987", "euc-kr", "uhc", "x-windows-949", "windows-949", "ksc5601"].includes(cs) ? "euc-kr" : cs;
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** A whole file: BOM first, then the asked charset, then UTF-8 if valid, else CP949. Answers the text and the charset used. */
export function decodeFile(bytes: Uint8Array, charset?: string): { text: string; charset: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), charset: "UTF-8" };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), charset: "UTF-16LE" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), charset: "UTF-16BE" };
  if (charset && charset !== "UTF-8") return { text: decodeWith(bytes, charset), charset };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), charset: "UTF-8" };
  } catch {
    if (charset === "UTF-8") return { text: new TextDecoder("utf-8").decode(bytes), charset: "UTF-8" };
    return { text: new TextDecoder("euc-kr").decode(bytes), charset: "CP949" };
  }
}

/** Quoted-printable text → its bytes (soft line breaks already joined by the caller). */
export function quotedPrintableBytes(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      out.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (ch === "=" && i === text.length - 1) {
      // a trailing soft break
    } else {
      const code = ch.charCodeAt(0);
      if (code < 0x80) out.push(code);
      else out.push(...new TextEncoder().encode(ch));
    }
  }
  return new Uint8Array(out);
}
