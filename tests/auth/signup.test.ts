// Company sign-up: code by mail, code check, company creation; every validation message.
import { describe, expect, test } from "vitest";
import { loginFailures } from "../../db/schema/auth.ts";
import { SIGNUP_CODES_PER_HOUR, SIGNUP_CODES_PER_IP_PER_HOUR } from "../../shared/auth.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
// Code mails are limited per client address: the tests of other rules each ask from an address of their own.
let ips = 0;
const nextIp = () => `10.40.0.${++ips}`;

async function verifiedToken(email: string) {
  const sent = await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: { email } });
  expect(sent.status).toBe(200);
  const mail = await t.smtp.next(email);
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  const v = await t.call("POST", "/api/signup/email/verify", { json: { email, code } });
  expect(v.status).toBe(200);
  return v.body.verificationToken as string;
}

function form(email: string, token: string, over: Record<string, unknown> = {}) {
  return {
    email, verificationToken: token, name: "Lee", companyName: "Lee Trading", domain: "lee.test", adminId: "boss",
    password: "Abcd1234!", passwordConfirm: "Abcd1234!", agreeTerms: true, agreePrivacy: true, ...over,
  };
}

describe("verification code", () => {
  test("is mailed in the chosen language and expires after ten minutes", async () => {
    const email = "expire@mail.test";
    const sent = await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: { email, languageType: "EN" } });
    expect(sent.status).toBe(200);
    expect(sent.body.resendAfterSeconds).toBe(60);
    const mail = await t.smtp.next(email);
    expect(mail.subject).toBe("[Groupware] Your verification code");
    expect(mail.from).toBe("no-reply@groupware.test");
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    t.clock.advance(10 * 60_000 + 1);
    const late = await t.call("POST", "/api/signup/email/verify", { json: { email, code } });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe("signup.code_expired");
  });

  test("defaults to Korean and Indonesian works too", async () => {
    await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: { email: "ko@mail.test" } });
    expect((await t.smtp.next("ko@mail.test")).subject).toBe("[Groupware] 이메일 인증 코드");
    await t.call("POST", "/api/signup/email/code", { ip: nextIp(), form: { email: "id@mail.test", languageType: "id" } });
    expect((await t.smtp.next("id@mail.test")).text).toContain("Kode verifikasi");
  });

  test("cannot be asked again within a minute", async () => {
    const email = "again@mail.test";
    expect((await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: { email } })).status).toBe(200);
    const again = await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: { email } });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("signup.code_too_soon");
    t.clock.advance(61_000);
    expect((await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: { email } })).status).toBe(200);
  });

  test("a wrong code counts down; after five the code is dead", async () => {
    const email = "wrong@mail.test";
    await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: { email } });
    const mail = await t.smtp.next(email);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await t.call("POST", "/api/signup/email/verify", { json: { email, code: wrong } });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: "signup.code_invalid", params: { attemptsLeft: 4 } });
    for (let i = 0; i < 4; i++) await t.call("POST", "/api/signup/email/verify", { json: { email, code: wrong } });
    const dead = await t.call("POST", "/api/signup/email/verify", { json: { email, code } });
    expect(dead.status).toBe(400);
    expect(dead.body.code).toBe("signup.code_expired");
  });

  test("bad input has stable codes", async () => {
    const bad = await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: { email: "not-an-address" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("signup.email_invalid");
    const missing = await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: {} });
    expect(missing.body.code).toBe("signup.email_invalid");
    const noCode = await t.call("POST", "/api/signup/email/verify", { json: { email: "a@mail.test" } });
    expect(noCode.body.code).toBe("signup.code_required");
    const unknown = await t.call("POST", "/api/signup/email/verify", { json: { email: "never@mail.test", code: "123456" } });
    expect(unknown.body.code).toBe("signup.verification_failed");
  });

  test("code mails are limited per client address and in all, per hour", async () => {
    const limited = await createTestApp();
    const ask = (email: string, ip: string) => limited.call("POST", "/api/signup/email/code", { json: { email }, ip });
    for (let i = 0; i < SIGNUP_CODES_PER_IP_PER_HOUR; i++) expect((await ask(`ip${i}@mail.test`, "10.41.0.1")).status).toBe(200);
    const refused = await ask("one-more@mail.test", "10.41.0.1");
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("common.rate_limited");
    expect(refused.body.params.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.body.params.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(Number(refused.headers.get("retry-after"))).toBe(refused.body.params.retryAfterSeconds);
    expect((await ask("elsewhere@mail.test", "10.41.0.2")).status).toBe(200);
    // The whole server: the hour's other mails (written straight into the throttle's record rather than sent
    // one by one), then every address is refused.
    const others = SIGNUP_CODES_PER_HOUR - SIGNUP_CODES_PER_IP_PER_HOUR - 2;
    await limited.db.db.insert(loginFailures).values(Array.from({ length: others }, () => ({ key: "signup:all", at: limited.clock.now() })));
    expect((await ask("last@mail.test", "10.42.0.1")).status).toBe(200);
    const global = await ask("late@mail.test", "10.43.0.1");
    expect(global.status).toBe(429);
    expect(global.body.code).toBe("common.rate_limited");
    // No mail went out for a refused request; an hour later the limits are free again.
    limited.clock.advance(60 * 60_000 + 1000);
    expect((await ask("one-more@mail.test", "10.41.0.1")).status).toBe(200);
    expect((await limited.smtp.next("one-more@mail.test")).text).toMatch(/\b\d{6}\b/);
  });

  test("an unreachable relay answers code_send_failed", async () => {
    const broken = await createTestApp({ SMTP_RELAY_URL: "smtp://127.0.0.1:9" });
    const r = await broken.call("POST", "/api/signup/email/code", { json: { email: "down@mail.test" } });
    expect(r.status).toBe(502);
    expect(r.body.code).toBe("signup.code_send_failed");
    // The failed code is not left usable, and no minute-wait applies to the retry.
    const again = await broken.call("POST", "/api/signup/email/code", { json: { email: "down@mail.test" } });
    expect(again.body.code).not.toBe("signup.code_too_soon");
  });
});

