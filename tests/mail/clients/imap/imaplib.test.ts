// A real IMAP session driven by Python's imaplib (a client nobody on the team wrote) against
// startImapServer: sign-in, LIST, SELECT, FETCH, STORE, UID SEARCH, COPY, MOVE, APPEND, CREATE / RENAME /
// DELETE, EXPUNGE, LOGOUT, each effect checked through the web API or the database; and the refusals (wrong
// password, the protocol switched off, another company's folders never visible).
import { beforeAll, describe, expect, test } from "vitest";
import { arrive } from "../../forward/helpers.ts";
import { type ClientTestUser, clientUser, python } from "../support.ts";
import { folderId, imapSetup, webList } from "./helpers.ts";

const { t, smtp, imap } = await imapSetup();
let A: ClientTestUser, B: ClientTestUser;

/** Python prelude: connects and signs in; `mutf7` encodes names; `out` is printed as JSON at the end. */
const PRELUDE = `
import imaplib, json, sys, base64, re
port, user, password = int(sys.argv[1]), sys.argv[2], sys.argv[3]
def mutf7(s):
    out, run = "", ""
    def flush():
        nonlocal_out = "&" + base64.b64encode(run.encode("utf-16-be")).decode().rstrip("=").replace("/", ",") + "-"
        return nonlocal_out
    for ch in s:
        if 0x20 <= ord(ch) <= 0x7e:
            if run: out += flush(); run = ""
            out += "&-" if ch == "&" else ch
        else:
            run += ch
    if run: out += flush()
    return out
def text(v):
    return v.decode() if isinstance(v, bytes) else v
out = {}
c = imaplib.IMAP4("127.0.0.1", port)
`;

// deno-lint-ignore no-explicit-any
const run = <T = Record<string, any>>(u: ClientTestUser, body: string, password = u.password) =>
  python<T>(PRELUDE + body + "\nprint(json.dumps(out))", [imap.port, u.username, password]);

beforeAll(async () => {
  A = await clientUser(t, "imaplib-a.test");
  B = await clientUser(t, "imaplib-b.test");
  for (const subject of ["First mail", "Second mail", "Third 서울 mail"]) {
    await arrive(smtp.port, { from: "Sender <sender@remote.example>", to: A.username, subject });
  }
  await arrive(smtp.port, { from: "sender@remote.example", to: B.username, subject: "B only" });
  const bFolder = await t.call("POST", "/api/folders", { token: B.token, json: { folderType: "PRIVATE", nameFolder: "Secret B" } });
  expect([200, 201]).toContain(bFolder.status);
});

