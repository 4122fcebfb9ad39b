// The mail-program password API (shared/mail/clients.ts; server/modules/mail/clients/service.ts): the §5 rule
// (400 mail.program_password), set / read / change / remove, only an argon2id hash stored, client sign-in
// (signInClient) with it and never with the web password, the web sign-in never with it, the account's failed
// client sign-ins cleared by a change or a removal, and one user's password invisible to another.
import { beforeAll, describe, expect, test } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { loginFailures, mailClientPasswords, users } from "../../../../db/schema/index.ts";
import { CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT, CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP } from "../../../../shared/mail/clients.ts";
import { ClientAuthError, signInClient } from "../../../../server/modules/mail/clients/auth.ts";
import { ADMIN_PASSWORD, createTestApp, login, signupCompany } from "../../../support/test-app.ts";

const t = await createTestApp();
type U = { token: string; username: string; userId: number };
let A: U, B: U;

const PATH = "/api/mail/config/pop3/password";
const put = (u: U, password: unknown) => t.call("PUT", PATH, { token: u.token, json: { password } });
const get = (u: U) => t.call("GET", PATH, { token: u.token });
const del = (u: U) => t.call("DELETE", PATH, { token: u.token });
const hashOf = async (u: U) =>
  (await t.db.db.select({ hash: mailClientPasswords.hash }).from(mailClientPasswords).where(eq(mailClientPasswords.userId, u.userId)))[0]?.hash;
const clientSignIn = (u: U, password: string, ip = "192.0.2.10") => signInClient(t.deps, { username: u.username, password, ip, protocol: "IMAP" });
const refusal = (p: Promise<unknown>) => p.then(() => "OK", (e) => e instanceof ClientAuthError ? e.reason : String(e));

async function user(domain: string): Promise<U> {
  const s = await signupCompany(t, { domain });
  const [{ id }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, s.username));
  const u = { token: s.token, username: s.username, userId: id };
  const r = await t.call("PUT", "/api/mail/config/pop3", { token: u.token, json: { pop3Flag: true, clientProtocolType: "IMAP" } });
  expect(r.status).toBe(200);
  return u;
}

beforeAll(async () => {
  A = await user("mcpw-alpha.test");
  B = await user("mcpw-beta.test");
});

