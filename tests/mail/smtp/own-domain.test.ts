// Inbound mail claiming the recipient company's own domain (issue 22): from outside, with a From on the
// company's domain that passes neither SPF nor DKIM for it, it is marked (auth_results.ownDomainUnverified;
// the reader's MailView.ownDomainUnverified) and, when the company's mail setting ownDomainSpoof is SPAM, filed
// in spam as a sender-authentication failure. Mail that passes SPF or DKIM aligned with the domain, mail
// from other domains and a colleague's mail delivered here are not marked.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { companyDomains, mailFolders, mailMessages, mails, users } from "../../../db/schema/index.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login, signupCompany } from "../../support/test-app.ts";
import { compose, dkimKeyPair, listen, localResolver, sendRaw } from "./support.ts";

const t = await createTestApp();
const key = dkimKeyPair();
// own-spf.test lets loopback send; own-dkim.test publishes a DKIM key; own-none.test publishes nothing.
const resolver = localResolver({
  "own-spf.test": ["v=spf1 ip4:127.0.0.1 -all"],
  "mail._domainkey.own-dkim.test": [key.publicRecord],
});
const smtp = await listen(t.deps, resolver);
let A: Awaited<ReturnType<typeof signupCompany>>;
let bobToken = "";

beforeAll(async () => {
  A = await signupCompany(t, { domain: "own-none.test" });
  // The same company also holds the two domains with records.
  const [admin] = await t.db.db.select().from(users).where(eq(users.username, A.username));
  await t.db.db.insert(companyDomains).values([
    { companyId: admin.companyId, domain: "own-spf.test" },
    { companyId: admin.companyId, domain: "own-dkim.test" },
  ]);
  await adminApi(t).newUser(A.token, { loginId: "bob", accountName: "Bob Colleague" });
  bobToken = (await login(t, "bob@own-none.test", USER_PASSWORD)).access_token;
});

async function arrive(subject: string, from: string, opts: { envelope?: string; dkim?: boolean } = {}) {
  const raw = await compose(
    { from, to: A.username, subject, text: "Please pay the attached invoice today." },
    opts.dkim ? { domainName: "own-dkim.test", keySelector: "mail", privateKey: key.privateKey } : undefined,
  );
  const r = await sendRaw(smtp.port, { from: opts.envelope ?? from, to: [A.username] }, raw);
  expect(r.ok, r.response).toBe(true);
  return await opened(subject);
}

/** The admin's copy of the mail with this subject: its folder, spam reason, stored flag and reader view. */
async function opened(subject: string) {
  const [row] = await t.db.db.select({ mail: mails, message: mailMessages, folderType: mailFolders.folderType }).from(mails)
    .innerJoin(mailMessages, eq(mailMessages.id, mails.messageId))
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId))
    .innerJoin(users, eq(users.id, mails.userId))
    .where(and(eq(users.username, A.username), eq(mailMessages.subject, subject)));
  const view = await t.call("GET", `/api/mails/view/${row.mail.id}`, { token: A.token });
  expect(view.status).toBe(200);
  return {
    folderType: row.folderType,
    spamReason: row.mail.spamReason,
    flag: (row.message.authResults as Record<string, unknown> | null)?.ownDomainUnverified ?? null,
    warned: view.body.ownDomainUnverified as boolean,
  };
}

describe("mail from outside with the company's own domain in From", () => {
  test("passing neither SPF nor DKIM: delivered, marked, and the reader warns", async () => {
    const got = await arrive("Urgent invoice", "ceo@own-none.test", { envelope: "bounce@mailer.example" });
    expect(got).toEqual({ folderType: "INBOX", spamReason: null, flag: true, warned: true });
  });

  test("an envelope on the own domain without an SPF record is no better", async () => {
    const got = await arrive("Urgent invoice 2", "ceo@own-none.test");
    expect(got.flag).toBe(true);
    expect(got.warned).toBe(true);
  });

  test("SPF passing for the domain, or a DKIM signature of the domain: not marked", async () => {
    expect(await arrive("Via our SPF", "hr@own-spf.test")).toEqual({ folderType: "INBOX", spamReason: null, flag: null, warned: false });
    const signed = await arrive("Via our DKIM", "hr@own-dkim.test", { envelope: "bounce@esp.example", dkim: true });
    expect(signed).toEqual({ folderType: "INBOX", spamReason: null, flag: null, warned: false });
  });

  test("another domain, unchecked as it may be, is not marked", async () => {
    expect(await arrive("From a partner", "sales@partner.example")).toMatchObject({ flag: null, warned: false });
  });

  test("a colleague's mail, delivered here, is not marked", async () => {
    const r = await t.call("POST", "/api/mails/v2/send", { token: bobToken, json: { to: [A.username], subject: "Lunch?" } });
    expect(r.status).toBe(200);
    expect(await opened("Lunch?")).toEqual({ folderType: "INBOX", spamReason: null, flag: null, warned: false });
  });

  test("with the company setting SPAM it goes to spam as a failed sender check, still marked", async () => {
    const set = await t.call("PUT", "/api/admin/company/config/mail", { token: A.token, json: { ownDomainSpoof: "SPAM" } });
    expect(set.status).toBe(200);
    expect(set.body.config.ownDomainSpoof).toBe("SPAM");
    expect((await t.call("PUT", "/api/admin/company/config/mail", { token: A.token, json: { ownDomainSpoof: "DROP" } })).status).toBe(400);
    expect(await arrive("Urgent invoice 3", "ceo@own-none.test")).toEqual({ folderType: "SPAM", spamReason: "AUTH_FAIL", flag: true, warned: true });
    // Mail that passes is still delivered to the inbox.
    expect(await arrive("Via our SPF again", "hr@own-spf.test")).toMatchObject({ folderType: "INBOX", flag: null });
  });
});
