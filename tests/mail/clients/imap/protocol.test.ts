// The IMAP protocol on the wire (a bare client): greeting and capabilities, ID / NAMESPACE / LIST "" "",
// AUTHENTICATE PLAIN with and without SASL-IR, literals (synchronising and LITERAL+), LOGINDISABLED and
// PRIVACYREQUIRED before STARTTLS off loopback, implicit TLS, CONDSTORE (ENABLE, HIGHESTMODSEQ,
// UNCHANGEDSINCE → MODIFIED, CHANGEDSINCE, SEARCH MODSEQ), EXAMINE read-only, APPEND TOOBIG, changes
// from another session (FETCH / EXPUNGE / EXISTS where RFC 3501 allows them), throttling, the connection
// limit and close() with BYE.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { networkInterfaces } from "node:os";
import { Buffer } from "node:buffer";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { startImapServer } from "../../../../server/modules/mail/imap/server.ts";
import { arrive } from "../../forward/helpers.ts";
import { type ClientTestUser, clientUser, testTls } from "../support.ts";
import { imapSetup } from "./helpers.ts";
import { RawImap } from "./raw-client.ts";

const { t, smtp, imap } = await imapSetup();
let A: ClientTestUser;
const open: RawImap[] = [];

async function connect(port = imap.port, host = "127.0.0.1", implicitTls = false) {
  const c = await RawImap.connect(port, host, implicitTls);
  open.push(c);
  const greeting = await c.line();
  return { c, greeting };
}

async function signedIn(): Promise<RawImap> {
  const { c } = await connect();
  expect((await c.run("L", `LOGIN ${A.username} ${A.password}`)).done).toMatch(/^OK /);
  return c;
}

const plain = (u: string, p: string) => Buffer.from(`\0${u}\0${p}`).toString("base64");

beforeAll(async () => {
  A = await clientUser(t, "imap-proto.test");
  for (const subject of ["one", "two", "three"]) await arrive(smtp.port, { from: "x@remote.example", to: A.username, subject });
});

afterAll(() => {
  for (const c of open) c.close();
});