describe("mail-program password", () => {
  test("none at first", async () => {
    const r = await get(A);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ exists: false, updatedTimeMillis: null, lastUsedTimeMillis: null });
  });

  test("the §5 rule: 5+ characters, letters and digits, no spaces (400 mail.program_password)", async () => {
    for (const bad of ["ab12", "abcdef", "123456", "abc 123", " abc123", "abc123\t", "a1".repeat(33), "", null, 12345678]) {
      const r = await put(A, bad);
      expect({ bad, status: r.status, code: r.body.code }).toEqual({ bad, status: 400, code: "mail.program_password" });
    }
    const missing = await t.call("PUT", PATH, { token: A.token, json: {} });
    expect([missing.status, missing.body.code]).toEqual([400, "mail.program_password"]);
    expect((await get(A)).body.exists).toBe(false);
    expect(await hashOf(A)).toBeUndefined();
  });

  test("set: the state says when; only an argon2id hash is stored", async () => {
    const r = await put(A, "mail2go");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ exists: true, updatedTimeMillis: t.clock.now().getTime(), lastUsedTimeMillis: null });
    expect((await get(A)).body).toEqual(r.body);
    const hash = await hashOf(A);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain("mail2go");
  });

  test("a form body is accepted too", async () => {
    const r = await t.call("PUT", PATH, { token: B.token, form: { password: "form123" } });
    expect([r.status, r.body.exists]).toEqual([200, true]);
    expect(await refusal(clientSignIn(B, "form123"))).toBe("OK");
    expect((await del(B)).body.exists).toBe(false);
  });

  test("clients sign in with it and never with the web password; the web never with it", async () => {
    expect(await refusal(clientSignIn(A, ADMIN_PASSWORD))).toBe("INVALID");
    expect(await refusal(clientSignIn(A, "mail2go"))).toBe("OK");
    expect((await get(A)).body.lastUsedTimeMillis).toBe(t.clock.now().getTime());
    await expect(login(t, A.username, "mail2go")).rejects.toThrow(/failed: 4\d\d/);
    expect((await login(t, A.username, ADMIN_PASSWORD)).access_token).toBeTruthy();
  });

  test("a change replaces it: the old one stops working, last use starts over", async () => {
    t.clock.advance(60_000);
    const r = await put(A, "newer77");
    expect(r.body).toEqual({ exists: true, updatedTimeMillis: t.clock.now().getTime(), lastUsedTimeMillis: null });
    expect(await refusal(clientSignIn(A, "mail2go"))).toBe("INVALID");
    expect(await refusal(clientSignIn(A, "newer77"))).toBe("OK");
  });

  test("failures lock out that address only; a change clears the account's failures (throttled before, in at once after)", async () => {
    const seen: string[] = [];
    for (let i = 0; i <= CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP && seen.at(-1) !== "THROTTLED"; i++) {
      seen.push(await refusal(clientSignIn(A, `wrong${i}`, "198.51.100.7")));
    }
    expect(seen).toHaveLength(CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP + 1);
    expect(seen.at(-1)).toBe("THROTTLED");
    expect(new Set(seen.slice(0, -1))).toEqual(new Set(["INVALID"]));
    expect(await refusal(clientSignIn(A, "newer77", "198.51.100.7"))).toBe("THROTTLED");
    // The owner's clients elsewhere are not locked out by the stranger's guesses.
    expect(await refusal(clientSignIn(A, "newer77", "198.51.100.8"))).toBe("OK");
    const keys = [`mc:u:${A.username.toLowerCase()}`, `mc:uip:${A.username.toLowerCase()}|198.51.100.7`];
    expect((await t.db.db.select().from(loginFailures).where(inArray(loginFailures.key, keys))).length).toBeGreaterThan(0);
    expect((await put(A, "third3rd")).status).toBe(200);
    expect(await t.db.db.select().from(loginFailures).where(inArray(loginFailures.key, keys))).toEqual([]);
    expect(await refusal(clientSignIn(A, "third3rd", "198.51.100.7"))).toBe("OK");
  });

  test("failures from many addresses together lock the account for every address", async () => {
    for (let i = 0; i < 3; i++) expect(await refusal(clientSignIn(A, `many${i}x`, `198.18.0.${i}`))).toBe("INVALID");
    // The rest of the ceiling's failures, as if from as many addresses (written straight into the throttle's
    // record: fifty password checks take longer than a test may on a busy machine).
    const key = `mc:u:${A.username.toLowerCase()}`;
    await t.db.db.insert(loginFailures).values(Array.from({ length: CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT - 3 }, () => ({ key, at: t.clock.now() })));
    expect(await refusal(clientSignIn(A, "third3rd", "198.18.99.1"))).toBe("THROTTLED");
    t.clock.advance(15 * 60_000 + 1000);
    expect(await refusal(clientSignIn(A, "third3rd", "198.18.99.1"))).toBe("OK");
    for (const u of [A, B]) u.token = (await login(t, u.username)).access_token; // past the access tokens' lifetime
  });

  test("removing it clears failures too, and no client can sign in after", async () => {
    for (let i = 0; i < 3; i++) expect(await refusal(clientSignIn(A, `bad${i}`, "203.0.113.5"))).toBe("INVALID");
    const r = await del(A);
    expect([r.status, r.body]).toEqual([200, { exists: false, updatedTimeMillis: null, lastUsedTimeMillis: null }]);
    expect(await t.db.db.select().from(loginFailures).where(eq(loginFailures.key, `mc:u:${A.username.toLowerCase()}`))).toEqual([]);
    expect(await hashOf(A)).toBeUndefined();
    expect(await refusal(clientSignIn(A, "third3rd", "203.0.113.6"))).toBe("INVALID");
    expect((await del(A)).status).toBe(200); // removing twice is harmless
  });

  test("isolation: one user's password is not another's", async () => {
    expect((await put(A, "alpha111")).status).toBe(200);
    expect((await get(B)).body.exists).toBe(false);
    expect(await refusal(clientSignIn(B, "alpha111"))).toBe("INVALID");
    expect((await put(B, "beta2222")).status).toBe(200);
    expect((await del(B)).body.exists).toBe(false);
    expect((await get(A)).body.exists).toBe(true);
    expect(await refusal(clientSignIn(A, "alpha111"))).toBe("OK");
  });

  test("signed out: 401", async () => {
    expect((await t.call("GET", PATH)).status).toBe(401);
    expect((await t.call("PUT", PATH, { json: { password: "abc123" } })).status).toBe(401);
    expect((await t.call("DELETE", PATH)).status).toBe(401);
  });
});
