// SEARCH by header, address and sent date as Python's imaplib sees it (imaptest's search-header, search-addresses
// and search-date found these): SENTBEFORE/SENTON/SENTSINCE use the day the Date header names in its own time
// zone; HEADER X "" and SUBJECT "" match only messages having the field; FROM/TO/CC search every address of
// the list, group names and members, and decoded names. The messages come in by the client's own APPEND.
import { beforeAll, describe, expect, test } from "vitest";
import { type ClientTestUser, clientUser, python } from "../support.ts";
import { imapSetup } from "./helpers.ts";

const { t, imap } = await imapSetup();
let A: ClientTestUser;

const MESSAGES = [
  [
    "Date: Mon, 2 Mar 2026 23:30:00 -0800",
    "From: Alice <alice@a.example>, Bob Two <bob@b.example>",
    "To: Team: carol@c.example, dave@d.example;",
    "Subject: one",
    "X-Tag: yes",
  ],
  [
    "Date: Tue, 3 Mar 2026 00:30:00 +0900",
    "From: erin@e.example",
    "To: frank@f.example",
    "Cc: =?UTF-8?B?7ISc7Jq4?= <seoul@k.example>",
  ],
  [
    "From: gina@g.example",
    "To: frank@f.example",
    "Subject: ",
  ],
].map((lines) => lines.join("\r\n") + "\r\n\r\nbody\r\n");

// deno-lint-ignore no-explicit-any
const run = <T = Record<string, any>>(body: string) =>
  python<T>(
    `
import imaplib, json, sys
port, user, password, messages = int(sys.argv[1]), sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
c = imaplib.IMAP4("127.0.0.1", port)
c.login(user, password)
def found(*keys, utf8=None):
    if utf8 is not None:
        c.literal = utf8.encode()
        typ, data = c.search("UTF-8", *keys)
    else:
        typ, data = c.search(None, *keys)
    return [int(n) for n in data[0].split()]
out = {}
` + body + "\nc.logout()\nprint(json.dumps(out))",
    [imap.port, A.username, A.password, JSON.stringify(MESSAGES)],
  );

beforeAll(async () => {
  A = await clientUser(t, "imap-search-headers.test");
  await run(`
c.create("Headers")
for m in messages:
    c.append("Headers", None, None, m.encode())
`);
});

describe("SEARCH by header, address and sent date", () => {
  test("SENT* compare the Date header's own day, not the UTC one", async () => {
    const r = await run(`
c.select("Headers")
out["on2"] = found("SENTON", "2-Mar-2026")
out["on3"] = found("SENTON", "3-Mar-2026")
out["before3"] = found("SENTBEFORE", "3-Mar-2026")
out["since3"] = found("SENTSINCE", "3-Mar-2026")
out["notSince3"] = found("NOT", "SENTSINCE", "3-Mar-2026")
`);
    expect(r.on2).toEqual([1]); // 07:30 UTC on the 3rd, but the header says the 2nd
    expect(r.on3).toEqual([2]); // 15:30 UTC on the 2nd, but the header says the 3rd
    expect(r.before3).toEqual([1]);
    expect(r.since3).toEqual([2, 3]); // 3 has no Date: its internal date (today) counts
    expect(r.notSince3).toEqual([1]);
  });

  test("HEADER X \"\" and SUBJECT \"\" match only the messages having the field", async () => {
    const r = await run(`
c.select("Headers")
out["xtag"] = found("HEADER", "X-Tag", '""')
out["headerSubject"] = found("HEADER", "Subject", '""')
out["subject"] = found("SUBJECT", '""')
out["cc"] = found("HEADER", "Cc", '""')
out["notSubject"] = found("NOT", "HEADER", "Subject", '""')
`);
    expect(r.xtag).toEqual([1]);
    expect(r.headerSubject).toEqual([1, 3]);
    expect(r.subject).toEqual([1, 3]);
    expect(r.cc).toEqual([2]);
    expect(r.notSubject).toEqual([2]);
  });

  test("FROM, TO and CC search every address, group names and decoded names", async () => {
    const r = await run(`
c.select("Headers")
out["fromBob"] = found("FROM", "bob@b.example")
out["fromName"] = found("FROM", '"Bob Two"')
out["fromAlice"] = found("FROM", "alice")
out["toDave"] = found("TO", "dave")
out["toCarol"] = found("TO", "carol@c.example")
out["toGroup"] = found("TO", "Team")
out["toFrank"] = found("TO", "frank")
out["ccDecoded"] = found("CC", utf8="서울")
out["ccAddress"] = found("CC", "seoul@k.example")
out["fromNobody"] = found("FROM", "nobody")
`);
    expect(r.fromBob).toEqual([1]);
    expect(r.fromName).toEqual([1]);
    expect(r.fromAlice).toEqual([1]);
    expect(r.toDave).toEqual([1]);
    expect(r.toCarol).toEqual([1]);
    expect(r.toGroup).toEqual([1]);
    expect(r.toFrank).toEqual([2, 3]);
    expect(r.ccDecoded).toEqual([2]);
    expect(r.ccAddress).toEqual([2]);
    expect(r.fromNobody).toEqual([]);
  });
});
