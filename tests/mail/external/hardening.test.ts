// The edges of external accounts against a real dovecot: the stored password is only reused for the same
// servers and login (a changed host, port, TLS choice, login or SMTP server needs it again); the seen list
// survives a port or letter-case change; PUT with the id in the body (the spec's path); two colleagues adding
// one address at once (one wins, the other gets 226 mail.558); two fetches overlapping store each message once;
// a fetch whose process died does not stay FETCHING.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailExternalAccounts, mailExternalSeen } from "../../../db/schema/index.ts";
import { runFetch } from "../../../server/modules/mail/external/fetch.ts";
import { createTestApp, login } from "../../support/test-app.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { type Co, company } from "../folders/helpers.ts";
import { accountBody, dovecotFor, fetchNow, inbox, message, PASSWORD } from "./helpers.ts";

const t = await createTestApp();
const d = await dovecotFor(["edit@mail.example", "race@mail.example", "both@mail.example", "stale@mail.example"]);
let A: Co, A2: Co;

beforeAll(async () => {
  A = await company(t, "hard-alpha.test");
  const u = await adminApi(t).newUser(A.token, { loginId: "colleague", accountName: "Colleague" });
  A2 = { companyId: A.companyId, userId: u.id, username: u.username, token: (await login(t, u.username, USER_PASSWORD)).access_token };
});

const add = async (co: Co, json: Record<string, unknown>) => {
  const r = await t.call("POST", "/api/mail/config/external", { token: co.token, json });
  expect(r.status).toBe(201);
  return r.body;
};
const put = (id: number, json: Record<string, unknown>) => t.call("PUT", `/api/mail/config/external/${id}`, { token: A.token, json });
const seenCount = async (id: number) =>
  (await t.db.db.select().from(mailExternalSeen).where(eq(mailExternalSeen.accountId, id))).length;

describe("editing an external account", () => {
  let id = 0;
  let rest: Record<string, unknown> = {};

  beforeAll(async () => {
    await d.deliver("edit@mail.example", message("edit one"));
    await d.deliver("edit@mail.example", message("edit two"));
    const { password: _p, privacyAgreed: _a, ...r } = accountBody(d, "edit@mail.example", "POP3", { tag: "edit_box" });
    rest = r;
    id = (await add(A, accountBody(d, "edit@mail.example", "POP3", { tag: "edit_box" }))).id;
    expect(await fetchNow(t, A, id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 2 });
  });

  test("a change of where or as whom to connect needs the password again; the stored one is not sent anywhere", async () => {
    const changes: Record<string, unknown>[] = [
      { protocol: "IMAP", port: d.imapPort }, { host: "localhost" }, { port: d.imapPort }, { secure: true }, { loginId: "other" },
      { email: "edit2@mail.example" }, { smtpHost: "smtp.elsewhere.example" }, { smtpPort: 2525 }, { smtpSecure: true },
    ];
    for (const change of changes) {
      for (const password of [undefined, ""]) {
        const r = await put(id, { ...rest, ...change, ...(password === undefined ? {} : { password }) });
        expect({ change, status: r.status, code: r.body.code }).toEqual({ change, status: 400, code: "mail.external_required" });
        expect(r.body.errors).toEqual([expect.objectContaining({ field: "password" })]);
      }
    }
    const [row] = await t.db.db.select().from(mailExternalAccounts).where(eq(mailExternalAccounts.id, id));
    expect(row).toMatchObject({ host: d.host, port: d.pop3Port, protocol: "POP3" });
  });

  test("tag, keepOnServer, useSmtp and the host's letter case keep the stored password", async () => {
    const r = await put(id, { ...rest, tag: "edit_renamed", keepOnServer: false, useSmtp: true, host: d.host.toUpperCase() });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ tag: "edit_renamed", keepOnServer: false, useSmtp: true, authStatus: "AUTH_SUCCESS" });
    expect((await put(id, { ...rest, keepOnServer: true })).body).toMatchObject({ authStatus: "AUTH_SUCCESS", tag: "edit_box" });
  });

  test("the seen list survives a port change and a login in other letters; another protocol forgets it", async () => {
    expect(await seenCount(id)).toBe(2);
    const moved = await put(id, { ...rest, port: 1, password: PASSWORD });
    expect(moved.body).toMatchObject({ authStatus: "AUTH_FAILURE", lastProtocolMessage: "mail.external_unreachable" });
    expect(await seenCount(id)).toBe(2);
    expect((await put(id, { ...rest, loginId: "EDIT@mail.example", password: PASSWORD })).status).toBe(200);
    expect(await seenCount(id)).toBe(2);
    expect((await put(id, { ...rest, password: PASSWORD })).body.authStatus).toBe("AUTH_SUCCESS");
    expect(await fetchNow(t, A, id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 0, totalCount: 0 });
    expect((await inbox(t, A)).filter((m) => m.subject.startsWith("edit "))).toHaveLength(2);

    expect((await put(id, { ...rest, protocol: "IMAP", port: d.imapPort, password: PASSWORD })).body.authStatus).toBe("AUTH_SUCCESS");
    expect(await seenCount(id)).toBe(0);
  });

  test("PUT /api/mail/config/external with the id in the body (the spec's path)", async () => {
    const r = await t.call("PUT", "/api/mail/config/external", { token: A.token, json: { ...rest, protocol: "IMAP", port: d.imapPort, id, tag: "by_body" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, tag: "by_body" });
    const missing = await t.call("PUT", "/api/mail/config/external", { token: A.token, json: { ...rest, tag: "x" } });
    expect(missing.status).toBe(404);
    const foreign = await t.call("PUT", "/api/mail/config/external", { token: A2.token, json: { ...rest, id, tag: "x" } });
    expect(foreign.status).toBe(404);
  });
});

