// The account list of `mail:import-imap --csv FILE`: one source account per line,
//   host,port,security,user,password,to
// port empty for the default (993 with tls, else 143); security tls, starttls, plain, or empty (STARTTLS
// when the server offers it); to the suite user's address. A first line naming the columns ("host,...") is
// a header; empty lines and lines starting with # are passed over. Fields may be quoted ("a,b", "" for a
// quote), so passwords can hold commas. A line that does not read is reported with its number and the others
// still run.
import { type ImportRequest } from "./import-account.ts";
import { type Security, SECURITIES } from "./imap-source.ts";

export const CSV_COLUMNS = ["host", "port", "security", "user", "password", "to"] as const;

export interface CsvLine {
  /** 1-based line number in the file. */
  line: number;
  request?: ImportRequest;
  error?: string;
}

/** The fields of one line; throws on an unterminated quote. */
export function csvFields(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("a quoted field is not closed");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
      if (i < text.length && text[i] !== ",") throw new Error("text after a quoted field");
    } else {
      const end = text.indexOf(",", i);
      field = end < 0 ? text.slice(i) : text.slice(i, end);
      i = end < 0 ? text.length : end;
    }
    out.push(field);
    if (i >= text.length) return out;
    i++; // the comma
  }
}

/** Parses one data line into a request, or says what is wrong with it. */
export function csvRequest(fields: string[]): ImportRequest {
  if (fields.length !== CSV_COLUMNS.length) {
    throw new Error(`${fields.length} fields where ${CSV_COLUMNS.length} are expected (${CSV_COLUMNS.join(",")})`);
  }
  const [host, port, security, user, password, to] = fields.map((f, i) => i === 4 ? f : f.trim());
  if (!host) throw new Error("host is empty");
  let portNumber: number | undefined;
  if (port) {
    portNumber = Number(port);
    if (!/^\d{1,5}$/.test(port) || portNumber < 1 || portNumber > 65535) throw new Error(`port "${port}" is not a port number`);
  }
  const sec = (security || "auto").toLowerCase();
  if (!(SECURITIES as readonly string[]).includes(sec)) throw new Error(`security "${security}" is not tls, starttls or plain`);
  if (!user) throw new Error("user is empty");
  if (!password) throw new Error("password is empty");
  if (!to.includes("@")) throw new Error(`to "${to}" is not an address`);
  return { host, ...(portNumber ? { port: portNumber } : {}), security: sec as Security, user, password, to };
}

export function parseCsv(text: string): CsvLine[] {
  const out: CsvLine[] = [];
  let first = true;
  for (const [i, raw] of text.replace(/^\uFEFF/, "").split("\n").entries()) {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    try {
      const fields = csvFields(line);
      if (first && fields[0].trim().toLowerCase() === "host") {
        first = false;
        continue;
      }
      first = false;
      out.push({ line: i + 1, request: csvRequest(fields) });
    } catch (e) {
      first = false;
      out.push({ line: i + 1, error: (e as Error).message });
    }
  }
  return out;
}
