// Sharing, requests, status, expiry and deletion of shared accounts, with the owner/sharee permission split.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { ACCOUNTS, addUser, newCompany, shareWith, type TestCompany, type TestUser } from "./account-helpers.ts";

const t = await createTestApp();
let co: TestCompany;
let owner: TestUser, bob: TestUser, carol: TestUser, dave: TestUser;

beforeAll(async () => {
  co = await newCompany(t, "acme.test");
  owner = co.admin;
  bob = await addUser(t, co, "bob", "Bob Lee");
  carol = await addUser(t, co, "carol", "Carol Park");
  dave = await addUser(t, co, "dave", "Dave Choi");
});

const get = (u: TestUser, path: string) => t.call("GET", `${ACCOUNTS}${path}`, { token: u.token });

describe("sharing an account", () => {
  test("lists start empty and need a signed-in user", async () => {
    expect((await get(owner, "/shared-users")).body).toEqual([]);
    expect((await get(bob, "/available-accounts?includePending=true")).body).toEqual([]);
    const anon = await t.call("GET", `${ACCOUNTS}/shared-users`);
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe("common.401");
    const anonPost = await t.call("POST", ACCOUNTS, { json: { sharedToUserId: bob.id } });
    expect(anonPost.status).toBe(401);
  });

  test("the owner shares with another user: ACTIVE, listed on both sides", async () => {
    const now = t.clock.now().getTime();
    const r = await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: bob.id } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(Number),
      status: "ACTIVE",
      expireTimeMillis: null,
      email: "bob@acme.test",
      name: "Bob Lee",
      sharedToUserId: bob.id,
      sharedByUserId: owner.id,
      createdTimeMillis: now,
    });
    expect((await get(owner, "/shared-users")).body).toEqual([r.body]);
    const avail = await get(bob, "/available-accounts");
    expect(avail.status).toBe(200);
    expect(avail.body).toEqual([{ ...r.body, email: "admin@acme.test", name: "Kim Admin" }]);
    // Nothing is shared with the owner, and the sharee shares nothing.
    expect((await get(owner, "/available-accounts")).body).toEqual([]);
    expect((await get(bob, "/shared-users")).body).toEqual([]);
  });

  test("sharing refuses yourself, duplicates, unknown users and bad input with stable codes", async () => {
    const self = await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: owner.id } });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe("account.self");
    const dup = await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: bob.id } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("account.53");
    const unknown = await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: 987654 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("common.404");
    for (const json of [{}, { sharedToUserId: "abc" }, { sharedToUserId: -1 }, { sharedToUserId: 1.5 }]) {
      const bad = await t.call("POST", ACCOUNTS, { token: owner.token, json });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe("common.validation");
      expect(bad.body.errors[0].field).toBe("sharedToUserId");
    }
    const now = t.clock.now().getTime();
    for (const expireTimeMillis of [now - 1, now, "soon", 1.5]) {
      const bad = await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: carol.id, expireTimeMillis } });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe("account.expiry_invalid");
    }
    const notJson = await t.call("POST", ACCOUNTS, { token: owner.token, headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    // None of the refused calls left a share behind.
    expect((await get(owner, "/shared-users")).body.map((s: { email: string }) => s.email)).toEqual(["bob@acme.test"]);
  });

  test("a form body with an expiry is accepted", async () => {
    const expiry = t.clock.now().getTime() + 3_600_000;
    const r = await t.call("POST", ACCOUNTS, { token: owner.token, form: { sharedToUserId: carol.id, expireTimeMillis: expiry } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "ACTIVE", expireTimeMillis: expiry, email: "carol@acme.test", sharedToUserId: carol.id });
    const avail = await get(carol, "/available-accounts");
    expect(avail.body).toEqual([expect.objectContaining({ id: r.body.id, expireTimeMillis: expiry, email: "admin@acme.test" })]);
  });
});

