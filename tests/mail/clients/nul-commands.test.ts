// A NUL in a command of the mail protocols is refused by the command parser with the protocol's own syntax
// answer (IMAP BAD, POP3 -ERR, SMTP 500 5.5.2 on the inbound port and on submission), so it never reaches a
// sign-in, an address lookup or the database (which logged an error and answered NO/451 before). The session
// goes on: the next good command is served.
import net from "node:net";
import { Buffer } from "node:buffer";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ClientAuthError, signInClient } from "../../../server/modules/mail/clients/auth.ts";
import { startImapServer } from "../../../server/modules/mail/imap/server.ts";
import { startSubmissionServer, type SubmissionServer } from "../../../server/modules/mail/submission/server.ts";
import { createTestApp } from "../../support/test-app.ts";
import { listen, localResolver } from "../smtp/support.ts";
import { RawImap } from "./imap/raw-client.ts";
import { pop3Server, RawPop3 } from "./pop3/helpers.ts";
import { CLIENT_PASSWORD, clientUser, testTls } from "./support.ts";

const t = await createTestApp();
const logged: string[] = [];
const logError = t.deps.log.error;
t.deps.log.error = (msg, extra) => {
  logged.push(`${msg} ${extra instanceof Error ? extra.message : String(extra ?? "")}`);
  logError(msg, extra);
};
const imapUser = await clientUser(t, "nul-imap.test", "IMAP");
const popUser = await clientUser(t, "nul-pop.test", "POP3");
const tlsPair = await testTls();
const imap = await startImapServer(t.deps, { port: 0, host: "127.0.0.1", tls: tlsPair, implicitTls: false, idlePollMs: 100 });
const pop3 = await pop3Server(t);
const inbound = await listen(t.deps, localResolver({}));
let submission: SubmissionServer;
beforeAll(async () => {
  submission = await startSubmissionServer(t.deps, { port: 0, host: "127.0.0.1", tls: tlsPair, implicitTls: false });
});
afterAll(async () => {
  await imap.close();
  await submission.close();
  t.deps.log.error = logError;
});

/** A bare SMTP client: sends a line, reads a whole (multi-line) reply. */
class RawSmtp {
  private buf = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.wake?.();
    });
    socket.on("error", () => {});
  }

  static async connect(port: number): Promise<RawSmtp> {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const c = new RawSmtp(socket);
    expect(await c.reply()).toMatch(/^220 /);
    return c;
  }

  async reply(): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const text = this.buf.toString("latin1");
      const last = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(text);
      if (last) {
        const end = last.index + last[0].length;
        this.buf = this.buf.subarray(end);
        return text.slice(0, end).trim().split("\r\n").at(-1)!;
      }
      if (Date.now() > deadline) throw new Error(`no reply; have ${JSON.stringify(text)}`);
      await new Promise<void>((r) => {
        const timer = setTimeout(r, 100);
        this.wake = () => {
          clearTimeout(timer);
          r();
        };
      });
    }
  }

  async cmd(line: string): Promise<string> {
    this.socket.write(line + "\r\n");
    return await this.reply();
  }

  close() {
    this.socket.destroy();
  }
}

describe("IMAP", () => {
  beforeAll(async () => {
    // A message in the inbox, so a search has rows to look at.
    const c = await RawSmtp.connect(inbound.port);
    await c.cmd("EHLO sender.test");
    await c.cmd("MAIL FROM:<someone@sender.test>");
    expect(await c.cmd(`RCPT TO:<${imapUser.username}>`)).toMatch(/^250 /);
    expect(await c.cmd("DATA")).toMatch(/^354 /);
    const message = `From: someone@sender.test\r\nTo: ${imapUser.username}\r\nSubject: ok then\r\n\r\nHello\r\n.`;
    expect(await c.cmd(message)).toMatch(/^250 /);
    c.close();
  });

  test("a NUL in a quoted string, a literal, an atom or a modified UTF-7 mailbox name answers BAD", async () => {
    const c = await RawImap.connect(imap.port);
    await c.line();
    expect((await c.run("a", `LOGIN ${imapUser.username} ${CLIENT_PASSWORD}`)).done).toMatch(/^OK/);
    expect((await c.run("b", "SELECT INBOX")).done).toMatch(/^OK/);
    expect((await c.run("c", 'SEARCH SUBJECT "\0"')).done).toMatch(/^BAD /);
    expect((await c.run("d", "SEARCH SUBJECT {3+}\r\na\0b")).done).toMatch(/^BAD /);
    expect((await c.run("e", "SEARCH HEADER X-A\0 x")).done).toMatch(/^BAD /);
    expect((await c.run("f", 'CREATE "&AAA-"')).done).toMatch(/^BAD /); // U+0000 spelled in modified UTF-7
    expect((await c.run("g", 'CREATE "&2AA-"')).done).toMatch(/^BAD /); // a lone high surrogate
    expect((await c.run("h", "FETCH 1:* (BODY.PEEK[HEADER.FIELDS (A\0)])")).done).toMatch(/^BAD /);
    const found = await c.run("i", 'SEARCH SUBJECT "ok"');
    expect(found.done).toMatch(/^OK/);
    expect(found.lines).toEqual(["* SEARCH 1"]);
    expect((await c.run("j", 'LIST "" "*"')).done).toMatch(/^OK/);
    c.close();
  });

  test("LOGIN with a NUL in the user name answers BAD", async () => {
    const c = await RawImap.connect(imap.port);
    await c.line();
    expect((await c.run("a", `LOGIN "x\0${imapUser.username}" ${CLIENT_PASSWORD}`)).done).toMatch(/^BAD /);
    c.close();
  });
});