describe("company creation", () => {
  test("creates company, domain and administrator; the token is spent", async () => {
    const token = await verifiedToken("lee@mail.test");
    const r = await t.call("POST", "/api/signup", { json: form("lee@mail.test", token) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ username: "boss@lee.test", domain: "lee.test" });
    const again = await t.call("POST", "/api/signup", { json: form("lee@mail.test", token, { domain: "lee2.test" }) });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("signup.verification_failed");
    const check = await t.call("GET", "/api/signup/domain/check?domain=LEE.test");
    expect(check.body).toEqual({ domain: "lee.test", available: false });
    expect((await t.call("GET", "/api/signup/domain/check?domain=free.test")).body.available).toBe(true);
    expect((await t.call("GET", "/api/signup/domain/check?domain=bad_domain")).body.code).toBe("signup.domain_invalid");
  });

  test("each field is validated with its own message", async () => {
    const email = "fields@mail.test";
    const token = await verifiedToken(email);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "  " }, "name", "signup.name_required"],
      [{ name: undefined }, "name", "signup.name_required"],
      [{ companyName: "" }, "companyName", "signup.company_name_required"],
      [{ domain: "nodot" }, "domain", "signup.domain_invalid"],
      [{ domain: "-bad-.test" }, "domain", "signup.domain_invalid"],
      [{ adminId: "1admin" }, "adminId", "signup.admin_id_invalid"],
      [{ adminId: "a" }, "adminId", "signup.admin_id_invalid"],
      [{ adminId: "한글id" }, "adminId", "signup.admin_id_invalid"],
      [{ adminId: "a." }, "adminId", "signup.admin_id_invalid"],
      [{ adminId: "a-_" }, "adminId", "signup.admin_id_invalid"],
      [{ adminId: "ab..c" }, "adminId", "signup.admin_id_invalid"],
      [{ password: "short1!", passwordConfirm: "short1!" }, "password", "user.password_invalid"],
      [{ password: "Abcdefgh1234567!x", passwordConfirm: "Abcdefgh1234567!x" }, "password", "user.password_invalid"],
      [{ password: "Abcdefgh1", passwordConfirm: "Abcdefgh1" }, "password", "user.password_invalid"],
      [{ passwordConfirm: "Abcd1234@" }, "passwordConfirm", "signup.password_confirm_mismatch"],
      [{ agreeTerms: false }, "agreeTerms", "signup.agreement_required"],
      [{ agreePrivacy: undefined }, "agreePrivacy", "signup.agreement_required"],
      [{ email: "x" }, "email", "signup.email_invalid"],
    ];
    for (const [over, field, code] of cases) {
      const r = await t.call("POST", "/api/signup", { json: form(email, token, { domain: "fields.test", ...over }) });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.code, JSON.stringify(over)).toBe(code);
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // Nothing was created by the refused attempts.
    expect((await t.call("GET", "/api/signup/domain/check?domain=fields.test")).body.available).toBe(true);
    const ok = await t.call("POST", "/api/signup", { json: form(email, token, { domain: "fields.test" }) });
    expect(ok.status).toBe(201);
  });

  test("a used domain or email is refused with 409", async () => {
    await signupCompany(t, { domain: "taken.test", email: "first@mail.test" });
    const token = await verifiedToken("second@mail.test");
    const dom = await t.call("POST", "/api/signup", { json: form("second@mail.test", token, { domain: "TAKEN.test" }) });
    expect(dom.status).toBe(409);
    expect(dom.body.code).toBe("signup.domain_in_use");
    const sent = await t.call("POST", "/api/signup/email/code", { ip: nextIp(), json: { email: "first@mail.test" } });
    expect(sent.status).toBe(409);
    expect(sent.body.code).toBe("signup.email_in_use");
  });

  test("the administrator signs in and sees an empty, working account", async () => {
    const co = await signupCompany(t, { domain: "fresh.test", name: "Park Admin" });
    const me = await t.call("GET", "/api/users/detail", { token: co.token });
    expect(me.body).toMatchObject({ username: "admin@fresh.test", accountName: "Park Admin", ROLE: "ROLE_ADMIN", isHr: true, languageType: "ko", theme: "light" });
    expect(me.body.personalEmail).toBe(co.email);
    const company = await t.call("GET", "/api/company", { token: co.token });
    expect(company.body).toMatchObject({ name: "Company fresh.test", domains: ["fresh.test"], planType: "FREE", domainStatus: "AVAILABLE" });
  });
});
