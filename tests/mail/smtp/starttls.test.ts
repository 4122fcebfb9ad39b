// Inbound STARTTLS (smtp/listener.ts with a certificate, as server/main.ts starts it): EHLO lists STARTTLS (and
// no AUTH), not again once on TLS, and never REQUIRETLS; a message sent by nodemailer with requireTLS and the
// test CA lands in the inbox with a Received: line saying ESMTPS and the protocol and cipher; a sender without
// TLS still delivers (opportunistic, RFC 3207 §4) and its Received: says ESMTP; a listener without a
// certificate offers no STARTTLS. And a stress run: 80 STARTTLS upgrades in a row, each with a deadline, none
// may hang or fail (the Deno TLS hello race that the IMAP/POP3 STARTTLS switch had to avoid, clients/net.ts
// switchToTls).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import nodemailer from "nodemailer";
import { startSmtpListener, type SmtpListener } from "../../../server/modules/mail/smtp/listener.ts";
import { createTestApp } from "../../support/test-app.ts";
import { testTls } from "../clients/support.ts";
import { companyWithColleague, mailbox, rawText, type User } from "../forward/helpers.ts";
import { ehloFeatures, stressUpgrades, tlsEhloFeatures } from "./starttls-support.ts";
import { compose, localResolver, sendRaw } from "./support.ts";

const t = await createTestApp();
const tlsPair = await testTls();
let withTls: SmtpListener, withoutTls: SmtpListener;
let A: User;

beforeAll(async () => {
  const common = { port: 0, host: "127.0.0.1", resolver: localResolver({}), hostname: "mx.groupware.test" };
  withTls = await startSmtpListener(t.deps, { ...common, tls: tlsPair });
  withoutTls = await startSmtpListener(t.deps, common);
  ({ admin: A } = await companyWithColleague(t, "starttls-alpha.test"));
});
afterAll(async () => {
  await withTls.close();
  await withoutTls.close();
});

describe("inbound STARTTLS", () => {
  test("EHLO lists STARTTLS (no AUTH) when a certificate is given, not without one", async () => {
    const offered = await ehloFeatures(withTls.port);
    expect(offered).toContain("STARTTLS");
    expect(offered).not.toContain("AUTH");
    expect(offered).toEqual(expect.arrayContaining(["SIZE", "PIPELINING", "8BITMIME", "ENHANCEDSTATUSCODES"]));
    const plainOnly = await ehloFeatures(withoutTls.port);
    expect(plainOnly).not.toContain("STARTTLS");
    expect(plainOnly).toContain("SIZE");
  });

  test("on TLS, EHLO lists neither STARTTLS nor REQUIRETLS (forwarded copies could not keep that requirement)", async () => {
    const offered = await tlsEhloFeatures(withTls.port, tlsPair.cert);
    expect(offered).toEqual(expect.arrayContaining(["SIZE", "PIPELINING", "8BITMIME"]));
    expect(offered).not.toContain("STARTTLS");
    expect(offered).not.toContain("REQUIRETLS");
  });

  test("a message over STARTTLS (certificate checked) lands in the inbox; Received: says ESMTPS with the cipher", async () => {
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: withTls.port,
      name: "mx.sender.test",
      requireTLS: true,
      tls: { ca: [tlsPair.cert], servername: "localhost" },
    });
    try {
      const info = await transport.sendMail({ from: "Partner <sender@partner.example>", to: A.username, subject: "Over STARTTLS", text: "Encrypted on the way" });
      expect(info.response).toMatch(/^250 2\.0\.0 OK: stored as \d+/);
    } finally {
      transport.close();
    }
    const got = (await mailbox(t, A.userId)).filter((m) => m.subject === "Over STARTTLS");
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ folderType: "INBOX", fromAddress: "sender@partner.example" });
    expect(got[0].textBody).toContain("Encrypted on the way");
    const text = await rawText(t, got[0]);
    expect(text).toMatch(
      /^Return-Path: <sender@partner\.example>\r\nReceived: from mx\.sender\.test \(\[127\.0\.0\.1\]\)\r\n\t\(using TLSv1\.[23] with cipher [A-Z0-9_-]+\)\r\n\tby mx\.groupware\.test with ESMTPS id [\w-]+ \(envelope-from <sender@partner\.example>\)\r\n\tfor </,
    );
  });

  test("a sender without TLS still delivers; its Received: says ESMTP", async () => {
    const raw = await compose({ from: "sender@partner.example", to: A.username, subject: "In clear text", text: "No TLS here" });
    const r = await sendRaw(withTls.port, { from: "sender@partner.example", to: [A.username] }, raw);
    expect(r.ok).toBe(true);
    const [got] = (await mailbox(t, A.userId)).filter((m) => m.subject === "In clear text");
    expect(got.folderType).toBe("INBOX");
    const text = await rawText(t, got);
    expect(text).toMatch(/^Return-Path: <sender@partner\.example>\r\nReceived: from mx\.sender\.test \(\[127\.0\.0\.1\]\)\r\n\tby mx\.groupware\.test with ESMTP id /);
    expect(text).not.toContain("ESMTPS");
  });

  test("80 STARTTLS upgrades in a row: none hangs, none fails", { timeout: 60_000 }, async () => {
    const r = await stressUpgrades(80, { port: withTls.port, ca: tlsPair.cert, deadlineMs: 3_000 });
    expect(r).toEqual({ attempts: 80, ok: 80, hangs: 0, failures: [] });
  });
});