describe("POP3", () => {
  test("a NUL in USER, PASS or a transaction command answers -ERR; the session goes on", async () => {
    const { c } = await RawPop3.connect(pop3.port);
    expect(await c.cmd(`USER a\0${popUser.username}`)).toMatch(/^-ERR Syntax error/);
    expect(await c.cmd(`USER ${popUser.username}`)).toMatch(/^\+OK/);
    expect(await c.cmd(`PASS ${CLIENT_PASSWORD}`)).toMatch(/^\+OK/);
    expect(await c.cmd("RETR 1\0")).toMatch(/^-ERR Syntax error/);
    expect(await c.cmd("STAT")).toMatch(/^\+OK/);
    expect(await c.cmd("QUIT")).toMatch(/^\+OK/);
    c.destroy();
  });

  test("AUTH PLAIN's answer line with a NUL answers -ERR", async () => {
    const { c } = await RawPop3.connect(pop3.port);
    expect(await c.cmd("AUTH PLAIN")).toMatch(/^\+ /);
    expect(await c.cmd("a\0b")).toMatch(/^-ERR Syntax error/);
    expect(await c.cmd("NOOP")).toMatch(/^-ERR/); // not signed in: an ordinary refusal, not taken as the AUTH answer
    c.destroy();
  });
});

describe("SMTP", () => {
  test("inbound: a NUL in EHLO, MAIL FROM or RCPT TO answers 500 5.5.2; the transaction goes on", async () => {
    const c = await RawSmtp.connect(inbound.port);
    expect(await c.cmd("EHLO sender.test")).toMatch(/^250 /);
    expect(await c.cmd("MAIL FROM:<a\0b@sender.test>")).toMatch(/^500 5\.5\.2 /);
    expect(await c.cmd("MAIL FROM:<ab@sender.test>")).toMatch(/^250 /);
    expect(await c.cmd(`RCPT TO:<x\0${imapUser.username}>`)).toMatch(/^500 5\.5\.2 /);
    expect(await c.cmd(`RCPT TO:<${imapUser.username}>`)).toMatch(/^250 /);
    expect(await c.cmd("EHLO a\0b.test")).toMatch(/^500 5\.5\.2 /);
    expect(await c.cmd("QUIT")).toMatch(/^221 /);
    c.close();
  });

  test("submission: a NUL in AUTH, MAIL FROM or RCPT TO answers 500 5.5.2", async () => {
    const c = await RawSmtp.connect(submission.port);
    expect(await c.cmd("EHLO client.test")).toMatch(/^250 /);
    expect(await c.cmd("AUTH LOGIN")).toMatch(/^334 /);
    expect(await c.cmd("a\0b")).toMatch(/^500 5\.5\.2 /); // ends the exchange
    // A NUL inside the base64 of an AUTH answer: smtp-server refuses it as bad user data.
    expect(await c.cmd("AUTH LOGIN")).toMatch(/^334 /);
    expect(await c.cmd(Buffer.from(`x\0${imapUser.username}`).toString("base64"))).toMatch(/^501 /);
    const plain = Buffer.from(`\0${imapUser.username}\0${CLIENT_PASSWORD}`).toString("base64");
    expect(await c.cmd(`AUTH PLAIN ${plain}`)).toMatch(/^235 /);
    expect(await c.cmd(`MAIL FROM:<x\0${imapUser.username}>`)).toMatch(/^500 5\.5\.2 /);
    expect(await c.cmd(`MAIL FROM:<${imapUser.username}>`)).toMatch(/^250 /);
    expect(await c.cmd("RCPT TO:<someone\0@elsewhere.test>")).toMatch(/^500 5\.5\.2 /);
    expect(await c.cmd("RCPT TO:<someone@elsewhere.test>")).toMatch(/^250 /);
    expect(await c.cmd("QUIT")).toMatch(/^221 /);
    c.close();
  });
});

test("a client sign-in with a NUL in the address is refused as wrong, before any lookup", async () => {
  for (const protocol of ["IMAP", "POP3", "SMTP"] as const) {
    const e = await signInClient(t.deps, { username: `x\0${imapUser.username}`, password: CLIENT_PASSWORD, ip: "127.0.0.1", protocol })
      .catch((e) => e);
    expect(e).toBeInstanceOf(ClientAuthError);
    expect(e.reason).toBe("INVALID");
  }
});

test("no NUL reached the database: nothing was logged as an error", () => {
  expect(logged).toEqual([]);
});
