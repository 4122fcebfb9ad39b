// External mail accounts (shared/mail/external.ts) against a real dovecot: adding over IMAP and POP3 tries
// the login (dovecot's own answer kept on failure), the password is stored encrypted and never answered, the
// rules of 000 §4 with their codes (required fields, privacy agreement, own address or alias, duplicates
// mail.418 / mail.558, at most 100), edit and delete, and another company's user gets 404 for the ids.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailAliases, mailExternalAccounts, mails } from "../../../db/schema/index.ts";
import { DEFAULT_SMTP_PORT, MAX_EXTERNAL_ACCOUNTS, PROVIDER_PRESETS } from "../../../shared/mail/external.ts";
import { createTestApp, login } from "../../support/test-app.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { type Co, company } from "../folders/helpers.ts";
import { accountBody, dovecotFor, PASSWORD } from "./helpers.ts";
import { file } from "../reading/support.ts";

const t = await createTestApp();
const d = await dovecotFor(["one@mail.example", "two@mail.example", "shared@mail.example"]);
let A: Co, A2: Co, B: Co;

beforeAll(async () => {
  A = await company(t, "ext-alpha.test");
  B = await company(t, "ext-beta.test");
  // A second user of A's company.
  const u = await adminApi(t).newUser(A.token, { loginId: "colleague", accountName: "Colleague" });
  A2 = { companyId: A.companyId, userId: u.id, username: u.username, token: (await login(t, u.username, USER_PASSWORD)).access_token };
});

const list = (co: Co) => t.call("GET", "/api/mail/config/external", { token: co.token });
const add = (co: Co, json: Record<string, unknown>) => t.call("POST", "/api/mail/config/external", { token: co.token, json });

