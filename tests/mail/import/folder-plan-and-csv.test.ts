// The parts of the move-in that need no server: where each folder of a LIST answer goes (folder-map.ts) for
// servers unlike the test dovecot (Courier/Cyrus with everything under INBOX and "." as the delimiter, Gmail's
// virtual folders, names the suite refuses, hierarchies deeper than it allows), and reading the --csv file.
import { describe, expect, test } from "vitest";
import type { ListResponse } from "imapflow";
import { parseCsv } from "../../../server/modules/mail/import/csv.ts";
import { planFolders } from "../../../server/modules/mail/import/folder-map.ts";
import { FOLDER_DEPTH_MAX } from "../../../shared/mail/folders.ts";

/** A LIST entry as imapflow answers it. */
function entry(path: string, delimiter: string, opts: { flags?: string[]; specialUse?: string; source?: "extension" | "name" } = {}): ListResponse {
  const parent = path.split(delimiter);
  const name = parent.pop()!;
  return {
    path,
    pathAsListed: path,
    name,
    delimiter,
    parent,
    parentPath: parent.join(delimiter),
    flags: new Set(opts.flags ?? []),
    ...(opts.specialUse ? { specialUse: opts.specialUse, specialUseSource: opts.source ?? "extension" } : {}),
    listed: true,
    subscribed: true,
  };
}

const targets = (list: ListResponse[]) => Object.fromEntries(planFolders(list).folders.map((f) => [f.path, f.target]));

describe("folder plan", () => {
  test("Courier style: everything under INBOX with '.'; INBOX's children at the top, system ones by name", () => {
    const plan = targets([
      entry("INBOX", "."),
      entry("INBOX.Sent", ".", { specialUse: "\\Sent", source: "name" }),
      entry("INBOX.보낸편지함", "."), // a second Sent: an ordinary folder
      entry("INBOX.휴지통", ".", { specialUse: "\\Trash", source: "name" }),
      entry("INBOX.임시보관함", "."),
      entry("INBOX.Clients", "."),
      entry("INBOX.Clients.Acme", "."),
      entry("INBOX.Clients.Acme.Sent", ".", { specialUse: "\\Sent", source: "name" }), // deep: stays private
    ]);
    expect(plan).toEqual({
      INBOX: { system: "INBOX" },
      "INBOX.Sent": { system: "SENT" },
      "INBOX.보낸편지함": { private: ["보낸편지함"] },
      "INBOX.휴지통": { system: "DELETED" },
      "INBOX.임시보관함": { system: "DRAFTS" },
      "INBOX.Clients": { private: ["Clients"] },
      "INBOX.Clients.Acme": { private: ["Clients", "Acme"] },
      "INBOX.Clients.Acme.Sent": { private: ["Clients", "Acme", "Sent"] },
    });
  });

  test("SPECIAL-USE wins over names; virtual folders and empty containers are skipped; order is INBOX, system, rest", () => {
    const plan = planFolders([
      entry("Archive/2020", "/"),
      entry("Sent", "/"),
      entry("[Gmail]", "/", { flags: ["\\Noselect"] }),
      entry("[Gmail]/All Mail", "/", { specialUse: "\\All" }),
      entry("[Gmail]/Starred", "/", { specialUse: "\\Flagged" }),
      entry("[Gmail]/Sent Mail", "/", { specialUse: "\\Sent" }),
      entry("[Gmail]/Spam", "/", { specialUse: "\\Junk" }),
      entry("Empty", "/", { flags: ["\\Noselect"] }),
      entry("INBOX", "/"),
      entry("Archive", "/", { flags: ["\\Noselect", "\\HasChildren"] }),
    ]);
    expect(plan.folders.map((f) => [f.display, f.target])).toEqual([
      ["INBOX", { system: "INBOX" }],
      ["[Gmail]/Sent Mail", { system: "SENT" }],
      ["[Gmail]/Spam", { system: "SPAM" }],
      ["Archive/2020", { private: ["Archive", "2020"] }],
      ["Sent", { private: ["Sent"] }],
    ]);
    expect(plan.skipped.map((s) => s.path)).toEqual(["[Gmail]/All Mail", "[Gmail]/Starred", "Empty"]);
  });

  test("names the suite refuses are made valid; a hierarchy deeper than the suite's is joined at the last level", () => {
    const long = "가".repeat(60);
    const levels = Array.from({ length: FOLDER_DEPTH_MAX + 2 }, (_, i) => `L${i + 1}`);
    const plan = targets([
      entry("a/b\\c", "."),
      entry(` ${long} `, "/"),
      entry(levels.join("/"), "/"),
    ]);
    expect(plan["a/b\\c"]).toEqual({ private: ["a_b_c"] });
    expect(plan[` ${long} `]).toEqual({ private: ["가".repeat(50)] });
    expect(plan[levels.join("/")]).toEqual({ private: [...levels.slice(0, FOLDER_DEPTH_MAX - 1), "L8 - L9 - L10"] });
  });
});

describe("--csv file", () => {
  test("a header, quotes, defaults, comments and bad lines by number", () => {
    const lines = parseCsv([
      "\uFEFFhost,port,security,user,password,to",
      "# moved on Monday",
      "imap.old.example,,tls,kim,\"pa,ss\"\"word\",kim@acme.com",
      "",
      "imap.old.example,10143,,lee,secret,lee@acme.com\r",
      "imap.old.example,99999,tls,park,secret,park@acme.com",
      "imap.old.example,,ssl,choi,secret,choi@acme.com",
      "imap.old.example,,tls,jung,secret",
      "imap.old.example,,tls,\"kang,secret,kang@acme.com",
    ].join("\n"));
    expect(lines).toEqual([
      { line: 3, request: { host: "imap.old.example", security: "tls", user: "kim", password: 'pa,ss"word', to: "kim@acme.com" } },
      { line: 5, request: { host: "imap.old.example", port: 10143, security: "auto", user: "lee", password: "secret", to: "lee@acme.com" } },
      { line: 6, error: 'port "99999" is not a port number' },
      { line: 7, error: 'security "ssl" is not tls, starttls or plain' },
      { line: 8, error: "5 fields where 6 are expected (host,port,security,user,password,to)" },
      { line: 9, error: "a quoted field is not closed" },
    ]);
  });

  test("without a header the first line is an account", () => {
    expect(parseCsv("h,143,plain,u,p,u@x.example")).toEqual([
      { line: 1, request: { host: "h", port: 143, security: "plain", user: "u", password: "p", to: "u@x.example" } },
    ]);
  });
});
