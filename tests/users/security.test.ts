// Password change (own and forced), the one-year reuse rule, two-factor, "log out all sessions", histories.
import { describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { companies, users } from "../../db/schema/index.ts";
import { totpCode } from "../../server/modules/users/totp.ts";
import { OAUTH_BASIC_HEADER } from "../../shared/auth.ts";
import { ADMIN_PASSWORD, createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const DAY = 86_400_000;

/** Test set-up only: flags an administrator would set from the admin screens. */
async function setUser(username: string, values: Partial<typeof users.$inferInsert>) {
  await t.db.db.update(users).set(values).where(eq(users.username, username));
}

describe("PUT /api/users/pw", () => {
  test("changes the password; the old one stops working; other sessions end, this one stays", async () => {
    const co = await signupCompany(t, { domain: "pw.test" });
    const other = await login(t, co.username);
    const r = await t.call("PUT", "/api/users/pw", { token: co.token, json: { currentPassword: ADMIN_PASSWORD, newPassword: "N3w-pass_ok" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ result: "SUCCESS" });
    expect((await t.call("GET", "/api/users/detail", { token: co.token })).status).toBe(200);
    expect((await t.call("GET", "/api/users/detail", { token: other.access_token })).status).toBe(401);
    await expect(login(t, co.username)).rejects.toThrow(/401/);
    expect((await login(t, co.username, "N3w-pass_ok")).access_token).toBeTruthy();
  });

  test("checks the current password and the rules: 8-16 chars, letter, digit and listed special", async () => {
    const co = await signupCompany(t, { domain: "pwrules.test" });
    const put = (currentPassword: string, newPassword: string) =>
      t.call("PUT", "/api/users/pw", { token: co.token, form: { currentPassword, newPassword } });
    const wrong = await put("Nope1234!", "Good1234!");
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("user.password_mismatch");
    for (const bad of ["Ab1!", "abcdefgh", "abcd1234", "abcd!!!!", "1234!!!!", "Abcd 1234!", "Abcd1234?", "Abcdefgh12345678!", "Ab1!한글한글한글"]) {
      const r = await put(ADMIN_PASSWORD, bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.code, bad).toBe("user.password_invalid");
    }
    expect((await put(ADMIN_PASSWORD, ADMIN_PASSWORD)).body.code).toBe("user.password_same");
    let current = ADMIN_PASSWORD;
    for (const good of ["Abcd1234~", "a1+|=-_()", "Z9^%$#@!&*", "Abcdefgh1234567!"]) {
      expect((await put(current, good)).status, good).toBe(200);
      current = good;
    }
  });

  test("a password used within the last year cannot come back; after a year it can", async () => {
    const co = await signupCompany(t, { domain: "reuse.test" });
    const change = (from: string, to: string) => t.call("PUT", "/api/users/pw", { token: co.token, json: { currentPassword: from, newPassword: to } });
    expect((await change(ADMIN_PASSWORD, "Second22!")).status).toBe(200);
    const back = await change("Second22!", ADMIN_PASSWORD);
    expect(back.status).toBe(400);
    expect(back.body.code).toBe("user.password_reused");
    t.clock.advance(366 * DAY);
    const fresh = await login(t, co.username, "Second22!");
    expect((await t.call("PUT", "/api/users/pw", { token: fresh.access_token, json: { currentPassword: "Second22!", newPassword: ADMIN_PASSWORD } })).status).toBe(200);
  });
});

describe("PUT /api/users/force/pw", () => {
  test("only when a change is requested; it clears the request", async () => {
    const co = await signupCompany(t, { domain: "force.test" });
    const notAsked = await t.call("PUT", "/api/users/force/pw", { token: co.token, json: { newPassword: "Forced11!" } });
    expect(notAsked.status).toBe(409);
    expect(notAsked.body.code).toBe("user.password_change_not_requested");
    await setUser(co.username, { requestPasswordChange: true });
    expect((await t.call("GET", "/api/users/detail", { token: co.token })).body.requestPasswordChange).toBe(true);
    const bad = await t.call("PUT", "/api/users/force/pw", { token: co.token, json: { newPassword: "weak" } });
    expect(bad.body.code).toBe("user.password_invalid");
    const ok = await t.call("PUT", "/api/users/force/pw", { token: co.token, json: { newPassword: "Forced11!" } });
    expect(ok.status).toBe(200);
    expect((await t.call("GET", "/api/users/detail", { token: co.token })).body.requestPasswordChange).toBe(false);
    expect((await login(t, co.username, "Forced11!")).access_token).toBeTruthy();
  });
});

describe("two-factor authentication", () => {
  test("setup, sign-in with a code, replay refused, switching off", async () => {
    const co = await signupCompany(t, { domain: "otp.test" });
    const badPw = await t.call("POST", "/api/users/otp", { token: co.token, form: { password: "Wrong123!" } });
    expect(badPw.status).toBe(400);
    expect(badPw.body.code).toBe("user.password_mismatch");
    const noSetup = await t.call("PUT", "/api/users/twoFactorAuth", { token: co.token, json: { twoFactorAuth: true, code: "123456" } });
    expect(noSetup.status).toBe(409);
    const setup = await t.call("POST", "/api/users/otp", { token: co.token, form: { password: ADMIN_PASSWORD } });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const secret = setup.body.secret as string;
    const wrong = await t.call("PUT", "/api/users/twoFactorAuth", { token: co.token, json: { twoFactorAuth: true, code: "000000" === totpCode(secret, t.clock.now()) ? "111111" : "000000" } });
    expect(wrong.body.code).toBe("user.otp_invalid");
    const on = await t.call("PUT", "/api/users/twoFactorAuth", { token: co.token, json: { twoFactorAuth: true, code: totpCode(secret, t.clock.now()) } });
    expect(on.body).toEqual({ twoFactorAuth: true });
    expect((await t.call("GET", "/api/users/detail", { token: co.token })).body.twoFactorAuth).toBe(true);

    t.clock.advance(30_000);
    await expect(login(t, co.username)).rejects.toThrow(/auth.otp_required/);
    await expect(login(t, co.username, ADMIN_PASSWORD, { authentication_code: "12345" })).rejects.toThrow(/auth.otp_invalid/);
    const code = totpCode(secret, t.clock.now());
    const s = await login(t, co.username, ADMIN_PASSWORD, { authentication_code: code });
    await expect(login(t, co.username, ADMIN_PASSWORD, { authentication_code: code })).rejects.toThrow(/auth.otp_invalid/);

    t.clock.advance(30_000);
    const off = await t.call("PUT", "/api/users/twoFactorAuth", { token: s.access_token, form: { twoFactorAuth: "false", code: totpCode(secret, t.clock.now()) } });
    expect(off.body).toEqual({ twoFactorAuth: false });
    expect((await login(t, co.username)).access_token).toBeTruthy();
  });

  test("company MFA keeps it on unless bypassed; a bypass signs in without a code", async () => {
    const co = await signupCompany(t, { domain: "mfa.test" });
    const { secret } = (await t.call("POST", "/api/users/otp", { token: co.token, json: { password: ADMIN_PASSWORD } })).body;
    await t.call("PUT", "/api/users/twoFactorAuth", { token: co.token, json: { twoFactorAuth: true, code: totpCode(secret, t.clock.now()) } });
    await t.db.db.update(companies).set({ securityMfa: true }).where(eq(companies.id, co.companyId));
    t.clock.advance(30_000);
    const refused = await t.call("PUT", "/api/users/twoFactorAuth", { token: co.token, json: { twoFactorAuth: false, code: totpCode(secret, t.clock.now()) } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("user.mfa_required");
    await setUser(co.username, { bypassTwoFactor: true });
    expect((await login(t, co.username)).access_token).toBeTruthy();
  });
});

describe("log out all sessions", () => {
  test("turning it on ends the other sessions, and each later sign-in ends the previous ones", async () => {
    const co = await signupCompany(t, { domain: "single.test" });
    const other = await login(t, co.username);
    expect((await t.call("GET", "/api/users/security/logoutAllSessions", { token: co.token })).body).toEqual({ enable: false });
    const on = await t.call("PUT", "/api/users/security/logoutAllSessions", { token: co.token, form: { enable: "true" } });
    expect(on.body).toEqual({ enable: true, revokedSessions: 1 });
    expect((await t.call("GET", "/api/users/detail", { token: other.access_token })).status).toBe(401);
    expect((await t.call("GET", "/api/users/detail", { token: co.token })).status).toBe(200);
    const next = await login(t, co.username);
    expect((await t.call("GET", "/api/users/detail", { token: co.token })).status).toBe(401);
    const off = await t.call("PUT", "/api/users/security/logoutAllSessions", { token: next.access_token, json: { enable: false } });
    expect(off.body).toEqual({ enable: false, revokedSessions: 0 });
    await login(t, co.username);
    expect((await t.call("GET", "/api/users/detail", { token: next.access_token })).status).toBe(200);
    expect((await t.call("PUT", "/api/users/security/logoutAllSessions", { token: next.access_token, form: { enable: "perhaps" } })).status).toBe(400);
  });
});

describe("histories", () => {
  test("password history lists changes of the last year, newest first, paged", async () => {
    const co = await signupCompany(t, { domain: "pwhist.test" });
    let pw = ADMIN_PASSWORD;
    for (const next of ["Hist0ne!", "Hist2wo!", "Hist3hree!"]) {
      const s = await login(t, co.username, pw);
      const r = await t.call("PUT", "/api/users/pw", { token: s.access_token, json: { currentPassword: pw, newPassword: next }, ip: "10.9.9.9" });
      expect(r.status).toBe(200);
      pw = next;
      t.clock.advance(DAY);
    }
    const token = (await login(t, co.username, pw)).access_token;
    const page0 = await t.call("GET", "/api/history/pw/recent?page=0&pageSize=2", { token });
    expect(page0.body).toMatchObject({ totalElements: 4, totalPages: 2, page: 0, pageSize: 2 });
    expect(page0.body.content.map((e: { changeType: string }) => e.changeType)).toEqual(["CHANGE", "CHANGE"]);
    expect(page0.body.content[0]).toMatchObject({ ip: "10.9.9.9", changeTimeMillis: expect.any(Number) });
    const page1 = await t.call("GET", "/api/history/pw/recent?page=1&pageSize=2", { token });
    expect(page1.body.content.map((e: { changeType: string }) => e.changeType)).toEqual(["CHANGE", "INIT"]);
    t.clock.advance(365 * DAY - 2 * DAY);
    const lateToken = (await login(t, co.username, pw)).access_token;
    const later = await t.call("GET", "/api/history/pw/recent", { token: lateToken });
    expect(later.body.totalElements).toBe(2);
    expect((await t.call("GET", "/api/history/pw/recent?page=-1", { token: lateToken })).status).toBe(400);
    expect((await t.call("GET", "/api/history/pw/recent?pageSize=100000", { token: lateToken })).status).toBe(400);
  });

  test("access history records sign-ins, failures and sign-outs with address and browser", async () => {
    const co = await signupCompany(t, { domain: "acchist.test" });
    await t.call("POST", "/oauth/token", { headers: { authorization: OAUTH_BASIC_HEADER, "user-agent": "TestBrowser/1" }, form: { username: co.username, password: "Wrong999!" }, ip: "10.7.0.1" });
    const s = await login(t, co.username);
    await t.call("GET", "/oauth/logout", { token: s.access_token });
    const r = await t.call("GET", "/api/history/account", { token: co.token });
    expect(r.body.content.map((e: { action: string }) => e.action)).toEqual(["LOGOUT", "LOGIN", "LOGIN_FAILED", "LOGIN"]);
    expect(r.body.content[2]).toMatchObject({ ip: "10.7.0.1", userAgent: "TestBrowser/1" });
  });
});