describe("external accounts", () => {
  test("IMAP and POP3 accounts are added after a successful login; the password is never answered", async () => {
    const imap = await add(A, accountBody(d, "one@mail.example", "IMAP"));
    expect(imap.status).toBe(201);
    expect(imap.body).toMatchObject({
      protocol: "IMAP", email: "one@mail.example", loginId: "one@mail.example", authStatus: "AUTH_SUCCESS",
      fetchStatus: "IDLE", smtpStatus: null, tag: "외부메일", keepOnServer: true,
    });
    expect(JSON.stringify(imap.body)).not.toContain(PASSWORD);
    const pop = await add(A, accountBody(d, "two@mail.example", "POP3", { serverName: "CUSTOM" }));
    expect(pop.status).toBe(201);
    expect(pop.body).toMatchObject({ protocol: "POP3", authStatus: "AUTH_SUCCESS" });
    expect(pop.body.lastProtocolMessage).toContain("Logged in");

    const all = await list(A);
    expect(all.body.accounts.map((a: { email: string }) => a.email)).toEqual(["one@mail.example", "two@mail.example"]);
    expect(JSON.stringify(all.body)).not.toContain(PASSWORD);
    const [row] = await t.db.db.select().from(mailExternalAccounts).where(eq(mailExternalAccounts.id, imap.body.id));
    expect(row.passwordEnc).not.toContain(PASSWORD);
    expect(row.privacyAgreed).toBe(true);
  });

  test("a wrong password is kept as AUTH_FAILURE with dovecot's own answer", async () => {
    for (const protocol of ["IMAP", "POP3"] as const) {
      const r = await add(B, accountBody(d, "shared@mail.example", protocol, { password: "wrong-pass" }));
      expect(r.status).toBe(201);
      expect(r.body.authStatus).toBe("AUTH_FAILURE");
      expect(r.body.lastProtocolMessage).toMatch(/Authentication failed/);
      expect((await t.call("DELETE", "/api/mail/config/external", { token: B.token, form: { externalIds: r.body.id } })).status).toBe(204);
    }
  });

  test("an unreachable server is AUTH_FAILURE with the generic 'could not connect' code, not the socket's text", async () => {
    const r = await add(B, accountBody(d, "shared@mail.example", "POP3", { port: 1 }));
    expect(r.status).toBe(201);
    expect(r.body.authStatus).toBe("AUTH_FAILURE");
    expect(r.body.lastProtocolMessage).toBe("mail.external_unreachable");
    await t.call("DELETE", "/api/mail/config/external", { token: B.token, form: { externalIds: r.body.id } });
  });

  test("required fields, the privacy agreement, port range and the tag rules", async () => {
    const base = accountBody(d, "new@mail.example", "IMAP");
    for (const field of ["host", "port", "email", "password", "tag"]) {
      const r = await add(A, { ...base, [field]: "" });
      expect({ field, status: r.status, code: r.body.code }).toEqual({ field, status: 400, code: "mail.external_required" });
    }
    // The SMTP server and port are required to send as the account (useSmtp), and named in errors[].
    for (const field of ["smtpHost", "smtpPort"]) {
      const r = await add(A, { ...base, useSmtp: true, [field]: "" });
      expect({ field, status: r.status, code: r.body.code }).toEqual({ field, status: 400, code: "mail.external_required" });
      expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    expect((await add(A, { ...base, privacyAgreed: false })).body.code).toBe("mail.external_privacy");
    const { privacyAgreed: _, ...noAgreement } = base;
    expect((await add(A, noAgreement)).body.code).toBe("mail.external_privacy");
    expect((await add(A, { ...base, port: 70000 })).body.code).toBe("mail.external_port");
    expect((await add(A, { ...base, email: "not-an-address" })).body.code).toBe("mail.external_email");
    expect((await add(A, { ...base, tag: "two words" })).body.code).toBe("mail.tag_invalid");
    expect((await list(A)).body.accounts).toHaveLength(2);
  });

  test("an account that only fetches needs no SMTP server: empty or left out, the port defaults", async () => {
    const { smtpHost: _h, smtpPort: _p, ...noSmtp } = accountBody(d, "one@mail.example", "IMAP", { tag: "fetchonly" });
    for (const body of [{ ...noSmtp, email: "fetch-a@mail.example" }, { ...noSmtp, email: "fetch-b@mail.example", smtpHost: "", smtpPort: "" }]) {
      const r = await add(B, body);
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ useSmtp: false, smtpHost: "", smtpPort: DEFAULT_SMTP_PORT, smtpStatus: null });
      // Edited without SMTP too (the stored password kept: nothing of the connection changed).
      const { password: _pw, privacyAgreed: _a, ...edit } = body;
      const e = await t.call("PUT", `/api/mail/config/external/${r.body.id}`, { token: B.token, json: { ...edit, tag: "fetchonly2" } });
      expect([e.status, e.body.tag, e.body.smtpHost]).toEqual([200, "fetchonly2", ""]);
      // Turning sending on without a server is refused, naming the field.
      const on = await t.call("PUT", `/api/mail/config/external/${r.body.id}`, { token: B.token, json: { ...edit, useSmtp: true, smtpPort: 587 } });
      expect([on.status, on.body.code, on.body.errors.map((x: { field: string }) => x.field)]).toEqual([400, "mail.external_required", ["smtpHost"]]);
      expect((await t.call("DELETE", "/api/mail/config/external", { token: B.token, form: { externalIds: r.body.id } })).status).toBe(204);
    }
  });

  test("the own address and an own alias are refused", async () => {
    expect((await add(A, accountBody(d, A.username.toUpperCase(), "IMAP"))).body).toMatchObject({ code: "mail.external_own" });
    await t.db.db.insert(mailAliases).values({ companyId: A.companyId, userId: A.userId, address: "nick@ext-alpha.test" });
    const r = await add(A, accountBody(d, "nick@ext-alpha.test", "IMAP"));
    expect([r.status, r.body.code]).toEqual([400, "mail.external_own"]);
  });

  test("duplicates: 409 mail.418 for one's own, the spec's 226 mail.558 for a colleague's; another company may", async () => {
    const again = await add(A, accountBody(d, "ONE@mail.example", "POP3"));
    expect([again.status, again.body.code]).toEqual([409, "mail.418"]);
    const r = await add(A2, accountBody(d, "one@mail.example", "IMAP"));
    expect([r.status, r.body.code]).toEqual([226, "mail.558"]);
    expect(r.body.message).toBeTruthy();
    const other = await add(B, accountBody(d, "one@mail.example", "IMAP"));
    expect(other.status).toBe(201);
  });

  test("edit: settings change, an empty password keeps the stored one, the login is tried again", async () => {
    const [acc] = (await list(A)).body.accounts;
    const { password: _p, privacyAgreed: _a, ...rest } = accountBody(d, "one@mail.example", "IMAP");
    const r = await t.call("PUT", `/api/mail/config/external/${acc.id}`, { token: A.token, json: { ...rest, tag: "renamed", password: "" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: acc.id, tag: "renamed", authStatus: "AUTH_SUCCESS" });
    const bad = await t.call("PUT", `/api/mail/config/external/${acc.id}`, { token: A.token, json: { ...rest, password: "nope" } });
    expect(bad.body).toMatchObject({ authStatus: "AUTH_FAILURE" });
    expect(bad.body.lastProtocolMessage).toMatch(/Authentication failed/);
    const fixed = await t.call("PUT", `/api/mail/config/external/${acc.id}`, { token: A.token, json: { ...rest, password: PASSWORD } });
    expect(fixed.body.authStatus).toBe("AUTH_SUCCESS");
    // Changing to an address already held is a duplicate too.
    const dup = await t.call("PUT", `/api/mail/config/external/${acc.id}`, { token: A.token, json: { ...rest, email: "two@mail.example", password: PASSWORD } });
    expect([dup.status, dup.body.code]).toEqual([409, "mail.418"]);
  });

  test("an account's tag is made with it: a refused add leaves none, and a renamed tag no mail carries goes", async () => {
    const tags = async (co: Co) => ((await t.call("GET", "/api/tag?page=0&pageSize=130", { token: co.token })).body.content as { tag: string }[]).map((x) => x.tag);
    // A duplicate is refused after its login was tried: its tag is not made.
    const again = await add(A, { ...accountBody(d, "one@mail.example", "POP3"), tag: "never_made" });
    expect(again.status).toBe(409);
    expect(await tags(A)).not.toContain("never_made");

    const made = await add(A, { ...accountBody(d, "shared@mail.example", "IMAP"), tag: "first_tag" });
    expect(made.status).toBe(201);
    expect(await tags(A)).toContain("first_tag");
    const { password: _p, privacyAgreed: _a, ...rest } = accountBody(d, "shared@mail.example", "IMAP");
    const renamed = await t.call("PUT", `/api/mail/config/external/${made.body.id}`, { token: A.token, json: { ...rest, tag: "second_tag", password: "" } });
    expect(renamed.status).toBe(200);
    expect(await tags(A)).toEqual(expect.arrayContaining(["second_tag"]));
    expect(await tags(A)).not.toContain("first_tag");

    // A former tag that mails carry stays.
    expect((await t.call("POST", "/api/tag/second_tag_keep", { token: A.token, json: {} })).status).toBe(201);
    const kept = await t.call("PUT", `/api/mail/config/external/${made.body.id}`, { token: A.token, json: { ...rest, tag: "second_tag_keep", password: "" } });
    expect(kept.status).toBe(200);
    const mailId = await file(t, A, new TextEncoder().encode("From: a@example.com\r\nTo: b@example.com\r\nSubject: tagged\r\n\r\nbody\r\n"));
    await t.db.db.update(mails).set({ tags: ["second_tag_keep"] }).where(eq(mails.id, mailId));
    const back = await t.call("PUT", `/api/mail/config/external/${made.body.id}`, { token: A.token, json: { ...rest, tag: "third_tag", password: "" } });
    expect(back.status).toBe(200);
    expect(await tags(A)).toEqual(expect.arrayContaining(["second_tag_keep", "third_tag"]));
    expect((await t.call("DELETE", "/api/mail/config/external", { token: A.token, form: { externalIds: made.body.id } })).status).toBe(204);
  });

  test("another company's user gets 404 for the ids; delete answers 204", async () => {
    const [acc] = (await list(A)).body.accounts;
    const { privacyAgreed: _a, ...rest } = accountBody(d, "one@mail.example", "IMAP");
    expect((await t.call("PUT", `/api/mail/config/external/${acc.id}`, { token: B.token, json: rest })).status).toBe(404);
    expect((await t.call("DELETE", "/api/mail/config/external", { token: B.token, form: { externalIds: acc.id } })).status).toBe(404);
    expect((await t.call("GET", `/api/mail/config/fetch?externalIds=${acc.id}`, { token: B.token })).status).toBe(404);
    expect((await list(B)).body.accounts.map((a: { id: number }) => a.id)).not.toContain(acc.id);
    expect((await list(A)).body.accounts).toHaveLength(2);
    const gone = await t.call("DELETE", "/api/mail/config/external", { token: A.token, form: { externalIds: [acc.id] } });
    expect(gone.status).toBe(204);
    expect((await list(A)).body.accounts).toHaveLength(1);
  });

  test(`at most ${MAX_EXTERNAL_ACCOUNTS} accounts`, async () => {
    const have = (await list(A)).body.accounts.length;
    const [{ passwordEnc }] = await t.db.db.select({ passwordEnc: mailExternalAccounts.passwordEnc }).from(mailExternalAccounts)
      .where(eq(mailExternalAccounts.userId, A.userId));
    await t.db.db.insert(mailExternalAccounts).values(Array.from({ length: MAX_EXTERNAL_ACCOUNTS - have }, (_, i) => ({
      companyId: A.companyId, userId: A.userId, serverName: "CUSTOM", protocol: "POP3", host: d.host, port: d.pop3Port,
      secure: false, email: `filler${i}@mail.example`, loginId: `filler${i}@mail.example`, passwordEnc, tag: "filler",
    })));
    const r = await add(A, accountBody(d, "shared@mail.example", "IMAP"));
    expect([r.status, r.body.code]).toEqual([400, "mail.external_limit"]);
  });

  test("provider presets hold the providers' real servers", () => {
    expect(PROVIDER_PRESETS.GMAIL.imap).toEqual({ host: "imap.gmail.com", port: 993, secure: true });
    expect(PROVIDER_PRESETS.NAVER.pop3).toEqual({ host: "pop.naver.com", port: 995, secure: true });
    expect(PROVIDER_PRESETS.DAUM.smtp).toEqual({ host: "smtp.daum.net", port: 465, secure: true });
  });
});
