// SMTP submission (server/modules/mail/submission/): Python's smtplib and nodemailer against the 587-style
// server (STARTTLS) and the 465-style one (implicit TLS). A message to a colleague lands in their inbox at
// once, one to an outside address reaches the relay (the test's SMTP sink) when the outbound queue runs;
// the Sent copy follows saveSentMail; Bcc recipients get it without the Bcc field; Date and Message-ID are
// added. Refusals: MAIL without AUTH (530), a wrong password (535), AUTH over plain text from a non-loopback
// address (538), client access off (535 naming the setting), throttling (454), a colleague's address as
// MAIL FROM (553) or in From or Sender (550), an unknown local recipient (550 5.1.1).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { networkInterfaces } from "node:os";
import { mailAliases, mailMessages, mails } from "../../../../db/schema/index.ts";
import { ensureDkimKey } from "../../../../server/modules/mail/outbound/dkim.ts";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { connect } from "node:net";
import { startSubmissionServer, type SubmissionServer } from "../../../../server/modules/mail/submission/server.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { companyWithColleague, flushOutbound, mailbox, rawText, type User } from "../../forward/helpers.ts";
import { CLIENT_PASSWORD, clientUser, enableClients, testTls } from "../support.ts";
import { message, smtplib } from "./smtp-client.ts";

const t = await createTestApp();
const tlsPair = await testTls();
let plain: SubmissionServer, implicit: SubmissionServer;
let A: User, bob: User, B: User;

beforeAll(async () => {
  plain = await startSubmissionServer(t.deps, { port: 0, host: "127.0.0.1", tls: tlsPair, implicitTls: false });
  implicit = await startSubmissionServer(t.deps, { port: 0, host: "127.0.0.1", tls: tlsPair, implicitTls: true });
  ({ admin: A, bob } = await companyWithColleague(t, "sub-alpha.test"));
  await enableClients(t, A, "IMAP");
  await ensureDkimKey(t.db.db, "sub-alpha.test", t.clock.now());
  ({ admin: B } = await companyWithColleague(t, "sub-beta.test"));
  await enableClients(t, B, "POP3");
});
afterAll(async () => {
  await plain.close();
  await implicit.close();
});

const login = (u: { username: string }): ["login", string, string] => ["login", u.username, CLIENT_PASSWORD];
const sentOf = async (u: User, subject: string) =>
  (await mailbox(t, u.userId)).filter((m) => m.subject === subject && m.folderType === "SENT");
const inboxOf = async (u: User, subject: string) =>
  (await mailbox(t, u.userId)).filter((m) => m.subject === subject && m.folderType === "INBOX");

