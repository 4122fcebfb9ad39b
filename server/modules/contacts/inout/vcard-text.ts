// The text layer of vCard shared by the file import/export (inout/) and CardDAV (dav/): escaping values,
// splitting structured ones, and folding content lines (RFC 6350 §3.2, §3.4).

/** A text value: backslash, line break and comma escaped (RFC 6350 §3.4). */
export const escText = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/,/g, "\\,");

/** A component of a structured value (N, ADR, ORG), a UID or a category: the semicolon escaped too. */
export const escComponent = (v: string) => escText(v).replace(/;/g, "\\;");

/** A content line folded at 75 octets without splitting a UTF-8 character (continuations start with a space). */
export function foldLine(line: string): string {
  const enc = new TextEncoder();
  if (enc.encode(line).length <= 75) return line;
  const out: string[] = [];
  let cur = "";
  let size = 0;
  for (const ch of line) {
    const n = enc.encode(ch).length;
    if (size + n > (out.length ? 74 : 75)) {
      out.push(cur);
      cur = "";
      size = 0;
    }
    cur += ch;
    size += n;
  }
  out.push(cur);
  return out.join("\r\n ");
}

/** Splits a value on unescaped separators and unescapes \n, \, \; \\ (RFC 6350 §3.4); parts trimmed. */
export function components(value: string, sep: string): string[] {
  const out: string[] = [];
  let cur = "";
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === "\\" && i + 1 < value.length) {
      const nx = value[++i];
      cur += nx === "n" || nx === "N" ? "\n" : nx;
    } else if (ch === sep) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}
