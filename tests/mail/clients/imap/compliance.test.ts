// Protocol details imaptest found, through Python's imaplib against the real server: CREATE subscribes
// nothing (LSUB lists what the client SUBSCRIBEd, a parent of a subscribed child as \Noselect under "%");
// MOVE into the selected mailbox itself gives the message a new UID (RFC 6851, as dovecot); a STORE bringing
// a new keyword into the mailbox announces FLAGS and PERMANENTFLAGS again, to the storing session and to
// another one; ENABLE is refused (BAD) once a mailbox is selected (RFC 5161).
import { beforeAll, describe, expect, test } from "vitest";
import { arrive } from "../../forward/helpers.ts";
import { type ClientTestUser, clientUser } from "../support.ts";
import { imaplibRun, imapSetup } from "./helpers.ts";

const { t, smtp, imap } = await imapSetup();
let A: ClientTestUser;

// deno-lint-ignore no-explicit-any
const run = <T = Record<string, any>>(body: string) => imaplibRun<T>(imap.port, A, body);

beforeAll(async () => {
  A = await clientUser(t, "imap-compliance.test");
  await arrive(smtp.port, { from: "s@remote.example", to: A.username, subject: "first" });
  await arrive(smtp.port, { from: "s@remote.example", to: A.username, subject: "second" });
});

describe("IMAP compliance details", () => {
  test("CREATE subscribes neither the mailbox nor its parents; LSUB shows what was subscribed", async () => {
    const r = await run(`
c = session()
out["create"] = c.create("Top/Middle/Leaf")[0]
out["lsubNone"] = texts(c.lsub('""', "Top*")[1])
out["list"] = texts(c.list('""', "Top*")[1])
c.subscribe("Top/Middle/Leaf")
out["lsubAll"] = texts(c.lsub('""', "Top*")[1])
out["lsubPercent"] = texts(c.lsub('""', "Top/%")[1])
c.logout()
`);
    expect(r.create).toBe("OK");
    expect(r.lsubNone).toEqual([]);
    expect(r.list).toHaveLength(3);
    expect(r.lsubAll).toEqual(['(\\HasNoChildren) "/" "Top/Middle/Leaf"']);
    expect(r.lsubPercent).toEqual(['(\\Noselect) "/" "Top/Middle"']);
  });

  test("MOVE into the selected mailbox itself: the message stays under a new UID", async () => {
    const r = await run(`
c = session()
c.select("INBOX")
out["before"] = text(c.uid("FETCH", "1:*", "(UID)")[1][-1])
typ, data = c._simple_command("MOVE", "1", "INBOX")
out["move"] = [typ, texts(data)]
out["copyuid"] = texts(c.response("COPYUID")[1])
out["expunge"] = texts(c.response("EXPUNGE")[1])
out["after"] = [text(d) for d in c.fetch("1:*", "(UID)")[1]]
c.logout()
`);
    expect(r.move[0]).toBe("OK");
    expect(r.copyuid[0]).toMatch(/^\d+ \d+ \d+$/); // COPYUID uidvalidity old new
    const [, oldUid, newUid] = r.copyuid[0].split(" ").map(Number);
    expect(newUid).toBeGreaterThan(oldUid);
    expect(r.expunge).toEqual(["1"]);
    expect(r.after).toHaveLength(2);
    expect(r.after[1]).toContain(`UID ${newUid})`);
  });

  test("a new keyword re-announces FLAGS and PERMANENTFLAGS, here and in another session", async () => {
    const r = await run(`
a = session(); a.select("INBOX")
b = session(); b.select("INBOX")
for c in (a, b): c.response("FLAGS"); c.response("PERMANENTFLAGS")
a.store("1", "+FLAGS", "($Project)")
out["aFlags"] = texts(a.response("FLAGS")[1])
out["aPermanent"] = texts(a.response("PERMANENTFLAGS")[1])
b.noop()
out["bFlags"] = texts(b.response("FLAGS")[1])
a.store("2", "+FLAGS", "($Project)")
out["aAgain"] = texts(a.response("FLAGS")[1])
a.logout(); b.logout()
`);
    expect(r.aFlags).toEqual([expect.stringContaining("$Project")]);
    expect(r.aFlags[0]).toContain("\\Seen");
    expect(r.aPermanent).toEqual([expect.stringMatching(/\$Project.*\\\*/)]);
    expect(r.bFlags).toEqual([expect.stringContaining("$Project")]);
    expect(r.aAgain).toEqual([]); // not new any more: FLAGS is not repeated
  });

  test("ENABLE is accepted after sign-in and refused with BAD once a mailbox is selected", async () => {
    const r = await run(`
# imaplib itself knows ENABLE is for the authenticated state only: let it send it anyway.
imaplib.Commands["ENABLE"] = ("AUTH", "SELECTED")
c = session()
out["auth"] = c._simple_command("ENABLE", "CONDSTORE")[0]
c.select("INBOX")
try:
    c._simple_command("ENABLE", "CONDSTORE")
    out["selected"] = "accepted"
except imaplib.IMAP4.error as e:
    out["selected"] = str(e)
c.logout()
`);
    expect(r.auth).toBe("OK");
    expect(r.selected).toMatch(/BAD/);
  });
});
