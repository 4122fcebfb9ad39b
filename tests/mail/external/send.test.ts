// Sending as an external account (compose senderType EXTERNAL, senderId = the account): allowed only with
// useSmtp and a certified SMTP login (else 403 mail.360); the mail goes out through the account's SMTP server
// (a real SMTP listener requiring that login), From is the external address, and the sender keeps a copy in
// SENT; nothing goes through this server's own outbound relay.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSmtpSink } from "../../support/smtp-sink.ts";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company } from "../folders/helpers.ts";
import { accountBody, dovecotFor, inbox, PASSWORD } from "./helpers.ts";
import { and, eq } from "drizzle-orm";
import { mailFolders, mailMessages, mails } from "../../../db/schema/index.ts";

const t = await createTestApp();
const d = await dovecotFor(["sender@mail.example"]);
const provider = await startSmtpSink({ auth: { user: "sender@mail.example", pass: PASSWORD } });
afterAll(() => provider.close());
let A: Co, B: Co;
const smtpPort = Number(new URL(provider.url).port);

beforeAll(async () => {
  A = await company(t, "send-alpha.test");
  B = await company(t, "send-beta.test");
});

const add = (co: Co, json: Record<string, unknown>) => t.call("POST", "/api/mail/config/external", { token: co.token, json });
const send = (co: Co, json: Record<string, unknown>) => t.call("POST", "/api/mails/v2/send", { token: co.token, json });

describe("sending through an external account", () => {
  let certified = 0;

  test("useSmtp: the SMTP login is checked on save (SUCCEEDED_CERTIFICATE / FAILED_CERTIFICATE)", async () => {
    const ok = await add(A, accountBody(d, "sender@mail.example", "IMAP", { useSmtp: true, smtpHost: "127.0.0.1", smtpPort, smtpSecure: false }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ useSmtp: true, smtpStatus: "SUCCEEDED_CERTIFICATE", authStatus: "AUTH_SUCCESS" });
    certified = ok.body.id;
    const { privacyAgreed: _, ...rest } = accountBody(d, "sender@mail.example", "IMAP", { useSmtp: true, smtpHost: "127.0.0.1", smtpPort, smtpSecure: false });
    const bad = await add(B, { ...rest, privacyAgreed: true, smtpPort: 1 });
    expect(bad.body).toMatchObject({ smtpStatus: "FAILED_CERTIFICATE", authStatus: "AUTH_SUCCESS" });
    expect(bad.body.lastProtocolMessage).toMatch(/SMTP: mail\.external_unreachable$/);
    expect(bad.body.lastProtocolMessage).not.toMatch(/ECONN|127\.0\.0\.1/);
  });

  test("a certified account sends through its SMTP: From is the external address; a copy stays in SENT", async () => {
    const relayed = t.smtp.messages.length;
    const r = await send(A, { senderType: "EXTERNAL", senderId: certified, to: ["friend@elsewhere.example"], subject: "via external", content: "<p>hello there</p>" });
    expect(r.status).toBe(200);
    expect(r.body.recipients).toEqual([expect.objectContaining({ address: "friend@elsewhere.example", status: "DELIVERED" })]);
    const got = await provider.next("friend@elsewhere.example");
    expect(got.from).toBe("sender@mail.example");
    expect(got.subject).toBe("via external");
    expect(got.raw).toMatch(/^From: .*<?sender@mail\.example>?/m);
    expect(t.smtp.messages.length).toBe(relayed); // not through our own relay
    const sent = await t.db.db.select({ subject: mailMessages.subject, from: mailMessages.fromAddress }).from(mails)
      .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
      .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
      .where(and(eq(mails.userId, A.userId), eq(mailFolders.folderType, "SENT")));
    expect(sent).toEqual([{ subject: "via external", from: "sender@mail.example" }]);
    expect(await inbox(t, A)).toEqual([]);
  });

  test("not allowed: without SMTP, not certified, another user's account, scheduled or secure mail (403 mail.360)", async () => {
    const plain = await add(A, accountBody(d, "plain@mail.example", "IMAP"));
    const failed = (await t.call("GET", "/api/mail/config/external", { token: B.token })).body.accounts[0];
    const base = { senderType: "EXTERNAL", to: ["friend@elsewhere.example"], subject: "nope", content: "x" };
    for (const [co, senderId] of [[A, plain.body.id], [B, failed.id], [B, certified], [A, 999999]] as const) {
      const r = await send(co, { ...base, senderId });
      expect([r.status, r.body.code]).toEqual([403, "mail.360"]);
    }
    const later = await send(A, { ...base, senderId: certified, isReserve: true, reserveDate: t.clock.now().getTime() + 3_600_000 });
    expect([later.status, later.body.code]).toEqual([403, "mail.360"]);
    expect(provider.messages.filter((m) => m.subject === "nope")).toEqual([]);
  });
});