describe("requesting access", () => {
  let requestId: number;

  test("a user asks for an account: PENDING, shown only with includePending", async () => {
    const r = await t.call("POST", `${ACCOUNTS}/requests`, { token: dave.token, json: { sharedByUserId: owner.id } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(Number),
      status: "PENDING",
      expireTimeMillis: null,
      email: "admin@acme.test",
      name: "Kim Admin",
      sharedToUserId: dave.id,
      sharedByUserId: owner.id,
      createdTimeMillis: t.clock.now().getTime(),
    });
    requestId = r.body.id;
    expect((await get(dave, "/available-accounts")).body).toEqual([]);
    expect((await get(dave, "/available-accounts?includePending=false")).body).toEqual([]);
    expect((await get(dave, "/available-accounts?includePending=true")).body).toEqual([r.body]);
    const bad = await get(dave, "/available-accounts?includePending=maybe");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("common.validation");
    // The owner sees the request among their shares, with the requester's name.
    const mine = (await get(owner, "/shared-users")).body;
    expect(mine.find((s: { id: number }) => s.id === requestId)).toMatchObject({ status: "PENDING", email: "dave@acme.test", name: "Dave Choi" });
  });

  test("duplicates, yourself, unknown owners and bad input are refused", async () => {
    const dup = await t.call("POST", `${ACCOUNTS}/requests`, { token: dave.token, json: { sharedByUserId: owner.id } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("account.53");
    const already = await t.call("POST", `${ACCOUNTS}/requests`, { token: bob.token, json: { sharedByUserId: owner.id } });
    expect(already.status).toBe(409);
    expect(already.body.code).toBe("account.53");
    const self = await t.call("POST", `${ACCOUNTS}/requests`, { token: dave.token, json: { sharedByUserId: dave.id } });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe("account.self");
    const unknown = await t.call("POST", `${ACCOUNTS}/requests`, { token: dave.token, json: { sharedByUserId: 987654 } });
    expect(unknown.status).toBe(404);
    const missing = await t.call("POST", `${ACCOUNTS}/requests`, { token: dave.token, json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("common.validation");
  });

  test("the owner sharing with a requester grants the request (200, same share)", async () => {
    const expiry = t.clock.now().getTime() + 86_400_000;
    const r = await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: dave.id, expireTimeMillis: expiry } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: requestId, status: "ACTIVE", expireTimeMillis: expiry, email: "dave@acme.test" });
    expect((await get(dave, "/available-accounts")).body).toEqual([expect.objectContaining({ id: requestId, status: "ACTIVE" })]);
    const again = await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: dave.id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("account.53");
  });
});

describe("status and expiry", () => {
  let bobShare: number;
  beforeAll(async () => {
    bobShare = (await get(owner, "/shared-users")).body.find((s: { sharedToUserId: number }) => s.sharedToUserId === bob.id).id;
  });
  const put = (u: TestUser, path: string, json: unknown) => t.call("PUT", `${ACCOUNTS}${path}`, { token: u.token, json });

  test("the owner sets INACTIVE and ACTIVE; the share leaves and rejoins the sharee's list", async () => {
    const off = await put(owner, `/${bobShare}/status`, { id: bobShare, status: "INACTIVE" });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: bobShare, status: "INACTIVE", email: "bob@acme.test", sharedToUserId: bob.id });
    expect((await get(bob, "/available-accounts?includePending=true")).body).toEqual([]);
    // The status is case-insensitive and the body id is optional.
    const on = await put(owner, `/${bobShare}/status`, { status: "active" });
    expect(on.status).toBe(200);
    expect(on.body.status).toBe("ACTIVE");
    expect((await get(bob, "/available-accounts")).body.map((s: { id: number }) => s.id)).toEqual([bobShare]);
  });

  test("only the owner may change the status: 403 for the sharee, 404 for others", async () => {
    const sharee = await put(bob, `/${bobShare}/status`, { status: "INACTIVE" });
    expect(sharee.status).toBe(403);
    expect(sharee.body.code).toBe("common.403");
    const other = await put(carol, `/${bobShare}/status`, { status: "INACTIVE" });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("common.404");
    expect((await put(owner, "/987654/status", { status: "INACTIVE" })).status).toBe(404);
    expect((await put(owner, "/abc/status", { status: "INACTIVE" })).status).toBe(404);
    expect((await get(owner, "/shared-users")).body.find((s: { id: number }) => s.id === bobShare).status).toBe("ACTIVE");
  });

  test("bad status input answers account.status_invalid; a mismatched body id account.id_mismatch", async () => {
    for (const json of [{ status: "BOGUS" }, { status: "PENDING" }, {}, { status: 1 }]) {
      const r = await put(owner, `/${bobShare}/status`, json);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("account.status_invalid");
    }
    const mismatch = await put(owner, `/${bobShare}/status`, { id: bobShare + 1000, status: "INACTIVE" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe("account.id_mismatch");
    expect((await get(owner, "/shared-users")).body.find((s: { id: number }) => s.id === bobShare).status).toBe("ACTIVE");
  });

  test("the owner sets, refuses and clears the expiry; the share expires when the clock passes it", async () => {
    const now = t.clock.now().getTime();
    for (const expireTimeMillis of [now - 1000, now, "tomorrow", undefined]) {
      const r = await put(owner, `/${bobShare}/expiry`, { expireTimeMillis });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("account.expiry_invalid");
    }
    expect((await put(bob, `/${bobShare}/expiry`, { expireTimeMillis: now + 5000 })).status).toBe(403);
    expect((await put(carol, `/${bobShare}/expiry`, { expireTimeMillis: now + 5000 })).status).toBe(404);
    expect((await put(owner, `/${bobShare}/expiry`, { id: bobShare + 1000, expireTimeMillis: now + 5000 })).body.code).toBe("account.id_mismatch");

    const set = await put(owner, `/${bobShare}/expiry`, { id: bobShare, expireTimeMillis: now + 60_000 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: bobShare, status: "ACTIVE", expireTimeMillis: now + 60_000 });
    expect((await get(bob, "/available-accounts")).body[0].expireTimeMillis).toBe(now + 60_000);

    t.clock.advance(60_001);
    expect((await get(bob, "/available-accounts?includePending=true")).body).toEqual([]);
    const listed = (await get(owner, "/shared-users")).body.find((s: { id: number }) => s.id === bobShare);
    expect(listed).toMatchObject({ status: "ACTIVE", expireTimeMillis: now + 60_000 });
    const sw = await get(bob, `/${bobShare}/change-account`);
    expect(sw.status).toBe(403);
    expect(sw.body.code).toBe("account.not_active");

    const cleared = await put(owner, `/${bobShare}/expiry`, { expireTimeMillis: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.expireTimeMillis).toBeNull();
    expect((await get(bob, "/available-accounts")).body.map((s: { id: number }) => s.id)).toEqual([bobShare]);
  });
});

describe("deleting", () => {
  test("the sharee or the owner deletes (204); others get 404; the pair can be shared again", async () => {
    const shares = (await get(owner, "/shared-users")).body as { id: number; sharedToUserId: number }[];
    const bobShare = shares.find((s) => s.sharedToUserId === bob.id)!.id;
    const daveShare = shares.find((s) => s.sharedToUserId === dave.id)!.id;

    const other = await t.call("DELETE", `${ACCOUNTS}/${daveShare}`, { token: carol.token });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("common.404");

    const bySharee = await t.call("DELETE", `${ACCOUNTS}/${bobShare}`, { token: bob.token });
    expect(bySharee.status).toBe(204);
    expect(bySharee.body).toBeNull();
    const byOwner = await t.call("DELETE", `${ACCOUNTS}/${daveShare}`, { token: owner.token });
    expect(byOwner.status).toBe(204);
    expect((await t.call("DELETE", `${ACCOUNTS}/${daveShare}`, { token: owner.token })).status).toBe(404);
    expect((await t.call("DELETE", `${ACCOUNTS}/0`, { token: owner.token })).status).toBe(404);

    expect((await get(owner, "/shared-users")).body.map((s: { email: string }) => s.email)).toEqual(["carol@acme.test"]);
    expect((await get(bob, "/available-accounts?includePending=true")).body).toEqual([]);
    expect((await get(dave, "/available-accounts?includePending=true")).body).toEqual([]);

    const again = await shareWith(t, owner, bob);
    expect(again.id).not.toBe(bobShare);
    expect(again.status).toBe("ACTIVE");
  });
});
