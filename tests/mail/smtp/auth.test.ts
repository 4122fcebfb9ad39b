// SPF, DKIM and DMARC verdicts of inbound mail, against a local stand-in for DNS that publishes the
// senders' records: a DKIM-signed message from a permitted address passes all three and lands in the inbox;
// a DMARC failure under p=reject or p=quarantine lands in SPAM with spamReason AUTH_FAIL; under p=none it
// stays in the inbox. The verdicts are kept in mail_messages.auth_results and as an Authentication-Results
// header in the stored message.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { mailFolders, mailMessages, mails, users } from "../../../db/schema/index.ts";
import { checkAuthentication } from "../../../server/modules/mail/smtp/auth.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { compose, dkimKeyPair, listen, localResolver, sendRaw } from "./support.ts";
import { messageBytes } from "../../../server/modules/mail/store/message-bytes.ts";

const t = await createTestApp();
const key = dkimKeyPair();
const resolver = localResolver({
  // signed.test: SPF allows loopback, a DKIM key under selector "mail", DMARC p=reject.
  "signed.test": ["v=spf1 ip4:127.0.0.1 -all"],
  "mail._domainkey.signed.test": [key.publicRecord],
  "_dmarc.signed.test": ["v=DMARC1; p=reject; adkim=s; aspf=s"],
  // forged.test: only other hosts may send; DMARC p=reject.
  "forged.test": ["v=spf1 ip4:192.0.2.10 -all"],
  "_dmarc.forged.test": ["v=DMARC1; p=reject"],
  "quarantined.test": ["v=spf1 ip4:192.0.2.10 -all"],
  "_dmarc.quarantined.test": ["v=DMARC1; p=quarantine"],
  "monitored.test": ["v=spf1 ip4:192.0.2.10 -all"],
  "_dmarc.monitored.test": ["v=DMARC1; p=none"],
});
const smtp = await listen(t.deps, resolver);
let A: Awaited<ReturnType<typeof signupCompany>>;
let uid = 0;

beforeAll(async () => {
  A = await signupCompany(t, { domain: "smtp-auth.test" });
  [{ id: uid }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, A.username));
});

async function deliverFrom(from: string, opts: { sign?: boolean } = {}) {
  const raw = await compose(
    { from, to: A.username, subject: `from ${from}`, text: "auth test" },
    opts.sign ? { domainName: "signed.test", keySelector: "mail", privateKey: key.privateKey } : undefined,
  );
  const r = await sendRaw(smtp.port, { from, to: [A.username] }, raw);
  expect(r.ok, r.response).toBe(true);
  const [row] = await t.db.db.select({ mail: mails, message: mailMessages, folderType: mailFolders.folderType }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
    .where(and(eq(mails.userId, uid), eq(mailMessages.subject, `from ${from}`)));
  return { ...row, stored: new TextDecoder().decode(await messageBytes(t.deps.blobs, row.message)) };
}

describe("authentication verdicts", () => {
  test("DKIM-signed from a permitted address: SPF, DKIM and DMARC pass; inbox", async () => {
    const { mail, message, folderType, stored } = await deliverFrom("news@signed.test", { sign: true });
    expect(folderType).toBe("INBOX");
    expect(mail.spamReason).toBeNull();
    expect(message.authResults).toEqual({
      spf: { result: "pass", domain: "signed.test" },
      dkim: [{ result: "pass", domain: "signed.test", selector: "mail", aligned: true }],
      dmarc: { result: "pass", domain: "signed.test", policy: "reject" },
      arc: { result: "none" },
    });
    const header = /Authentication-Results: mx\.groupware\.test;[^]*?\r\n(?=\S)/.exec(stored)![0];
    expect(header).toMatch(/dkim=pass header\.i=@signed\.test header\.s=mail/);
    expect(header).toMatch(/spf=pass /);
    expect(header).toMatch(/dmarc=pass /);
    // Our Return-Path and trace line on top, added after the checks: the signature still verifies over the
    // message as delivered (a client or a later hop checking it again sees it pass).
    expect(stored).toMatch(/^Return-Path: <news@signed\.test>\r\nReceived: /);
    const again = await checkAuthentication({
      raw: await messageBytes(t.deps.blobs, message),
      ip: "127.0.0.1",
      helo: "mx.sender.test",
      sender: "news@signed.test",
      mta: "mx.groupware.test",
      resolver,
    });
    expect(again.verdicts.dkim).toEqual([{ result: "pass", domain: "signed.test", selector: "mail", aligned: true }]);
  });

  test("a DMARC failure under p=reject: SPAM with AUTH_FAIL, counted in the spam folder", async () => {
    const { mail, message, folderType, stored } = await deliverFrom("ceo@forged.test");
    expect(folderType).toBe("SPAM");
    expect(mail.spamReason).toBe("AUTH_FAIL");
    expect(message.authResults).toMatchObject({ spf: { result: "fail" }, dkim: [], dmarc: { result: "fail", policy: "reject", domain: "forged.test" } });
    expect(stored).toMatch(/dmarc=fail /);
    const [spam] = await t.db.db.select().from(mailFolders).where(and(eq(mailFolders.userId, uid), eq(mailFolders.folderType, "SPAM")));
    expect(spam).toMatchObject({ totalCount: 1, newCount: 1 });
  });

  test("a DMARC failure under p=quarantine: SPAM with AUTH_FAIL", async () => {
    const { mail, folderType } = await deliverFrom("billing@quarantined.test");
    expect(folderType).toBe("SPAM");
    expect(mail.spamReason).toBe("AUTH_FAIL");
  });

  test("a DMARC failure under p=none stays in the inbox, with its verdicts kept", async () => {
    const { mail, message, folderType } = await deliverFrom("info@monitored.test");
    expect(folderType).toBe("INBOX");
    expect(mail.spamReason).toBeNull();
    expect(message.authResults).toMatchObject({ dmarc: { result: "fail", policy: "none" } });
  });

  test("a sender domain with no records at all: verdicts none, inbox", async () => {
    const { message, folderType } = await deliverFrom("someone@unpublished.test");
    expect(folderType).toBe("INBOX");
    expect(message.authResults).toMatchObject({ spf: { result: "none" }, dkim: [], dmarc: { result: "none" } });
  });

  test("a signature broken in transit (body hash mismatch: neutral, as mailauth reports it) fails DMARC: SPAM", async () => {
    const raw = (await compose({ from: "news@signed.test", to: A.username, subject: "tampered", text: "original text" }, {
      domainName: "signed.test",
      keySelector: "mail",
      privateKey: key.privateKey,
    })).toString("utf8").replace("original text", "altered text");
    // SPF cannot save it: the envelope sender is another domain.
    const r = await sendRaw(smtp.port, { from: "relay@unpublished.test", to: [A.username] }, raw);
    expect(r.ok).toBe(true);
    const [row] = await t.db.db.select({ mail: mails, message: mailMessages }).from(mails)
      .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId)).where(and(eq(mails.userId, uid), eq(mailMessages.subject, "tampered")));
    expect(row.message.authResults).toMatchObject({ dkim: [{ result: "neutral", domain: "signed.test" }], dmarc: { result: "fail" } });
    expect(row.mail.spamReason).toBe("AUTH_FAIL");
  });
});