describe("imaplib session", () => {
  test("LOGIN, CAPABILITY, LIST with special-use, SELECT INBOX, FETCH", async () => {
    const r = await run(A, `
out["login"] = c.login(user, password)[0]
out["caps"] = list(c.capabilities)
typ, boxes = c.list()
out["list"] = [text(b) for b in boxes]
typ, data = c.select("INBOX")
out["exists"] = int(data[0])
typ, data = c.fetch("1:*", "(UID FLAGS RFC822.SIZE ENVELOPE)")
out["fetch"] = [text(d) if not isinstance(d, tuple) else text(d[0]) for d in data]
typ, data = c.fetch("3", "(BODY.PEEK[HEADER.FIELDS (SUBJECT)] BODYSTRUCTURE)")
out["header"] = data[0][1].decode("utf-8")
typ, data = c.fetch("1", "(FLAGS)")
out["flagsAfterPeek"] = text(data[0])
c.logout()
`);
    expect(r.login).toBe("OK");
    expect(r.caps).toEqual(expect.arrayContaining(["IMAP4REV1", "IDLE", "UIDPLUS", "MOVE", "SPECIAL-USE", "CONDSTORE"]));
    expect(r.list).toEqual(expect.arrayContaining([
      expect.stringMatching(/^\(\\HasNoChildren\) "\/" "?INBOX"?$/),
      expect.stringMatching(/\\Sent\) "\/" "?Sent/),
      expect.stringMatching(/\\Trash\) /),
    ]));
    expect(r.list.join("\n")).not.toContain("Secret B");
    expect(r.exists).toBe(3);
    expect(r.fetch).toHaveLength(3);
    expect(r.fetch[0]).toMatch(/UID \d+ FLAGS \(\\Recent\) RFC822.SIZE \d+ ENVELOPE/); // first session to see it
    expect(r.fetch[0]).toContain("First mail");
    expect(r.header).toMatch(/^Subject: /);
    expect(r.flagsAfterPeek).not.toContain("\\Seen");
  });

  test("STORE +FLAGS \\Seen / \\Flagged shows as read / important on the web; UID SEARCH finds them", async () => {
    const r = await run(A, `
c.login(user, password)
c.select("INBOX")
typ, data = c.store("1", "+FLAGS", "(\\\\Seen)")
out["store1"] = [text(d) for d in data]
typ, data = c.store("2", "+FLAGS", "(\\\\Flagged)")
out["store2"] = [text(d) for d in data]
out["unseen"] = text(c.uid("SEARCH", None, "UNSEEN")[1][0]).split()
out["flagged"] = text(c.uid("SEARCH", None, "FLAGGED")[1][0]).split()
out["subject"] = text(c.uid("SEARCH", "CHARSET", "UTF-8", "SUBJECT", "Second")[1][0]).split()
out["all"] = text(c.uid("SEARCH", None, "ALL")[1][0]).split()
c.logout()
`);
    expect(r.store1[0]).toMatch(/^1 \(FLAGS \(\\Seen\)\)$/);
    expect(r.store2[0]).toMatch(/^2 \(FLAGS \(\\Flagged\)\)$/);
    const [, u2, u3] = r.all.map(Number);
    expect(r.unseen.map(Number)).toEqual([u2, u3]);
    expect(r.flagged.map(Number)).toEqual([u2]);
    expect(r.subject.map(Number)).toEqual([u2]);
    const inbox = await webList(t, A.token, (await folderId(t, A.userId, { type: "INBOX" }))!);
    const bySubject = Object.fromEntries(inbox.map((m) => [m.subject, m]));
    expect(bySubject["First mail"].readStatus).toBe(1);
    expect(bySubject["Second mail"].importantStatus).toBe(1);
    expect(bySubject["Third 서울 mail"].readStatus).toBe(0);
  });

  test("a non-PEEK body fetch sets \\Seen", async () => {
    const r = await run(A, `
c.login(user, password)
c.select("INBOX")
typ, data = c.fetch("3", "(BODY[TEXT])")
out["resp"] = text(data[0][0])
out["body"] = data[0][1].decode()
c.logout()
`);
    expect(r.body).toContain("Body text");
    expect(r.resp).toContain("FLAGS (\\Seen)");
    const inbox = await webList(t, A.token, (await folderId(t, A.userId, { type: "INBOX" }))!);
    expect(inbox.find((m) => m.subject === "Third 서울 mail")!.readStatus).toBe(1);
  });

  test("CREATE a Korean folder, UID COPY and UID MOVE into it, RENAME, DELETE", async () => {
    const r = await run(A, `
c.login(user, password)
name = mutf7("Projects/서울")
out["create"] = c.create('"' + name + '"')[0]
out["list"] = [text(b) for b in c.list('""', "Projects/*")[1]]
c.select("INBOX")
uids = text(c.uid("SEARCH", None, "ALL")[1][0]).split()
typ, data = c._simple_command("UID", "COPY", uids[0], '"' + name + '"')
out["copy"] = [typ, text(data[0])]
typ, data = c._simple_command("UID", "MOVE", uids[1], '"' + name + '"')
out["move"] = typ
out["moveUntagged"] = [text(x) for x in c.untagged_responses.get("OK", [])]
typ, data = c.select("INBOX")
out["inboxAfter"] = int(data[0])
typ, data = c.select('"' + name + '"')
out["target"] = int(data[0])
c.close()
out["rename"] = c.rename('"' + name + '"', '"' + mutf7("Projects/부산") + '"')[0]
out["listAfter"] = [text(b) for b in c.list('""', "*")[1]]
c.create("Trashme")
out["delete"] = c.delete("Trashme")[0]
out["deleteInbox"] = c.delete("INBOX")[0]
c.logout()
`);
    expect(r.create).toBe("OK");
    expect(r.list).toEqual(["(\\HasNoChildren) \"/\" \"Projects/&wRzGuA-\""]);
    expect(r.copy[0]).toBe("OK");
    expect(r.copy[1]).toMatch(/^\[COPYUID \d+ \d+ \d+\]/);
    expect(r.move).toBe("OK");
    expect(r.inboxAfter).toBe(2);
    expect(r.target).toBe(2);
    expect(r.rename).toBe("OK");
    expect(r.listAfter.join("\n")).toContain('"Projects/&vYDAsA-"');
    expect(r.listAfter.join("\n")).not.toContain("Trashme");
    expect(r.delete).toBe("OK");
    expect(r.deleteInbox).toBe("NO");
    const busan = await folderId(t, A.userId, { name: "부산" });
    expect(busan).not.toBeNull();
    const inFolder = await webList(t, A.token, busan!);
    expect(inFolder.map((m) => m.subject).sort()).toEqual(["First mail", "Second mail"]);
    const inbox = await webList(t, A.token, (await folderId(t, A.userId, { type: "INBOX" }))!);
    expect(inbox.map((m) => m.subject).sort()).toEqual(["First mail", "Third 서울 mail"]);
  });

  test("APPEND to Sent answers APPENDUID; the web lists the mail in Sent", async () => {
    const r = await run(A, `
c.login(user, password)
msg = ("From: " + user + "\\r\\nTo: friend@remote.example\\r\\nSubject: Appended copy\\r\\n"
       "Content-Type: text/plain; charset=utf-8\\r\\n\\r\\n안녕하세요\\r\\n").encode("utf-8")
typ, data = c.append("Sent", "(\\\\Seen)", imaplib.Time2Internaldate(1700000000), msg)
out["append"] = [typ, text(data[0])]
c.logout()
`);
    expect(r.append[0]).toBe("OK");
    expect(r.append[1]).toMatch(/^\[APPENDUID \d+ \d+\]/);
    const sent = await webList(t, A.token, (await folderId(t, A.userId, { type: "SENT" }))!);
    expect(sent.map((m) => m.subject)).toContain("Appended copy");
  });

  test("STORE \\Deleted + EXPUNGE removes the mail", async () => {
    const r = await run(A, `
c.login(user, password)
c.select("INBOX")
out["before"] = int(c.select("INBOX")[1][0])
c.store("1", "+FLAGS", "(\\\\Deleted)")
typ, data = c.expunge()
out["expunge"] = [typ, [text(d) for d in data if d]]
out["after"] = int(c.select("INBOX")[1][0])
c.logout()
`);
    expect(r.before).toBe(2);
    expect(r.expunge).toEqual(["OK", ["1"]]);
    expect(r.after).toBe(1);
    const inbox = await webList(t, A.token, (await folderId(t, A.userId, { type: "INBOX" }))!);
    expect(inbox.map((m) => m.subject)).toEqual(["Third 서울 mail"]);
  });
});