describe("greeting, capabilities, sign-in", () => {
  test("greeting with capabilities; ID, NAMESPACE, LIST \"\" \"\" and a BAD for garbage", async () => {
    const { c, greeting } = await connect();
    expect(greeting).toMatch(/^\* OK \[CAPABILITY IMAP4rev1 .*STARTTLS.*AUTH=PLAIN.*\]/);
    expect(greeting).not.toContain("LOGINDISABLED");
    expect(await c.run("a", "NAMESPACE")).toEqual({ lines: [], done: "NO Sign in first" });
    expect((await c.run("b", 'ID ("name" "test")')).lines).toEqual(['* ID ("name" "groupware-imap")']);
    expect((await c.run("c", "FROB")).done).toMatch(/^BAD /);
    expect((await c.run("d", 'LOGIN "unterminated')).done).toMatch(/^BAD /);
    await c.run("e", `LOGIN ${A.username} ${A.password}`);
    expect((await c.run("f", "NAMESPACE")).lines).toEqual(['* NAMESPACE (("" "/")) NIL NIL']);
    expect((await c.run("g", 'LIST "" ""')).lines).toEqual(['* LIST (\\Noselect) "/" ""']);
    expect((await c.run("h", "CAPABILITY")).lines[0]).not.toContain("AUTH=PLAIN");
    expect(await c.run("i", "LOGOUT")).toEqual({ lines: ["* BYE Logging out"], done: "OK LOGOUT completed" });
  });

  test("AUTHENTICATE PLAIN with an initial response (SASL-IR) and after a continuation", async () => {
    const { c } = await connect();
    expect((await c.run("a", `AUTHENTICATE PLAIN ${plain(A.username, A.password)}`)).done).toMatch(/^OK \[CAPABILITY /);
    const { c: d } = await connect();
    d.write("b AUTHENTICATE PLAIN\r\n");
    expect(await d.line()).toBe("+ ");
    d.write(plain(A.username, "wrong") + "\r\n");
    expect((await d.until("b")).done).toMatch(/^NO \[AUTHENTICATIONFAILED\]/);
    d.write("c AUTHENTICATE PLAIN\r\n");
    expect(await d.line()).toBe("+ ");
    d.write("*\r\n");
    expect((await d.until("c")).done).toMatch(/^BAD /);
  });

  test("literals: a synchronising one waits for + go ahead, LITERAL+ does not", async () => {
    const { c } = await connect();
    const user = Buffer.from(A.username);
    c.write(`a LOGIN {${user.length}}\r\n`);
    expect(await c.line()).toBe("+ go ahead");
    c.write(Buffer.concat([user, Buffer.from(` {${A.password.length}+}\r\n${A.password}\r\n`)]));
    expect((await c.until("a")).done).toMatch(/^OK /);
  });

  test("off loopback: LOGINDISABLED and NO [PRIVACYREQUIRED] until STARTTLS", async () => {
    const address = Object.values(networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal)?.address;
    if (!address) return; // no non-loopback interface on this machine
    const server = await startImapServer(t.deps, { port: 0, host: address, tls: await testTls(), implicitTls: false });
    try {
      const { c, greeting } = await connect(server.port, address);
      expect(greeting).toContain("LOGINDISABLED");
      expect(greeting).not.toContain("AUTH=PLAIN");
      expect((await c.run("a", `LOGIN ${A.username} ${A.password}`)).done).toMatch(/^NO \[PRIVACYREQUIRED\]/);
      expect((await c.run("b", `AUTHENTICATE PLAIN ${plain(A.username, A.password)}`)).done).toMatch(/^NO \[PRIVACYREQUIRED\]/);
      expect((await c.run("c", "STARTTLS")).done).toMatch(/^OK /);
      await c.starttls();
      const caps = await c.run("d", "CAPABILITY");
      expect(caps.lines[0]).toContain("AUTH=PLAIN");
      expect(caps.lines[0]).not.toContain("STARTTLS");
      expect((await c.run("e", `LOGIN ${A.username} ${A.password}`)).done).toMatch(/^OK /);
      c.close();
    } finally {
      await server.close();
    }
  });

  test("implicit TLS port", async () => {
    const server = await startImapServer(t.deps, { port: 0, host: "127.0.0.1", tls: await testTls(), implicitTls: true });
    try {
      const { c, greeting } = await connect(server.port, "127.0.0.1", true);
      expect(greeting).not.toContain("STARTTLS");
      expect((await c.run("a", `LOGIN ${A.username} ${A.password}`)).done).toMatch(/^OK /);
      expect((await c.run("b", "STARTTLS")).done).toMatch(/^BAD /);
      c.close();
    } finally {
      await server.close();
    }
  });
});

describe("mailbox commands", () => {
  test("SUBSCRIBE / LSUB / LIST RETURN (SUBSCRIBED SPECIAL-USE), %, CREATE of an existing name", async () => {
    const c = await signedIn();
    expect((await c.run("a", 'CREATE "Work/&vPzCLA-"')).done).toBe("OK CREATE completed");
    expect((await c.run("b", 'CREATE "Work"')).done).toMatch(/^NO \[ALREADYEXISTS\]/);
    expect((await c.run("c", 'LIST "" %')).lines).toContain('* LIST (\\HasChildren) "/" "Work"');
    expect((await c.run("d", 'LIST "Work" %')).lines).toEqual(['* LIST (\\HasNoChildren) "/" "Work/&vPzCLA-"']);
    await c.run("e1", 'UNSUBSCRIBE "Work"');
    await c.run("e2", 'UNSUBSCRIBE "Work/&vPzCLA-"');
    expect((await c.run("e3", 'LSUB "" "Work*"')).lines).toEqual([]);
    await c.run("e", 'SUBSCRIBE "Work/&vPzCLA-"');
    expect((await c.run("f", 'LSUB "" "Work*"')).lines).toEqual(['* LSUB (\\HasNoChildren) "/" "Work/&vPzCLA-"']);
    expect((await c.run("g", 'LIST "" "Work/*" RETURN (SUBSCRIBED)')).lines).toEqual(['* LIST (\\HasNoChildren \\Subscribed) "/" "Work/&vPzCLA-"']);
    await c.run("h", 'UNSUBSCRIBE "Work/&vPzCLA-"');
    expect((await c.run("i", 'LSUB "" "Work*"')).lines).toEqual([]);
    expect((await c.run("j", 'DELETE "Work"')).done).toMatch(/^NO \[CANNOT\]/);
    expect((await c.run("k", 'SELECT "Nope"')).done).toMatch(/^NO \[NONEXISTENT\]/);
    expect((await c.run("l", 'COPY 1 "Nope"')).done).toMatch(/^BAD /); // nothing selected
  });
});

describe("mailbox state", () => {
  test("SELECT (CONDSTORE), STORE UNCHANGEDSINCE → MODIFIED, FETCH CHANGEDSINCE, SEARCH MODSEQ, STATUS", async () => {
    const c = await signedIn();
    expect((await c.run("a", "ENABLE CONDSTORE")).lines).toEqual(["* ENABLED CONDSTORE"]);
    const sel = await c.run("b", "SELECT INBOX (CONDSTORE)");
    expect(sel.done).toBe("OK [READ-WRITE] SELECT completed");
    expect(sel.lines).toEqual(expect.arrayContaining([
      "* 3 EXISTS", "* 3 RECENT", "* OK [UNSEEN 1] First unseen", // the first session to see them: recent expect.stringMatching(/^\* OK \[HIGHESTMODSEQ \d+\]/),
      expect.stringMatching(/^\* OK \[UIDVALIDITY \d+\]/), expect.stringMatching(/^\* OK \[UIDNEXT \d+\]/),
      expect.stringMatching(/^\* OK \[PERMANENTFLAGS \(.*\\\*\)\]/),
    ]));
    const all = (await c.run("c", "FETCH 1:* (MODSEQ)")).lines.map((l) => Number(/MODSEQ \((\d+)\)/.exec(l)![1]));
    const [m1, highest] = [all[0], Math.max(...all)];
    const st = await c.run("d", `STORE 1 (UNCHANGEDSINCE ${m1}) +FLAGS (\\Flagged)`);
    expect(st.done).toBe("OK STORE completed");
    const m2 = Number(/MODSEQ \((\d+)\)/.exec(st.lines[0])![1]);
    expect(m2).toBeGreaterThan(m1);
    expect((await c.run("e", `STORE 1 (UNCHANGEDSINCE ${m1}) -FLAGS (\\Flagged)`)).done).toMatch(/^OK \[MODIFIED 1\]/);
    const changed = await c.run("f", `FETCH 1:* (FLAGS) (CHANGEDSINCE ${highest})`);
    expect(changed.lines).toEqual([`* 1 FETCH (FLAGS (\\Flagged \\Recent) MODSEQ (${m2}))`]); // recent to this session
    expect((await c.run("g", `SEARCH MODSEQ ${highest + 1}`)).lines).toEqual([`* SEARCH 1 (MODSEQ ${m2})`]);
    const status = await c.run("h", "STATUS INBOX (MESSAGES UIDNEXT UIDVALIDITY UNSEEN HIGHESTMODSEQ SIZE RECENT)");
    expect(status.lines[0]).toMatch(/^\* STATUS "?INBOX"? \(MESSAGES 3 UIDNEXT \d+ UIDVALIDITY \d+ UNSEEN 3 HIGHESTMODSEQ \d+ SIZE \d+ RECENT 0\)$/);
    expect((await c.run("i", "SEARCH CHARSET KOI8-R ALL")).done).toMatch(/^NO \[BADCHARSET/);
  });

  test("EXAMINE is read-only: STORE refused, CLOSE expunges nothing", async () => {
    const c = await signedIn();
    expect((await c.run("a", "EXAMINE INBOX")).done).toBe("OK [READ-ONLY] EXAMINE completed");
    expect((await c.run("b", "STORE 1 +FLAGS (\\Deleted)")).done).toMatch(/^NO \[READ-ONLY\]/);
    expect((await c.run("c", "FETCH 1 (BODY[TEXT])")).lines[0]).not.toContain("\\Seen");
    await c.run("d", "CLOSE");
    expect((await c.run("e", "EXAMINE INBOX")).lines).toContain("* 3 EXISTS");
  });

  test("APPEND over the message size limit: NO [TOOBIG] without a continuation", async () => {
    const c = await signedIn();
    c.write(`a APPEND INBOX {${MAX_MESSAGE_BYTES + 1}}\r\n`);
    expect(await c.line()).toMatch(/^a NO \[TOOBIG\]/);
    expect((await c.run("b", "NOOP")).done).toBe("OK NOOP completed");
  });

  test("another session's changes: FETCH FLAGS, EXISTS, and EXPUNGE only where allowed", async () => {
    const c = await signedIn();
    const d = await signedIn();
    await c.run("a", "SELECT INBOX");
    await d.run("a", "SELECT INBOX");
    await d.run("b", "STORE 2 +FLAGS (\\Seen)");
    expect((await c.run("b", "NOOP")).lines).toEqual([expect.stringMatching(/^\* 2 FETCH \(UID \d+ FLAGS \(\\Seen\)\)$/)]);
    await arrive(smtp.port, { from: "x@remote.example", to: A.username, subject: "four" });
    expect((await c.run("c", "NOOP")).lines).toEqual(["* 4 EXISTS", "* 1 RECENT"]); // c is told first: recent to c
    await d.run("c", "NOOP");
    await d.run("d", "STORE 4 +FLAGS (\\Deleted)");
    expect((await d.run("e", "EXPUNGE")).lines).toEqual(["* 4 EXPUNGE"]);
    // A FETCH by number may not announce the EXPUNGE: message 4 is still there for it.
    const f = await c.run("d", "FETCH 1:* (UID)");
    expect(f.lines.filter((l) => l.includes("EXPUNGE"))).toEqual([]);
    expect((await c.run("e", "NOOP")).lines).toEqual(["* 4 EXPUNGE", "* 3 EXISTS"]);
  });
});

describe("limits and shutdown", () => {
  test("wrong passwords are throttled: NO [UNAVAILABLE]", async () => {
    const B = await clientUser(t, "imap-throttle.test");
    const { c } = await connect();
    let last = "";
    for (let i = 0; i < 12; i++) last = (await c.run(`t${i}`, `LOGIN ${B.username} wrong${i}`)).done;
    expect(last).toMatch(/^NO \[UNAVAILABLE\]/);
  });

  test("the connection limit turns the next client away; close() says BYE to open sessions", async () => {
    const server = await startImapServer(t.deps, { port: 0, host: "127.0.0.1", tls: await testTls(), implicitTls: false, maxConnections: 1 });
    const { c, greeting } = await connect(server.port);
    expect(greeting).toMatch(/^\* OK /);
    const { greeting: refused } = await connect(server.port);
    expect(refused).toMatch(/^\* BYE /);
    await c.run("a", `LOGIN ${A.username} ${A.password}`);
    c.write("b IDLE\r\n");
    expect(await c.line()).toBe("+ idling");
    const closing = server.close();
    expect(await c.line()).toBe("* BYE Server shutting down");
    await closing;
  });
});