describe("sending", () => {
  test("STARTTLS + AUTH: a colleague gets it at once, an outside address through the queue; Sent copy", async () => {
    const raw = message({ from: `Alice <${A.username}>`, to: `${bob.username}, ext1@remote.example`, subject: "Hello from Thunderbird" });
    const r = await smtplib({ port: plain.port, starttls: true, steps: [login(A), ["send", A.username, [bob.username, "ext1@remote.example"], raw]] });
    expect(r.features).toEqual(expect.arrayContaining(["starttls", "auth", "size", "enhancedstatuscodes"]));
    expect(r.auth.trim().split(" ")).toEqual(["PLAIN", "LOGIN"]);
    expect(r.featuresTls).not.toContain("starttls");
    expect(r.size).toBe(String(MAX_MESSAGE_BYTES));
    expect(r.steps).toEqual([[235], [250, {}]]);

    const [got] = await inboxOf(bob, "Hello from Thunderbird");
    expect(got.fromAddress).toBe(A.username);
    const delivered = await rawText(t, got);
    expect(delivered.startsWith(`Return-Path: <${A.username}>\r\n`)).toBe(true); // MAIL FROM, at its delivery here
    expect(delivered).toMatch(/^Date: .+ \+0000\r$/m);
    expect(delivered).toMatch(/^Message-ID: <[0-9a-f-]+@localhost>\r$/m);
    const sent = await sentOf(A, "Hello from Thunderbird");
    expect(sent).toHaveLength(1);
    const [row] = await t.db.db.select({ mailType: mails.mailType, read: mails.read }).from(mails).where(eq(mails.id, sent[0].id));
    expect(row).toEqual({ mailType: "SENT", read: true });

    await flushOutbound(t);
    const out = await t.smtp.next("ext1@remote.example");
    expect(out.from).toBe(A.username);
    expect(out.subject).toBe("Hello from Thunderbird");
    expect(out.raw).toContain(delivered.match(/^Message-ID: .*$/m)![0].trim());
    expect(out.raw).toMatch(/^DKIM-Signature: .*d=sub-alpha\.test/m); // signed in the queue, like web mail
  });

  test("a Bcc recipient gets it without the Bcc field; the sender's copy remembers it", async () => {
    const raw = message({ from: A.username, to: "ext2@remote.example", bcc: `Bob <${bob.username}>`, subject: "Quiet copy" });
    const r = await smtplib({ port: plain.port, starttls: true, steps: [login(A), ["send", A.username, ["ext2@remote.example", bob.username], raw]] });
    expect(r.steps).toEqual([[235], [250, {}]]);
    const [got] = await inboxOf(bob, "Quiet copy");
    expect(await rawText(t, got)).not.toMatch(/^bcc:/im);
    const [sent] = await sentOf(A, "Quiet copy");
    const [stored] = await t.db.db.select({ bcc: mailMessages.bcc }).from(mails).innerJoin(mailMessages, eq(mailMessages.id, mails.messageId)).where(eq(mails.id, sent.id));
    expect(stored.bcc).toEqual([{ name: "Bob", address: bob.username }]);
    expect(await rawText(t, sent)).not.toMatch(/^bcc:/im);
    await flushOutbound(t);
    const out = await t.smtp.next("ext2@remote.example");
    expect(out.raw).not.toMatch(/^bcc:/im);
    expect(out.to).toEqual(["ext2@remote.example"]);
  });

  test("saveSentMail off: no Sent copy, the recipient still gets it", async () => {
    const off = await t.call("PUT", "/api/mail/config/write", { token: A.token, json: { saveSentMail: false } });
    expect(off.status).toBe(200);
    try {
      const raw = message({ from: A.username, to: bob.username, subject: "No copy kept" });
      const r = await smtplib({ port: plain.port, starttls: true, steps: [login(A), ["send", A.username, [bob.username], raw]] });
      expect(r.steps).toEqual([[235], [250, {}]]);
      expect(await inboxOf(bob, "No copy kept")).toHaveLength(1);
      expect((await mailbox(t, A.userId)).filter((m) => m.subject === "No copy kept")).toEqual([]);
    } finally {
      await t.call("PUT", "/api/mail/config/write", { token: A.token, json: { saveSentMail: true } });
    }
  });

  test("implicit TLS (SMTP_SSL), sending as an alias", async () => {
    await t.db.db.insert(mailAliases).values({ companyId: A.companyId, userId: A.userId, address: "sales@sub-alpha.test" });
    const raw = message({ from: "Sales <sales@sub-alpha.test>", to: bob.username, subject: "Over implicit TLS" });
    const r = await smtplib({ port: implicit.port, ssl: true, steps: [login(A), ["send", "sales@sub-alpha.test", [bob.username], raw]] });
    expect(r.features).not.toContain("starttls");
    expect(r.steps).toEqual([[235], [250, {}]]);
    const [got] = await inboxOf(bob, "Over implicit TLS");
    expect(got.fromAddress).toBe("sales@sub-alpha.test");
    expect(await sentOf(A, "Over implicit TLS")).toHaveLength(1);
  });

  test("nodemailer as a second client (STARTTLS required, AUTH LOGIN and PLAIN)", async () => {
    for (const method of ["LOGIN", "PLAIN"]) {
      const transport = nodemailer.createTransport({
        host: "127.0.0.1",
        port: plain.port,
        secure: false,
        requireTLS: true,
        authMethod: method,
        tls: { rejectUnauthorized: false },
        auth: { user: A.username, pass: CLIENT_PASSWORD },
      });
      const info = await transport.sendMail({ from: A.username, to: bob.username, cc: "ext3@remote.example", subject: `Via nodemailer ${method}`, text: "hi" });
      transport.close();
      expect(info.accepted).toEqual([bob.username, "ext3@remote.example"]);
      expect(info.response).toMatch(/^250 2\.0\.0 OK/);
      expect(await inboxOf(bob, `Via nodemailer ${method}`)).toHaveLength(1);
    }
    await flushOutbound(t);
    expect((await t.smtp.next("ext3@remote.example")).subject).toBe("Via nodemailer LOGIN");
    expect((await t.smtp.next("ext3@remote.example")).subject).toBe("Via nodemailer PLAIN");
  });
});

