// Writing IMAP data: quoted strings or literals, NIL, flag lists, INTERNALDATE, mailbox names (modified
// UTF-7) and UID/sequence sets in their short form (1:3,7).
import { Buffer } from "node:buffer";
import { encodeMutf7 } from "./mutf7.ts";

/** A string as a quoted string when it can be one, else a literal (UTF-8). */
export function str(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value) && value.length < 1000) {
    return `"${value.replace(/[\\"]/g, (c) => "\\" + c)}"`;
  }
  return `{${Buffer.byteLength(value, "utf8")}}\r\n${value}`;
}

export function nstr(value: string | null | undefined): string {
  return value == null ? "NIL" : str(value);
}

/** A mailbox name on the wire. */
export function mailbox(name: string): string {
  return str(name.toUpperCase() === "INBOX" ? "INBOX" : encodeMutf7(name));
}

export function flagList(flags: string[]): string {
  return `(${flags.join(" ")})`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** INTERNALDATE "dd-Mon-yyyy hh:mm:ss +0000" (UTC). */
export function internalDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `"${p(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000"`;
}

/** Parses an APPEND date-time ("d-Mon-yyyy hh:mm:ss +zzzz", day maybe space-padded); null when malformed. */
export function parseDateTime(text: string): Date | null {
  const m = /^\s?(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const month = MONTHS.findIndex((x) => x.toLowerCase() === m[2].toLowerCase());
  if (month < 0) return null;
  const offset = (m[7] === "-" ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
  const t = Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6])) - offset * 60_000;
  const d = new Date(t);
  return isNaN(d.getTime()) ? null : d;
}

/** Short set text of ascending or unordered numbers, order kept (for COPYUID pairs). */
export function numberSet(values: number[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < values.length) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j] + 1) j++;
    out.push(j > i ? `${values[i]}:${values[j]}` : String(values[i]));
    i = j + 1;
  }
  return out.join(",");
}