describe("refusals", () => {
  test("a wrong password: NO [AUTHENTICATIONFAILED]", async () => {
    const r = await run(A, `
try:
    c.login(user, password)
    out["ok"] = True
except imaplib.IMAP4.error as e:
    out["error"] = str(e)
`, "wrong-password");
    expect(r.error).toContain("[AUTHENTICATIONFAILED]");
  });

  test("another company's folders and mails are never visible; a foreign name is NONEXISTENT", async () => {
    const r = await run(A, `
c.login(user, password)
out["list"] = [text(b) for b in c.list()[1]]
typ, data = c.select('"Secret B"')
out["select"] = [typ, text(data[0])]
typ, data = c.status('"Secret B"', "(MESSAGES)")
out["status"] = typ
c.logout()
`);
    expect(r.list.join("\n")).not.toContain("Secret B");
    expect(r.select[0]).toBe("NO");
    expect(r.select[1]).toContain("[NONEXISTENT]");
    expect(r.status).toBe("NO");
  });

  test("the protocol switched to POP3: NO [CONTACTADMIN] naming the mail settings", async () => {
    const off = await t.call("PUT", "/api/mail/config/pop3", { token: B.token, json: { pop3Flag: true, clientProtocolType: "POP3" } });
    expect(off.status).toBe(200);
    const r = await run(B, `
try:
    c.login(user, password)
    out["ok"] = True
except imaplib.IMAP4.error as e:
    out["error"] = str(e)
`);
    expect(r.error).toContain("[CONTACTADMIN]");
    expect(r.error).toContain("mail settings");
  });
});
