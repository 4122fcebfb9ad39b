// The POP3 server on a raw socket, for what poplib hides: CAPA before and after sign-in, dot-stuffing and
// CRLF normalisation of a stored message with bare LF line endings, AUTH PLAIN (initial response and
// continuation), pipelined commands, the refusals with their response codes (wrong password [AUTH],
// throttled [SYS/TEMP], POP3 off by the user's settings or the company switch [AUTH], a second session
// [IN-USE], plaintext sign-in from a non-loopback address [AUTH]) and an over-long line.
import { beforeAll, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import os from "node:os";
import { fileMessage } from "../../../../server/modules/mail/store/deliver.ts";
import { CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP } from "../../../../shared/mail/clients.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { type ClientTestUser, clientUser, enableClients } from "../support.ts";
import { pop3Server, RawPop3 } from "./helpers.ts";

const t = await createTestApp();
const server = await pop3Server(t);
let D: ClientTestUser, E: ClientTestUser, F: ClientTestUser;

const RAW = "From: Far <far@remote.example>\nTo: someone\nSubject: dots\n\nline one\n.starts with a dot\n..two dots\n.\nlast line";
const WIRE = "From: Far <far@remote.example>\r\nTo: someone\r\nSubject: dots\r\n\r\nline one\r\n.starts with a dot\r\n..two dots\r\n.\r\nlast line\r\n";
const STUFFED = "From: Far <far@remote.example>\r\nTo: someone\r\nSubject: dots\r\n\r\nline one\r\n..starts with a dot\r\n...two dots\r\n..\r\nlast line\r\n";

const plainAuth = (user: string, password: string, authz = "") => Buffer.from(`${authz}\0${user}\0${password}`).toString("base64");

async function capa(c: RawPop3) {
  expect(await c.cmd("CAPA")).toMatch(/^\+OK/);
  return (await c.multi()).toString().trim().split("\r\n");
}

beforeAll(async () => {
  D = await clientUser(t, "pop-dots.test", "POP3");
  E = await clientUser(t, "pop-echo.test", "POP3");
  F = await clientUser(t, "pop-fox.test", "POP3");
  await enableClients(t, D, "POP3", { pop3FetchRange: "ALL" }); // D's one message stays offered after RETR
  await fileMessage(t.deps, { companyId: D.companyId, raw: new TextEncoder().encode(RAW), receivedAt: t.clock.now(), targets: [{ userId: D.userId, folder: "INBOX" }] });
});

describe("POP3 on a raw socket", () => {
  test("CAPA before sign-in offers USER, SASL PLAIN and STLS; after, neither", async () => {
    const { c, greeting } = await RawPop3.connect(server.port);
    expect(greeting).toMatch(/^\+OK/);
    expect(await capa(c)).toEqual(expect.arrayContaining(["TOP", "UIDL", "USER", "SASL PLAIN", "STLS", "RESP-CODES", "AUTH-RESP-CODE", "PIPELINING"]));
    expect(await c.cmd("STAT")).toMatch(/^-ERR/);
    expect(await c.cmd(`USER ${D.username}`)).toMatch(/^\+OK/);
    expect(await c.cmd(`PASS ${D.password}`)).toMatch(/^\+OK/);
    const after = await capa(c);
    expect(after).toContain("UIDL");
    expect(after).not.toContain("USER");
    expect(after).not.toContain("STLS");
    expect(await c.cmd("QUIT")).toMatch(/^\+OK/);
    await c.whenClosed();
  });

  test("bare LF becomes CRLF, sizes count the CRLF form, lines starting with '.' are dot-stuffed", async () => {
    const c = await RawPop3.signedIn(server.port, D.username, D.password);
    expect(await c.cmd("STAT")).toBe(`+OK 1 ${WIRE.length}`);
    expect(await c.cmd("LIST 1")).toBe(`+OK 1 ${WIRE.length}`);
    expect(await c.cmd("RETR 1")).toMatch(/^\+OK/);
    expect((await c.multi()).toString()).toBe(STUFFED);
    expect(await c.cmd("TOP 1 2")).toMatch(/^\+OK/);
    expect((await c.multi()).toString()).toBe(STUFFED.slice(0, STUFFED.indexOf("...two")));
    expect(await c.cmd("RETR 2")).toMatch(/^-ERR/);
    expect(await c.cmd("TOP 1")).toMatch(/^-ERR/);
    expect(await c.cmd("DELE 1")).toMatch(/^\+OK/);
    expect(await c.cmd("RETR 1")).toMatch(/^-ERR/);
    expect(await c.cmd("STAT")).toBe("+OK 0 0");
    expect(await c.cmd("RSET")).toMatch(/^\+OK/);
    expect(await c.cmd("QUIT")).toMatch(/^\+OK/);
  });

  test("pipelined commands are answered in order", async () => {
    const c = await RawPop3.signedIn(server.port, D.username, D.password);
    c.send("STAT\r\nUIDL\r\nNOOP\r\nLIST\r\nQUIT\r\n");
    expect(await c.line()).toBe(`+OK 1 ${WIRE.length}`);
    expect(await c.line()).toMatch(/^\+OK/);
    expect((await c.multi()).toString()).toMatch(/^1 \d+\r\n$/);
    expect(await c.line()).toMatch(/^\+OK/);
    expect(await c.line()).toMatch(/^\+OK/);
    expect((await c.multi()).toString()).toBe(`1 ${WIRE.length}\r\n`);
    expect(await c.line()).toMatch(/^\+OK/);
    await c.whenClosed();
  });

  test("AUTH PLAIN with an initial response and as a continuation; a foreign authzid is refused", async () => {
    let { c } = await RawPop3.connect(server.port);
    expect(await c.cmd(`AUTH PLAIN ${plainAuth(E.username, E.password)}`)).toMatch(/^\+OK/);
    expect(await c.cmd("QUIT")).toMatch(/^\+OK/);
    ({ c } = await RawPop3.connect(server.port));
    expect(await c.cmd("AUTH PLAIN")).toBe("+ ");
    expect(await c.cmd(plainAuth(E.username, E.password, E.username))).toMatch(/^\+OK/);
    expect(await c.cmd("QUIT")).toMatch(/^\+OK/);
    ({ c } = await RawPop3.connect(server.port));
    expect(await c.cmd(`AUTH PLAIN ${plainAuth(E.username, E.password, D.username)}`)).toMatch(/^-ERR \[AUTH\]/);
    expect(await c.cmd("AUTH PLAIN")).toBe("+ ");
    expect(await c.cmd("*")).toMatch(/^-ERR/);
    expect(await c.cmd("AUTH CRAM-MD5")).toMatch(/^-ERR/);
    c.destroy();
  });

  test("a wrong password is -ERR [AUTH]; the same for an unknown address", async () => {
    const { c } = await RawPop3.connect(server.port);
    await c.cmd(`USER ${E.username}`);
    expect(await c.cmd("PASS wrong123")).toMatch(/^-ERR \[AUTH\] /);
    await c.cmd("USER nobody@pop-echo.test");
    expect(await c.cmd(`PASS ${E.password}`)).toMatch(/^-ERR \[AUTH\] /);
    c.destroy();
  });

  test("too many failures are throttled: -ERR [SYS/TEMP], even with the right password", async () => {
    for (let i = 0; i < CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      const { c } = await RawPop3.connect(server.port);
      expect(await c.cmd(`AUTH PLAIN ${plainAuth(F.username, "wrong123")}`)).toMatch(/^-ERR \[AUTH\]/);
      c.destroy();
    }
    const { c } = await RawPop3.connect(server.port);
    expect(await c.cmd(`AUTH PLAIN ${plainAuth(F.username, F.password)}`)).toMatch(/^-ERR \[SYS\/TEMP\] .*try again later/);
    c.destroy();
  });

  test("POP3 off (client protocol IMAP, pop3Flag off, company switch off) is -ERR [AUTH] pointing to the settings", async () => {
    const attempt = async () => {
      const { c } = await RawPop3.connect(server.port);
      const r = await c.cmd(`AUTH PLAIN ${plainAuth(E.username, E.password)}`);
      c.destroy();
      return r;
    };
    await enableClients(t, E, "IMAP");
    expect(await attempt()).toMatch(/^-ERR \[AUTH\] .*turn POP3 on in the mail settings/);
    await enableClients(t, E, "POP3", { pop3Flag: false });
    expect(await attempt()).toMatch(/^-ERR \[AUTH\] .*turn POP3 on/);
    await enableClients(t, E, "POP3");
    const off = await t.call("PUT", "/api/admin/company/config/mail", { token: E.token, json: { pop3: false } });
    expect(off.status).toBe(200);
    expect(await attempt()).toMatch(/^-ERR \[AUTH\] .*turn POP3 on/);
    expect((await t.call("PUT", "/api/admin/company/config/mail", { token: E.token, json: { pop3: true } })).status).toBe(200);
    expect(await attempt()).toMatch(/^\+OK/);
  });

  test("a second session of the same user gets -ERR [IN-USE] until the first ends", async () => {
    const first = await RawPop3.signedIn(server.port, D.username, D.password);
    const { c } = await RawPop3.connect(server.port);
    await c.cmd(`USER ${D.username}`);
    expect(await c.cmd(`PASS ${D.password}`)).toMatch(/^-ERR \[IN-USE\]/);
    expect(await first.cmd("QUIT")).toMatch(/^\+OK/);
    await first.whenClosed();
    await c.cmd(`USER ${D.username}`);
    expect(await c.cmd(`PASS ${D.password}`)).toMatch(/^\+OK/);
    expect(await c.cmd("QUIT")).toMatch(/^\+OK/);
  });

  test("an over-long command line closes the connection", async () => {
    const { c } = await RawPop3.connect(server.port);
    c.send("NOOP " + "x".repeat(5000) + "\r\n");
    expect(await c.line()).toMatch(/^-ERR/);
    await c.whenClosed();
    expect(c.closed).toBe(true);
  });
});

describe("POP3 limits and shutdown", () => {
  test("connections past the limit get -ERR [SYS/TEMP]; an idle one is closed; close() ends sessions politely", async () => {
    const small = await pop3Server(t, false, "127.0.0.1", { maxConnections: 1, idleTimeoutMs: 300 });
    const { c: first } = await RawPop3.connect(small.port);
    const { c: second, greeting } = await RawPop3.connect(small.port);
    expect(greeting).toMatch(/^-ERR \[SYS\/TEMP\]/);
    await second.whenClosed();
    expect(await first.line()).toMatch(/^-ERR .*[Ii]dle/); // nothing sent for 300 ms
    await first.whenClosed();
    expect(first.closed).toBe(true);

    const closing = await pop3Server(t); // the default idle time: a sign-in takes longer than 300 ms
    const signedIn = await RawPop3.signedIn(closing.port, D.username, D.password);
    await closing.close();
    expect(await signedIn.line()).toMatch(/^-ERR .*shutting down/);
    await signedIn.whenClosed();
    expect(signedIn.closed).toBe(true);
  });
});

// Plaintext sign-in is allowed on loopback only: a server on this machine's own non-loopback address, reached
// through that address, sees a non-loopback client. Machines without such an address skip this.
const external = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal)?.address;

describe.skipIf(!external)("POP3 from a non-loopback address", () => {
  test("USER, PASS and AUTH before STLS are -ERR [AUTH]; CAPA offers STLS but not USER", async () => {
    const remote = await pop3Server(t, false, external!);
    const { c } = await RawPop3.connect(remote.port, external!);
    const caps = await capa(c);
    expect(caps).toContain("STLS");
    expect(caps).not.toContain("USER");
    expect(await c.cmd(`USER ${E.username}`)).toMatch(/^-ERR \[AUTH\] .*STLS/);
    expect(await c.cmd(`AUTH PLAIN ${plainAuth(E.username, E.password)}`)).toMatch(/^-ERR \[AUTH\]/);
    c.destroy();
  });
});
