// Share links (000 §3 "Share link", §5 "Share link password", §6, §7 "Share links"): management by owners
// and editors, unguessable tokens, and the public viewer calls: password, throttling, start, expiry,
// download count (also under concurrency), company-only links and email verification.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { shareLinkVerifications } from "../../db/schema/sharing.ts";
import { SHARE_LINK_PASSWORD_MAX_FAILURES_TOTAL } from "../../shared/share.ts";
import { verifyLinkGrant } from "../../server/modules/share-links/public.ts";
import { forgetLinks } from "../../server/modules/share-links/service.ts";
import { createTestApp, login, type TestApp } from "../support/test-app.ts";
import { company, type Co, type Member, PW, registerTestObjects, type TestObjects } from "../share/share-helpers.ts";

const t: TestApp = await createTestApp();
let objects: TestObjects;
let A: Co;
let alice: Member, bob: Member, erin: Member;
const LINKS = "/api/share/links";

beforeAll(async () => {
  objects = registerTestObjects(t);
  A = await company(t, "links-a.test");
  alice = await A.user("alice");
  bob = await A.user("bob");
  erin = await A.user("erin");
});

// Tests move the clock past the access-token lifetime: sign in again before each.
beforeEach(async () => {
  for (const u of [alice, bob, erin]) u.token = (await login(t, u.username, PW)).access_token;
});

let n = 0;
function doc(owner: Member) {
  return objects.add(`ldoc-${++n}`, { companyId: A.companyId, ownerUserId: owner.id, title: `Report ${n}` });
}
const create = (u: Member, json: Record<string, unknown>) => t.call("POST", LINKS, { token: u.token, json });
const pub = (token: string, opts: { token?: string; ip?: string } = {}) => t.call("GET", `${LINKS}/public/${token}`, opts);
const open = (token: string, json: unknown = {}, opts: { token?: string; ip?: string } = {}) =>
  t.call("POST", `${LINKS}/public/${token}/open`, { json, ...opts });

