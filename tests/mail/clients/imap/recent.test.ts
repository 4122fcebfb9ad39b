// \Recent (RFC 3501 §2.3.2) seen by Python's imaplib sessions against the real server: the first session to
// select a mailbox is told of new mail as recent (RECENT count, \Recent in FLAGS, SEARCH RECENT/NEW/OLD), a
// later one is not; mail arriving over SMTP while sessions are selected is recent to exactly one of them
// (untagged RECENT after EXISTS), also when the sessions are on two server instances; EXAMINE and STATUS look
// without taking it.
import { beforeAll, describe, expect, test } from "vitest";
import { arrive } from "../../forward/helpers.ts";
import { type ClientTestUser, clientUser } from "../support.ts";
import { imaplibRun, imapSetup, secondImapInstance } from "./helpers.ts";

const { t, smtp, imap } = await imapSetup();
const other = await secondImapInstance(t);
let A: ClientTestUser;

/** recent(c): the last untagged RECENT count the session was sent (imaplib collects them); found(c, keys). */
const RECENT_DEFS = `
def recent(c):
    name, data = c.response("RECENT")
    return int(data[-1]) if data and data[-1] is not None else None
def found(c, *keys):
    return text(c.search(None, *keys)[1][0]).split()
`;

// deno-lint-ignore no-explicit-any
const run = <T = Record<string, any>>(body: string) => imaplibRun<T>(imap.port, A, RECENT_DEFS + body);
const mail = (subject: string) => arrive(smtp.port, { from: "s@remote.example", to: A.username, subject });

beforeAll(async () => {
  A = await clientUser(t, "imap-recent.test");
  await mail("recent one");
  await mail("recent two");
});

describe("\\Recent", () => {
  test("the first session to see new mail is told it is recent; the next is not; EXAMINE and STATUS only look", async () => {
    const r = await run(`
st = session()
out["statusBefore"] = text(st.status("INBOX", "(MESSAGES RECENT)")[1][0])
a = session()
a.select("INBOX")
out["aRecent"] = recent(a)
out["aFlags"] = [text(d) for d in a.fetch("1:*", "(FLAGS)")[1]]
out["aSearchRecent"] = found(a, "RECENT")
out["aSearchNew"] = found(a, "NEW")
out["aSearchOld"] = found(a, "OLD")
a.fetch("1", "(BODY[TEXT])")
out["aNewAfterRead"] = found(a, "NEW")
out["aSearchKeyword"] = found(a, "KEYWORD", "\\\\Recent")
b = session()
b.select("INBOX")
out["bRecent"] = recent(b)
out["bFlags"] = [text(d) for d in b.fetch("1:*", "(FLAGS)")[1]]
out["bSearchRecent"] = found(b, "RECENT")
out["bSearchOld"] = found(b, "OLD")
out["statusAfter"] = text(st.status("INBOX", "(MESSAGES RECENT)")[1][0])
st.logout(); a.logout(); b.logout()
`);
    expect(r.statusBefore).toMatch(/\(MESSAGES 2 RECENT 2\)/);
    expect(r.aRecent).toBe(2);
    for (const f of r.aFlags) expect(f).toContain("\\Recent");
    expect(r.aSearchRecent).toEqual(["1", "2"]);
    expect(r.aSearchNew).toEqual(["1", "2"]);
    expect(r.aSearchOld).toEqual([]);
    expect(r.aNewAfterRead).toEqual(["2"]);
    expect(r.aSearchKeyword).toEqual(["1", "2"]);
    expect(r.bRecent).toBe(0);
    for (const f of r.bFlags) expect(f).not.toContain("\\Recent");
    expect(r.bSearchRecent).toEqual([]);
    expect(r.bSearchOld).toEqual(["1", "2"]);
    expect(r.statusAfter).toMatch(/\(MESSAGES 2 RECENT 0\)/);
  });

  test("new mail while two sessions are selected is recent to one of them; EXAMINE does not take it", async () => {
    const r = await imaplibRun<Record<string, number | null>>(imap.port, A, RECENT_DEFS + `
import smtplib, time
from email.message import EmailMessage
smtp_port = int(sys.argv[4])
def deliver(subject):
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "s@remote.example", user, subject
    m.set_content("Body text")
    with smtplib.SMTP("127.0.0.1", smtp_port) as s:
        s.send_message(m)
def wait_exists(c, n):
    deadline = time.time() + 10
    while time.time() < deadline:
        c.noop()
        name, data = c.response("EXISTS")
        if data and data[-1] is not None and int(data[-1]) >= n: return int(data[-1])
        time.sleep(0.05)
    raise Exception("no EXISTS %d" % n)
a = session(); a.select("INBOX")
b = session(); b.select("INBOX")
n = int(text(a.select("INBOX")[1][0]))
deliver("while selected")
out["aExists"] = wait_exists(a, n + 1)
out["aRecent"] = recent(a)
out["bExists"] = wait_exists(b, n + 1)
out["bRecent"] = recent(b)
out["aSearchRecent"] = len(found(a, "RECENT"))
deliver("while examined")
e = session(); e.select("INBOX", readonly=True)  # EXAMINE
out["examineRecent"] = recent(e)
f = session(); f.select("INBOX")
out["selectAfterExamine"] = recent(f)
g = session(); g.select("INBOX")
out["selectAfterThat"] = recent(g)
for c in (a, b, e, f, g): c.logout()
`, [smtp.port]);
    expect(r.aExists).toBe(r.bExists);
    expect(r.aRecent).toBe(1); // re-selected just before: only the new mail is recent to it
    expect(r.bRecent).toBe(0);
    expect(r.aSearchRecent).toBe(1);
    expect(r.examineRecent).toBe(1);
    expect(r.selectAfterExamine).toBe(1);
    expect(r.selectAfterThat).toBe(0);
  });

  test("sessions on two server instances: new mail is recent to exactly one of them", async () => {
    // Both instances have looked at the mailbox before the mail comes (the earlier tests used this one).
    const look = `
c = session(); c.select("INBOX")
out["recent"] = recent(c)
c.logout()
`;
    await imaplibRun(other.port, A, RECENT_DEFS + look);
    await mail("to two instances one");
    await mail("to two instances two");
    const first = await imaplibRun<{ recent: number }>(other.port, A, RECENT_DEFS + look);
    const second = await imaplibRun<{ recent: number }>(imap.port, A, RECENT_DEFS + look);
    const status = await imaplibRun<{ status: string }>(imap.port, A, `
out["status"] = text(session().status("INBOX", "(RECENT)")[1][0])
`);
    expect(first.recent).toBe(2); // the instance whose session looked first gave it both
    expect(second.recent).toBe(0); // the other instance knows they were given out
    expect(status.status).toMatch(/\(RECENT 0\)/);
  });
});