describe("refusals", () => {
  test("MAIL without AUTH: 530", async () => {
    const raw = message({ from: A.username, to: bob.username, subject: "No auth" });
    const r = await smtplib({ port: plain.port, starttls: true, steps: [["send", A.username, [bob.username], raw]] });
    expect(r.steps[0][0]).toBe(530);
    expect(r.steps[0][1]).toMatch(/^5\.7\.0 Authentication required/);
    expect(await inboxOf(bob, "No auth")).toEqual([]);
  });

  test("a wrong password (or the web password): 535 5.7.8", async () => {
    const r = await smtplib({ port: plain.port, starttls: true, steps: [["login", A.username, "wrong123"], ["plain", A.username, "Passw0rd!"]] });
    expect(r.steps[0][0]).toBe(535);
    expect(r.steps[1]).toEqual([535, "5.7.8 Authentication failed: wrong address or mail-program password"]);
  });

  test("a colleague's address as MAIL FROM: 553 5.7.1; in the From field: 550 5.7.1; another company's: 553", async () => {
    const asBob = message({ from: bob.username, to: "ext4@remote.example", subject: "Pretending" });
    const asBobHeader = message({ from: `Bob <${bob.username}>`, to: "ext4@remote.example", subject: "Pretending too" });
    const asB = message({ from: B.username, to: "ext4@remote.example", subject: "Other company" });
    const r = await smtplib({
      port: plain.port,
      starttls: true,
      steps: [login(A), ["send", bob.username, ["ext4@remote.example"], asBob], ["send", A.username, ["ext4@remote.example"], asBobHeader], ["send", B.username, ["ext4@remote.example"], asB]],
    });
    expect(r.steps[1][0]).toBe(553);
    expect(r.steps[1][1]).toMatch(/^5\.7\.1 <bob@sub-alpha\.test>: sender address is not yours/);
    expect(r.steps[2][0]).toBe(550);
    expect(r.steps[2][1]).toMatch(/^5\.7\.1 From <bob@sub-alpha\.test> is not your address/);
    expect(r.steps[3][0]).toBe(553);
    expect((await mailbox(t, A.userId)).filter((m) => m.subject.startsWith("Pretending"))).toEqual([]);
    expect(await flushOutbound(t)).toBe(0);
    expect(t.smtp.messages.filter((m) => m.to.includes("ext4@remote.example"))).toEqual([]);
  });

  test("the Sender field follows the From rule: a colleague's, an outsider's, another company's or none is refused (550 5.7.1); the own one passes", async () => {
    const forged = [bob.username, "ceo@remote.example", B.username, ""].map((sender, i) =>
      message({ from: A.username, to: "ext5@remote.example", subject: `On behalf ${i}`, headers: [`Sender: Someone <${sender}>`] })
    );
    const own = message({ from: `Team <${A.username}>`, to: bob.username, subject: "Own sender", headers: [`Sender: <${A.username.toUpperCase()}>`] });
    const r = await smtplib({
      port: plain.port,
      starttls: true,
      steps: [login(A), ...forged.map((raw): ["send", string, string[], string] => ["send", A.username, ["ext5@remote.example"], raw]), ["send", A.username, [bob.username], own]],
    });
    expect(r.steps.slice(1, 5).map((s) => s[0])).toEqual([550, 550, 550, 550]);
    expect(r.steps[1][1]).toMatch(/^5\.7\.1 Sender <bob@sub-alpha\.test> is not your address/);
    expect(r.steps[2][1]).toMatch(/^5\.7\.1 Sender <ceo@remote\.example> is not your address/);
    expect(r.steps[3][1]).toMatch(new RegExp(`^5\\.7\\.1 Sender <${B.username.replace(/\./g, "\\.")}> is not your address`));
    expect(r.steps[4][1]).toMatch(/^5\.7\.1 Sender <> is not your address/); // a name without an address
    expect(r.steps[5]).toEqual([250, {}]);
    expect((await mailbox(t, A.userId)).filter((m) => m.subject.startsWith("On behalf"))).toEqual([]);
    expect(await inboxOf(bob, "Own sender")).toHaveLength(1);
    expect(await flushOutbound(t)).toBe(0);
    expect(t.smtp.messages.filter((m) => m.to.includes("ext5@remote.example"))).toEqual([]);
  });

  test("an unknown user of a domain hosted here: 550 5.1.1 at RCPT; the others still get it", async () => {
    const raw = message({ from: A.username, to: `nobody@sub-alpha.test, ${bob.username}`, subject: "Partly unknown" });
    const r = await smtplib({ port: plain.port, starttls: true, steps: [login(A), ["send", A.username, ["nobody@sub-alpha.test", bob.username], raw]] });
    expect(r.steps[1]).toEqual([250, { "nobody@sub-alpha.test": [550, "5.1.1 <nobody@sub-alpha.test>: recipient address rejected: user unknown"] }]);
    expect(await inboxOf(bob, "Partly unknown")).toHaveLength(1);
  });

  test("client access off: 535 5.7.8 telling to turn it on in the mail settings", async () => {
    const off = await t.call("PUT", "/api/mail/config/pop3", { token: B.token, json: { pop3Flag: false } });
    expect(off.status).toBe(200);
    try {
      const r = await smtplib({ port: implicit.port, ssl: true, steps: [["plain", B.username, CLIENT_PASSWORD]] });
      expect(r.steps[0][0]).toBe(535);
      expect(r.steps[0][1]).toMatch(/^5\.7\.8 .*turn client access on in the mail settings/);
    } finally {
      await t.call("PUT", "/api/mail/config/pop3", { token: B.token, json: { pop3Flag: true } });
    }
    const back = await smtplib({ port: implicit.port, ssl: true, steps: [["plain", B.username, CLIENT_PASSWORD]] });
    expect(back.steps[0][0]).toBe(235);
  });

  test("throttling: after 10 failures even the right password answers 454 4.7.0", async () => {
    const u = await clientUser(t, "sub-throttle.test");
    const wrong = Array.from({ length: 10 }, (): ["plain", string, string] => ["plain", u.username, "wrong123"]);
    const r = await smtplib({ port: plain.port, starttls: true, steps: [...wrong, ["plain", u.username, CLIENT_PASSWORD]] });
    expect(r.steps.slice(0, 10).map((s) => s[0])).toEqual(Array(10).fill(535));
    expect(r.steps[10][0]).toBe(454);
    expect(r.steps[10][1]).toMatch(/^4\.7\.0 Too many failed sign-ins: try again in \d+ seconds/);
  });

  const outside = Object.values(networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal)?.address;
  test.skipIf(!outside)("AUTH before STARTTLS from a non-loopback address: 538 5.7.11; after STARTTLS it works", async () => {
    const open = await startSubmissionServer(t.deps, { port: 0, host: outside!, tls: tlsPair, implicitTls: false });
    try {
      const before = await smtplib({ port: open.port, host: outside, steps: [login(A)] });
      expect(before.steps[0]).toEqual([538, "5.7.11 Encryption required: use STARTTLS before AUTH"]);
      const after = await smtplib({ port: open.port, host: outside, starttls: true, steps: [login(A)] });
      expect(after.steps[0]).toEqual([235]);
    } finally {
      await open.close();
    }
  });

  test("plain AUTH on loopback is allowed (local tools)", async () => {
    const r = await smtplib({ port: plain.port, steps: [login(A)] });
    expect(r.steps).toEqual([[235]]);
  });

  test("connections over the limit are turned away with 421", async () => {
    const small = await startSubmissionServer(t.deps, { port: 0, host: "127.0.0.1", tls: tlsPair, implicitTls: false, maxClients: 1 });
    const greeting = (): Promise<{ line: string; end(): void }> =>
      new Promise((ok, fail) => {
        const socket = connect(small.port, "127.0.0.1");
        socket.once("data", (d) => ok({ line: String(d).trim(), end: () => socket.destroy() }));
        socket.on("error", fail);
      });
    try {
      const first = await greeting();
      expect(first.line).toMatch(/^220 /);
      const second = await greeting();
      expect(second.line).toMatch(/^421 .*Too many connected clients/);
      first.end();
      second.end();
    } finally {
      await small.close();
    }
  });

  test("messages per session are limited: the next MAIL answers 421 and the client reconnects", async () => {
    const small = await startSubmissionServer(t.deps, { port: 0, host: "127.0.0.1", tls: tlsPair, implicitTls: false, maxMessagesPerSession: 2 });
    try {
      const send = (n: number): ["send", string, string[], string] =>
        ["send", A.username, [bob.username], message({ from: A.username, to: bob.username, subject: `Session mail ${n}` })];
      const r = await smtplib({ port: small.port, starttls: true, steps: [login(A), send(1), send(2), send(3)] });
      expect(r.steps.slice(0, 3)).toEqual([[235], [250, {}], [250, {}]]);
      expect(r.steps[3][0]).toBe(421);
      expect((await mailbox(t, bob.userId)).filter((m) => m.subject.startsWith("Session mail")).map((m) => m.subject))
        .toEqual(["Session mail 1", "Session mail 2"]);
    } finally {
      await small.close();
    }
  });
});