describe("at the same time", () => {
  test("two colleagues adding one address at once: one account, the other answered 226 mail.558", async () => {
    const [r1, r2] = await Promise.all([A, A2].map((co) =>
      t.call("POST", "/api/mail/config/external", { token: co.token, json: accountBody(d, "both@mail.example", "IMAP") })
    ));
    expect([r1.status, r2.status].sort()).toEqual([201, 226]);
    expect([r1, r2].find((r) => r.status === 226)!.body.code).toBe("mail.558");
    const rows = await t.db.db.select().from(mailExternalAccounts).where(eq(mailExternalAccounts.email, "both@mail.example"));
    expect(rows).toHaveLength(1);
  });

  test("two fetches overlapping (a lock that ran out) store each message once", async () => {
    for (let i = 0; i < 6; i++) await d.deliver("race@mail.example", message(`race ${i}`));
    const acc = await add(A, accountBody(d, "race@mail.example", "IMAP", { tag: "race_box" }));
    const [row] = await t.db.db.select().from(mailExternalAccounts).where(eq(mailExternalAccounts.id, acc.id));
    await Promise.all([runFetch(t.deps, row), runFetch(t.deps, row), runFetch(t.deps, row)]);
    const got = (await inbox(t, A)).filter((m) => m.subject.startsWith("race "));
    expect(got.map((m) => m.subject).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `race ${i}`));
    expect(await seenCount(acc.id)).toBe(6);
  });

  test("a fetch whose process died is not FETCHING once its lock ran out, and can be fetched again", async () => {
    await d.deliver("stale@mail.example", message("stale one"));
    const acc = await add(A, accountBody(d, "stale@mail.example", "IMAP", { tag: "stale_box" }));
    const now = t.clock.now();
    // As a crashed fetch leaves it: FETCHING, locked for a while.
    await t.db.db.update(mailExternalAccounts).set({ fetchStatus: "FETCHING", lockedUntil: new Date(now.getTime() + 60_000) })
      .where(eq(mailExternalAccounts.id, acc.id));
    const state = async () =>
      (await t.call("GET", "/api/mail/config/external", { token: A.token })).body.accounts.find((a: { id: number }) => a.id === acc.id);
    expect((await state()).fetchStatus).toBe("FETCHING");
    // Fetch now does nothing while the lock holds.
    const busy = await t.call("GET", `/api/mail/config/fetch?externalIds=${acc.id}`, { token: A.token });
    expect(busy.body.accounts[0].fetchStatus).toBe("FETCHING");
    t.clock.advance(60_001);
    expect(await state()).toMatchObject({ fetchStatus: "FAILED", lastProtocolMessage: null });
    expect(await fetchNow(t, A, acc.id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 1 });
  });
});
