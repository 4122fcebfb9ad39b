// POST /oauth/key, POST /oauth/token (password and refresh grants), GET /oauth/logout, GET /api/tokenChecker.
import { describe, expect, test } from "vitest";
import { like } from "drizzle-orm";
import { loginFailures } from "../../db/schema/auth.ts";
import { purgeOldAttempts } from "../../server/modules/auth/throttle.ts";
import { OAUTH_BASIC_HEADER } from "../../shared/auth.ts";
import { bytesToBase64, base64ToBytes } from "../../server/lib/encoding.ts";
import { signAccessToken } from "../../server/lib/tokens.ts";
import { ADMIN_PASSWORD, createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const co = await signupCompany(t, { domain: "token.test" });
const basic = { authorization: OAUTH_BASIC_HEADER };

function tokenCall(form: Record<string, string>, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.call("POST", "/oauth/token", { headers: opts.headers ?? basic, form, ip: opts.ip });
}

describe("POST /oauth/key", () => {
  test("hands out an RSA-OAEP key that encrypts a password the token endpoint accepts", async () => {
    const r = await t.call("POST", "/oauth/key");
    expect(r.status).toBe(200);
    expect(r.body.algorithm).toBe("RSA-OAEP-256");
    const key = await crypto.subtle.importKey("spki", base64ToBytes(r.body.publicKey), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
    const cipher = bytesToBase64(new Uint8Array(await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(ADMIN_PASSWORD))));
    const ok = await tokenCall({ grant_type: "password", username: co.username, password: cipher });
    expect(ok.status).toBe(200);
    expect(ok.body.token_type).toBe("bearer");
    const garbage = await tokenCall({ grant_type: "password", username: co.username, password: "A".repeat(344) });
    expect(garbage.status).toBe(400);
    expect(garbage.body.code).toBe("auth.key_invalid");
  });
});

describe("password grant", () => {
  test("answers tokens, no-store, and a user name is case-insensitive", async () => {
    const r = await tokenCall({ grant_type: "password", username: "  ADMIN@Token.Test ", password: ADMIN_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.body).toMatchObject({ token_type: "bearer", expires_in: 900, scope: "read write" });
    expect(r.body.access_token.split(".")).toHaveLength(3);
    expect(r.body.refresh_token.length).toBeGreaterThan(30);
  });

  test("grant_type defaults to password", async () => {
    const r = await tokenCall({ username: co.username, password: ADMIN_PASSWORD });
    expect(r.status).toBe(200);
  });

  test("refuses a missing or wrong client header", async () => {
    for (const headers of [{}, { authorization: "Basic " + btoa("other:secret") }] as Record<string, string>[]) {
      const r = await tokenCall({ grant_type: "password", username: co.username, password: ADMIN_PASSWORD }, { headers });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe("auth.invalid_client");
    }
  });

  test("refuses unknown grants and missing fields with stable codes", async () => {
    const g = await tokenCall({ grant_type: "client_credentials" });
    expect(g.status).toBe(400);
    expect(g.body.code).toBe("auth.unsupported_grant_type");
    const m = await tokenCall({ grant_type: "password", username: co.username });
    expect(m.status).toBe(400);
    expect(m.body.code).toBe("auth.credentials_required");
    expect(m.body.errors[0].field).toBe("password");
  });

  test("a wrong password and an unknown account answer alike", async () => {
    const wrong = await tokenCall({ grant_type: "password", username: co.username, password: "Wrong1234!" }, { ip: "10.1.0.1" });
    const unknown = await tokenCall({ grant_type: "password", username: "nobody@token.test", password: "Wrong1234!" }, { ip: "10.1.0.1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.code).toBe("auth.invalid_credentials");
  });
});

describe("throttling", () => {
  test("five failures lock the account from that address only, until the time the answer names", async () => {
    const victim = await signupCompany(t, { domain: "throttle.test" });
    for (let i = 0; i < 5; i++) {
      const r = await tokenCall({ username: victim.username, password: "Wrong1234!" }, { ip: "10.2.0.1" });
      expect(r.status).toBe(401);
    }
    const locked = await tokenCall({ username: victim.username, password: ADMIN_PASSWORD }, { ip: "10.2.0.1" });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("auth.too_many_attempts");
    expect(locked.body.params.retryAfterSeconds).toBe(15 * 60);
    expect(locked.body.params.retryAt).toBe(new Date(t.clock.now().getTime() + 15 * 60_000).toISOString());
    expect(locked.headers.get("retry-after")).toBe(String(15 * 60));
    // The owner elsewhere is not locked out by the stranger's guesses.
    const owner = await tokenCall({ username: victim.username, password: ADMIN_PASSWORD }, { ip: "10.2.1.1" });
    expect(owner.status).toBe(200);
    // Five minutes on, the lock has ten minutes left; after it, the address may sign in again.
    t.clock.advance(5 * 60_000);
    const later = await tokenCall({ username: victim.username, password: ADMIN_PASSWORD }, { ip: "10.2.0.1" });
    expect(later.status).toBe(429);
    expect(later.body.params.retryAfterSeconds).toBe(10 * 60);
    t.clock.advance(10 * 60_000 + 1000);
    const after = await tokenCall({ username: victim.username, password: ADMIN_PASSWORD }, { ip: "10.2.0.1" });
    expect(after.status).toBe(200);
  });

  test("fifty failures from many addresses lock the account for every address", async () => {
    const target = await signupCompany(t, { domain: "ceiling.test" });
    for (let i = 0; i < 3; i++) {
      const r = await tokenCall({ username: target.username, password: "Wrong1234!" }, { ip: `10.6.0.${i}` });
      expect(r.status).toBe(401);
    }
    // The rest of the fifty, as if from as many addresses (written straight into the throttle's record: fifty
    // password checks take longer than a test may on a busy machine), then one more through the API.
    await t.db.db.insert(loginFailures).values(Array.from({ length: 46 }, () => ({ key: `u:${target.username}`, at: t.clock.now() })));
    expect((await tokenCall({ username: target.username, password: "Wrong1234!" }, { ip: "10.6.1.1" })).status).toBe(401);
    const locked = await tokenCall({ username: target.username, password: ADMIN_PASSWORD }, { ip: "10.6.99.1" });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("auth.too_many_attempts");
    t.clock.advance(15 * 60_000 + 1000);
    expect((await tokenCall({ username: target.username, password: ADMIN_PASSWORD }, { ip: "10.6.99.1" })).status).toBe(200);
  });

  test("thirty failures from one address block it for every account, not other addresses", async () => {
    for (let i = 0; i < 30; i++) {
      await tokenCall({ username: `guess${i}@token.test`, password: "Wrong1234!" }, { ip: "10.3.0.9" });
    }
    const blocked = await tokenCall({ username: co.username, password: ADMIN_PASSWORD }, { ip: "10.3.0.9" });
    expect(blocked.status).toBe(429);
    const elsewhere = await tokenCall({ username: co.username, password: ADMIN_PASSWORD }, { ip: "10.3.0.10" });
    expect(elsewhere.status).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
  });
});

describe("parallel guesses", () => {
  test("thirty wrong passwords sent at once from one address get at most five password checks", async () => {
    const target = await signupCompany(t, { domain: "parallel.test" });
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      tokenCall({ username: target.username, password: `Wrong${i}!aa` }, { ip: "10.5.0.1" })));
    // Each attempt is counted before its password is checked: however the thirty interleave, no more than
    // five reach the check (often none do, when all are counted before any is checked).
    const checked = all.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(all.filter((r) => r.status === 429).length).toBe(30 - checked);
    t.clock.advance(15 * 60_000 + 1000);
  });
});

describe("client address behind a proxy", () => {
  test("with TRUST_PROXY the right-most X-Forwarded-For entry counts, not what the client wrote", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    const co2 = await signupCompany(proxied, { domain: "proxy.test" });
    for (let i = 0; i < 5; i++) {
      await proxied.call("POST", "/oauth/token", { headers: { ...basic, "x-forwarded-for": `1.1.1.${i}, 203.0.113.9` }, form: { username: co2.username, password: "Wrong999!" } });
    }
    const history = await proxied.call("GET", "/api/history/account", { token: co2.token });
    const failed = history.body.content.filter((e: { action: string }) => e.action === "LOGIN_FAILED");
    expect(failed.map((e: { ip: string }) => e.ip)).toEqual(Array(5).fill("203.0.113.9"));
  });
});

describe("refresh grant", () => {
  test("rotates the refresh token; the old one presented again soon after answers the same new token, and is refused once the session moved on", async () => {
    const first = await login(t, co.username);
    const second = await tokenCall({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    const me = await t.call("GET", "/api/users/detail", { token: second.body.access_token });
    expect(me.body.username).toBe(co.username);
    // The answer was lost (a reload or a closed tab cut the refresh off after the server rotated; another tab
    // refreshed at the same moment): the old token, within the grace period, gets the same new one again.
    const again = await tokenCall({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(second.body.refresh_token);
    expect((await t.call("GET", "/api/users/detail", { token: again.body.access_token })).status).toBe(200);
    // Once the session has rotated on, the old token is refused; within the grace period that does not end it.
    const third = await tokenCall({ grant_type: "refresh_token", refresh_token: second.body.refresh_token });
    expect(third.status).toBe(200);
    const stale = await tokenCall({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe("auth.invalid_grant");
    const fourth = await tokenCall({ grant_type: "refresh_token", refresh_token: third.body.refresh_token });
    expect(fourth.status).toBe(200);
  });

  test("two refreshes with the same token at once both get the one new token", async () => {
    const first = await login(t, co.username);
    const [a, b] = await Promise.all([1, 2].map(() => tokenCall({ grant_type: "refresh_token", refresh_token: first.refresh_token })));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
    expect((await tokenCall({ grant_type: "refresh_token", refresh_token: a.body.refresh_token })).status).toBe(200);
  });

  test("reuse of a rotated token after the grace period revokes the whole session", async () => {
    const first = await login(t, co.username);
    const second = await tokenCall({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    t.clock.advance(60_000);
    const reuse = await tokenCall({ grant_type: "refresh_token", refresh_token: first.refresh_token });
    expect(reuse.status).toBe(400);
    const me = await t.call("GET", "/api/users/detail", { token: second.body.access_token });
    expect(me.status).toBe(401);
    const next = await tokenCall({ grant_type: "refresh_token", refresh_token: second.body.refresh_token });
    expect(next.status).toBe(400);
  });

  test("an unknown or empty refresh token is refused", async () => {
    expect((await tokenCall({ grant_type: "refresh_token", refresh_token: "nope" })).status).toBe(400);
    const empty = await tokenCall({ grant_type: "refresh_token" });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("auth.invalid_grant");
  });

  test("a refresh token expires after its lifetime without use", async () => {
    const s = await login(t, co.username);
    t.clock.advance(31 * 86_400_000);
    const r = await tokenCall({ grant_type: "refresh_token", refresh_token: s.refresh_token });
    expect(r.status).toBe(400);
  });
});

describe("access tokens, tokenChecker and logout", () => {
  test("tokenChecker accepts a live token and refuses missing, forged and expired ones", async () => {
    const s = await login(t, co.username);
    const ok = await t.call("GET", "/api/tokenChecker", { token: s.access_token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ result: "SUCCESS", username: co.username, companyId: co.companyId });
    const none = await t.call("GET", "/api/tokenChecker");
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("common.401");
    const [h, p] = s.access_token.split(".");
    const forged = await t.call("GET", "/api/tokenChecker", { token: `${h}.${p}.AAAA` });
    expect(forged.status).toBe(401);
    const otherKey = await signAccessToken("another-key", { sub: "1", cid: co.companyId, sid: crypto.randomUUID(), usr: co.username }, t.clock.now(), 900);
    expect((await t.call("GET", "/api/tokenChecker", { token: otherKey })).status).toBe(401);
    t.clock.advance(901_000);
    const expired = await t.call("GET", "/api/tokenChecker", { token: s.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("auth.token_expired");
  });

  test("logout ends the session at once and answers the start page", async () => {
    const s = await login(t, co.username);
    const out = await t.call("GET", "/oauth/logout", { token: s.access_token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ url: "/#/login" });
    expect((await t.call("GET", "/api/users/detail", { token: s.access_token })).status).toBe(401);
    expect((await tokenCall({ grant_type: "refresh_token", refresh_token: s.refresh_token })).status).toBe(400);
    expect((await t.call("GET", "/oauth/logout")).status).toBe(401);
  });

  test("an oversized body answers 413 before anything reads it", async () => {
    const r = await t.call("POST", "/oauth/token", { headers: basic, form: { username: "x@y.test", password: "a".repeat(3 * 1024 * 1024) } });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("common.413");
  });

  test("unknown paths answer 404 in the error format", async () => {
    const r = await t.call("GET", "/api/nothing-here");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: "common.404", message: "Not found." });
  });
});

describe("throttle records", () => {
  test("the hourly purge removes records past every window (a day) and keeps the rest", async () => {
    const now = t.clock.now().getTime();
    await t.db.db.insert(loginFailures).values([
      { key: "purge:old", at: new Date(now - 25 * 3_600_000) },
      { key: "purge:day", at: new Date(now - 23 * 3_600_000) },
      { key: "purge:new", at: new Date(now) },
    ]);
    expect(await purgeOldAttempts(t.deps)).toBeGreaterThanOrEqual(1);
    const left = await t.db.db.select({ key: loginFailures.key }).from(loginFailures).where(like(loginFailures.key, "purge:%"));
    expect(left.map((r) => r.key).sort()).toEqual(["purge:day", "purge:new"]);
  });
});