describe("managing links", () => {
  test("the owner creates a link: 201 with an unguessable token and the viewer url", async () => {
    const id = doc(alice);
    const r = await create(alice, { moduleType: "doc", objectId: id, permission: "READ" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(Number), moduleType: "doc", objectId: id, permission: "READ", accessMode: "ANYONE", hasPassword: false,
      url: `/#/link/viewer/${r.body.token}`, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      downloadLimitCount: null, downloadCount: 0, expiryDate: null, startDateTimeMillis: null,
      createdByUserId: alice.id, createdTimeMillis: t.clock.now().getTime(),
    });
    // 32 random bytes each time: no two tokens alike, and the bytes vary.
    const tokens = new Set<string>([r.body.token]);
    for (let i = 0; i < 20; i++) tokens.add((await create(alice, { moduleType: "doc", objectId: id, permission: "EDIT" })).body.token);
    expect(tokens.size).toBe(21);
    const chars = new Set([...tokens].join(""));
    expect(chars.size).toBeGreaterThan(50);
    const list = await t.call("GET", `${LINKS}/doc/${id}`, { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(21);
    expect(list.body[0]).toEqual(r.body);
  });

  test("editors manage links too; readers and others get 403; unknown objects 404", async () => {
    const id = doc(alice);
    await t.call("POST", `/api/share/doc/${id}`, { token: alice.token, json: { members: [{ memberType: "USER", memberId: bob.id, permission: 3 }, { memberType: "USER", memberId: erin.id, permission: 2 }] } });
    const byEditor = await create(bob, { moduleType: "doc", objectId: id, permission: "READ" });
    expect(byEditor.status).toBe(201);
    expect((await create(erin, { moduleType: "doc", objectId: id, permission: "READ" })).status).toBe(403);
    expect((await t.call("GET", `${LINKS}/doc/${id}`, { token: erin.token })).status).toBe(403);
    expect((await t.call("DELETE", `${LINKS}/${byEditor.body.id}`, { token: erin.token })).status).toBe(403);
    expect((await create(alice, { moduleType: "doc", objectId: "nope", permission: "READ" })).status).toBe(404);
    expect((await create(alice, { moduleType: "zzz", objectId: id, permission: "READ" })).status).toBe(404);
    expect((await create(alice, { moduleType: "doc", objectId: id, permission: "WRITE" })).status).toBe(400);
  });

  test("PUT changes fields; DELETE answers 204 and the link is gone for the viewer", async () => {
    const id = doc(alice);
    const link = (await create(alice, { moduleType: "doc", objectId: id, permission: "READ" })).body;
    const expiry = t.clock.now().getTime() + 86_400_000;
    const u = await t.call("PUT", LINKS, { token: alice.token, json: { id: link.id, permission: "EDIT", downloadLimitCount: 3, expiryDate: expiry } });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body).toMatchObject({ id: link.id, permission: "EDIT", downloadLimitCount: 3, expiryDate: expiry, token: link.token });
    const past = await t.call("PUT", LINKS, { token: alice.token, json: { id: link.id, expiryDate: t.clock.now().getTime() - 1 } });
    expect(past.body.code).toBe("shareLink.expiry_invalid");
    expect((await t.call("PUT", LINKS, { token: alice.token, json: { id: link.id, accessMode: "PASSWORD" } })).body.code).toBe("shareLink.password_required");
    expect((await t.call("PUT", LINKS, { token: alice.token, json: { id: 987654, permission: "READ" } })).status).toBe(404);
    expect((await t.call("DELETE", `${LINKS}/${link.id}`, { token: alice.token })).status).toBe(204);
    expect((await t.call("DELETE", `${LINKS}/${link.id}`, { token: alice.token })).status).toBe(404);
    const gone = await pub(link.token);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe("shareLink.deleted");
  });

  test("link passwords: 4 to 8 letters or digits, no spaces, each rule with its message", async () => {
    const id = doc(alice);
    const cases: [string, string][] = [
      ["abc", "shareLink.password_length"], ["abcdefghi", "shareLink.password_length"], ["", "shareLink.password_length"],
      ["ab cd", "shareLink.password_space"], [" abcd", "shareLink.password_space"], ["abc!d", "shareLink.password_chars"],
      ["비밀번호", "shareLink.password_chars"],
    ];
    for (const [password, code] of cases) {
      const r = await create(alice, { moduleType: "doc", objectId: id, permission: "READ", accessMode: "PASSWORD", password });
      expect(r.status, password).toBe(400);
      expect(r.body.code, password).toBe(code);
    }
    expect((await create(alice, { moduleType: "doc", objectId: id, permission: "READ", accessMode: "PASSWORD" })).body.code).toBe("shareLink.password_required");
    for (const password of ["abcd", "Ab12Cd34"]) {
      expect((await create(alice, { moduleType: "doc", objectId: id, permission: "READ", accessMode: "PASSWORD", password })).status).toBe(201);
    }
  });
});

describe("opening links", () => {
  test("an ANYONE link shows its metadata and opens with a grant the module can check", async () => {
    const id = doc(alice);
    const link = (await create(alice, { moduleType: "doc", objectId: id, permission: "READ" })).body;
    const meta = await pub(link.token);
    expect(meta.status).toBe(200);
    expect(meta.body).toEqual({
      moduleType: "doc", title: objects.byId.get(id)!.title, permission: "READ", accessMode: "ANYONE", requiresPassword: false,
      requiresSignIn: false, downloadLimitCount: null, downloadCount: 0, expiryDate: null, startDateTimeMillis: null,
    });
    const o = await open(link.token);
    expect(o.status).toBe(200);
    expect(o.body).toMatchObject({ moduleType: "doc", objectId: id, permission: "READ", downloadCount: 1 });
    expect(await verifyLinkGrant(t.deps, o.body.grant)).toEqual({ linkId: link.id, companyId: A.companyId, moduleType: "doc", objectId: id, permission: "READ" });
    expect(await verifyLinkGrant(t.deps, `${o.body.grant}x`)).toBeNull();
    // A grant is not an access token for the API.
    expect((await t.call("GET", "/api/users/detail", { token: o.body.grant })).status).toBe(401);
    t.clock.advance(11 * 60_000);
    expect(await verifyLinkGrant(t.deps, o.body.grant)).toBeNull();
    expect((await pub("A".repeat(43))).status).toBe(404);
  });

  test("a PASSWORD link opens for the right password only, and wrong ones are throttled per link and address", async () => {
    const id = doc(alice);
    const link = (await create(alice, { moduleType: "doc", objectId: id, permission: "EDIT", accessMode: "PASSWORD", password: "s3cret" })).body;
    const meta = (await pub(link.token)).body;
    expect(meta).toMatchObject({ requiresPassword: true, title: null });
    expect((await open(link.token)).body.code).toBe("shareLink.password_required");
    for (let i = 0; i < 5; i++) {
      const bad = await open(link.token, { password: `wrong${i}` }, { ip: "10.0.0.1" });
      expect(bad.status).toBe(403);
      expect(bad.body.code).toBe("shareLink.password_invalid");
    }
    const blocked = await open(link.token, { password: "s3cret" }, { ip: "10.0.0.1" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("shareLink.too_many_attempts");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not blocked, and the right password opens.
    const ok = await open(link.token, { password: "s3cret" }, { ip: "10.0.0.2" });
    expect(ok.status).toBe(200);
    expect(ok.body.permission).toBe("EDIT");
    expect(ok.body.title).toBe(objects.byId.get(id)!.title);
    t.clock.advance(16 * 60_000);
    expect((await open(link.token, { password: "s3cret" }, { ip: "10.0.0.1" })).status).toBe(200);
  });

  test("wrong passwords are also counted per link from all addresses together", async () => {
    const id = doc(alice);
    const link = (await create(alice, { moduleType: "doc", objectId: id, permission: "READ", accessMode: "PASSWORD", password: "s3cret" })).body;
    // Three wrong passwords each from ten addresses: none of them reaches its own limit of five.
    for (let i = 0; i < SHARE_LINK_PASSWORD_MAX_FAILURES_TOTAL; i++) {
      const bad = await open(link.token, { password: `wrong${i}` }, { ip: `10.7.0.${i % 10}` });
      expect(bad.status).toBe(403);
    }
    const blocked = await open(link.token, { password: "s3cret" }, { ip: "10.7.1.1" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("shareLink.too_many_attempts");
    expect(blocked.body.params.retryAfterSeconds).toBeGreaterThan(0);
    t.clock.advance(16 * 60_000);
    expect((await open(link.token, { password: "s3cret" }, { ip: "10.7.1.1" })).status).toBe(200);
  });

  test("a link refuses before its start and after its expiry", async () => {
    const id = doc(alice);
    const now = t.clock.now().getTime();
    const link = (await create(alice, { moduleType: "doc", objectId: id, permission: "READ", startDateTimeMillis: now + 60_000, expiryDate: now + 3_600_000 })).body;
    const early = await pub(link.token);
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: "shareLink.not_started", params: { startDateTimeMillis: now + 60_000 } });
    expect((await open(link.token)).body.code).toBe("shareLink.not_started");
    t.clock.advance(120_000);
    expect((await open(link.token)).status).toBe(200);
    t.clock.advance(3_600_000);
    const late = await pub(link.token);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe("shareLink.expired");
    expect((await open(link.token)).body.code).toBe("shareLink.expired");
  });

  test("a link stops at its download count", async () => {
    const id = doc(alice);
    const link = (await create(alice, { moduleType: "doc", objectId: id, permission: "READ", downloadLimitCount: 2 })).body;
    expect((await open(link.token)).body.downloadCount).toBe(1);
    expect((await open(link.token)).body.downloadCount).toBe(2);
    const third = await open(link.token);
    expect(third.status).toBe(410);
    expect(third.body.code).toBe("shareLink.limit_reached");
    expect((await pub(link.token)).body.code).toBe("shareLink.limit_reached");
  });

  test("concurrent opens at the last count: exactly one succeeds", async () => {
    const id = doc(alice);
    const link = (await create(alice, { moduleType: "doc", objectId: id, permission: "READ", downloadLimitCount: 3 })).body;
    expect((await open(link.token)).status).toBe(200);
    expect((await open(link.token)).status).toBe(200);
    const racers = await Promise.all(Array.from({ length: 6 }, () => open(link.token)));
    expect(racers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racers.filter((r) => r.status === 410)).toHaveLength(5);
    const list = (await t.call("GET", `${LINKS}/doc/${id}`, { token: alice.token })).body;
    expect(list[0].downloadCount).toBe(3);
  });

  test("a COMPANY link needs a signed-in employee of that company, or a verified company address", async () => {
    const id = doc(alice);
    const link = (await create(alice, { moduleType: "doc", objectId: id, permission: "READ", accessMode: "COMPANY" })).body;
    expect((await pub(link.token)).body).toMatchObject({ requiresSignIn: true, title: null });
    expect((await pub(link.token, { token: erin.token })).body).toMatchObject({ requiresSignIn: false, title: objects.byId.get(id)!.title });
    const anon = await open(link.token);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe("shareLink.sign_in_required");
    expect((await open(link.token, {}, { token: erin.token })).status).toBe(200);

    // Without signing in: a code mailed to a company address, checked, then used to open.
    const email = erin.username;
    const sent = await t.call("POST", `${LINKS}/verification`, { form: { email, encrypt: link.token } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await t.smtp.next(email);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    expect((await t.call("POST", `${LINKS}/verification`, { form: { email, encrypt: link.token } })).body.code).toBe("shareLink.code_too_soon");
    const wrong = await t.call("GET", `${LINKS}/validation/${link.token}?email=${encodeURIComponent(email)}&verificationCode=${code === "000000" ? "111111" : "000000"}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("shareLink.code_invalid");
    const ok = await t.call("GET", `${LINKS}/validation/${link.token}?email=${encodeURIComponent(email)}&verificationCode=${code}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ verified: true, verificationId: expect.any(String) });
    expect((await open(link.token, { verificationId: ok.body.verificationId })).status).toBe(200);
    expect((await open(link.token, { verificationId: crypto.randomUUID() })).body.code).toBe("shareLink.verification_required");
    // An outside address gets the same answer but no mail, so no code can ever match.
    const outside = await t.call("POST", `${LINKS}/verification`, { form: { email: "someone@elsewhere.test", encrypt: link.token } });
    expect(outside.status).toBe(200);
    // Verification is only for COMPANY links.
    const anyone = (await create(alice, { moduleType: "doc", objectId: id, permission: "READ" })).body;
    expect((await t.call("POST", `${LINKS}/verification`, { form: { email, encrypt: anyone.token } })).body.code).toBe("shareLink.verification_unavailable");
  });

  test("an address outside the company gets the answers an employee's gets, with no code stored and no mail", async () => {
    const id = doc(alice);
    const link = (await create(alice, { moduleType: "doc", objectId: id, permission: "READ", accessMode: "COMPANY" })).body;
    const ask = (email: string) => t.call("POST", `${LINKS}/verification`, { form: { email, encrypt: link.token }, ip: "10.8.0.1" });
    const check = (email: string, code: string) =>
      t.call("GET", `${LINKS}/validation/${link.token}?email=${encodeURIComponent(email)}&verificationCode=${code}`);
    const outsider = "stranger@elsewhere.test";
    const inside = await ask(bob.username);
    const outside = await ask(outsider);
    expect(outside.status).toBe(200);
    expect(Object.keys(outside.body).sort()).toEqual(Object.keys(inside.body).sort());
    expect(outside.body.resendAfterSeconds).toBe(inside.body.resendAfterSeconds);
    const rows = await t.db.db.select({ email: shareLinkVerifications.email }).from(shareLinkVerifications)
      .where(eq(shareLinkVerifications.linkId, link.id));
    expect(rows.map((r) => r.email)).toEqual([bob.username]);
    await t.smtp.next(bob.username);
    expect(t.smtp.messages.some((m) => m.to.includes(outsider))).toBe(false);
    // The same wait before asking again, and the same countdown of wrong codes to the same end.
    const [againIn, againOut] = [await ask(bob.username), await ask(outsider)];
    expect(againOut.status).toBe(429);
    expect(againOut.body).toEqual(againIn.body);
    for (let left = 4; left >= 0; left--) {
      const [a, b] = [await check(bob.username, "000000"), await check(outsider, "000000")];
      expect(b.body).toEqual(a.body);
      expect(b.body).toMatchObject({ code: "shareLink.code_invalid", params: { attemptsLeft: left } });
    }
    const [endIn, endOut] = [await check(bob.username, "000000"), await check(outsider, "000000")];
    expect(endOut.body).toEqual(endIn.body);
    expect(endOut.body.code).toBe("shareLink.code_expired");
    // A new request starts afresh for both; past the code's lifetime both answer code_expired.
    t.clock.advance(61_000);
    expect((await ask(bob.username)).status).toBe(200);
    expect((await ask(outsider)).status).toBe(200);
    const [freshIn, freshOut] = [await check(bob.username, "000000"), await check(outsider, "000000")];
    expect(freshOut.body).toEqual(freshIn.body);
    expect(freshOut.body.params.attemptsLeft).toBe(4);
    t.clock.advance(11 * 60_000);
    const [lateIn, lateOut] = [await check(bob.username, "000000"), await check(outsider, "000000")];
    expect(lateOut.body).toEqual(lateIn.body);
    expect(lateOut.body.code).toBe("shareLink.code_expired");
    // Still no code row for the outside address.
    const after = await t.db.db.select({ email: shareLinkVerifications.email }).from(shareLinkVerifications)
      .where(eq(shareLinkVerifications.email, outsider));
    expect(after).toEqual([]);
  });

  test("links of deleted objects stop: forgotten by the module, or unknown to its resolver", async () => {
    const one = doc(alice);
    const two = doc(alice);
    const l1 = (await create(alice, { moduleType: "doc", objectId: one, permission: "READ" })).body;
    const l2 = (await create(alice, { moduleType: "doc", objectId: two, permission: "READ" })).body;
    const grant = (await open(l1.token)).body.grant;
    await forgetLinks(t.deps.db, A.companyId, "doc", [one]);
    expect((await pub(l1.token)).body.code).toBe("shareLink.deleted");
    expect(await verifyLinkGrant(t.deps, grant)).toBeNull();
    objects.remove(A.companyId, two);
    expect((await open(l2.token)).body.code).toBe("shareLink.deleted");
  });
});
