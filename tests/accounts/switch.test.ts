// Switching into a shared account: the new session, its refresh, its limits, and its end when the share ends.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { ACCOUNTS, addUser, newCompany, refresh, shareWith, type TestCompany, type TestUser } from "./account-helpers.ts";

const t = await createTestApp();
let co: TestCompany;
let owner: TestUser, bob: TestUser, carol: TestUser, dave: TestUser;
let bobShare: number, daveShare: number;

beforeAll(async () => {
  co = await newCompany(t, "switch.test");
  owner = co.admin;
  bob = await addUser(t, co, "bob", "Bob Lee");
  carol = await addUser(t, co, "carol", "Carol Park");
  dave = await addUser(t, co, "dave", "Dave Choi");
  bobShare = (await shareWith(t, owner, bob)).id;
  daveShare = (await shareWith(t, owner, dave)).id;
});

const switchInto = (u: { token: string }, id: number) => t.call("GET", `${ACCOUNTS}/${id}/change-account`, { token: u.token });
const detail = (token: string) => t.call("GET", "/api/users/detail", { token });

describe("change-account", () => {
  let switched: { accessToken: string; refreshToken: string };

  test("the sharee gets tokens of a session in the owner's account that names them", async () => {
    const r = await switchInto(bob, bobShare);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["accessToken", "refreshToken"]);
    expect(r.headers.get("cache-control")).toBe("no-store");
    switched = r.body;
    const me = await detail(switched.accessToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: owner.id, username: "admin@switch.test", ROLE: "ROLE_ADMIN" });
    expect(me.body.switchedFrom).toEqual({ id: bob.id, username: "bob@switch.test", accountName: "Bob Lee" });
    // Bob's own session is untouched and still his.
    const own = await detail(bob.token);
    expect(own.body).toMatchObject({ id: bob.id, username: "bob@switch.test", switchedFrom: null });
    // The owner's access history records the switch.
    const hist = await t.call("GET", "/api/history/account", { token: owner.token });
    expect(hist.body.content[0]).toMatchObject({ action: "SWITCH_ACCOUNT", ip: "127.0.0.1" });
  });

  test("the owner may not switch into their own share (403), others get 404", async () => {
    const own = await switchInto(owner, bobShare);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe("common.403");
    const other = await switchInto(carol, bobShare);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("common.404");
    expect((await switchInto(bob, 987654)).status).toBe(404);
    expect((await switchInto(bob, Number.NaN)).status).toBe(404);
  });

  test("a switched session does not administer, and ends when the person who switched is deleted", async () => {
    const admin = await t.call("GET", "/api/admin/users", { token: switched.accessToken });
    expect(admin.status).toBe(403);
    expect(admin.body.code).toBe("account.switched_session");
    const promote = await t.call("PUT", `/api/admin/users/${bob.id}`, { token: switched.accessToken, json: { role: "ROLE_ADMIN" } });
    expect(promote.status).toBe(403);
    // Erin switches in, then Erin leaves the company.
    const erin = await addUser(t, co, "erin", "Erin Kang");
    const erinShare = (await shareWith(t, owner, erin)).id;
    const inside = await switchInto(erin, erinShare);
    expect((await detail(inside.body.accessToken)).status).toBe(200);
    expect((await t.call("DELETE", `/api/admin/users/${erin.id}`, { token: owner.token })).status).toBe(204);
    expect((await detail(inside.body.accessToken)).status).toBe(401);
    expect((await refresh(t, inside.body.refreshToken)).status).toBe(400);
    // Shares with a user who left end with them.
    const mine = await t.call("GET", `${ACCOUNTS}/shared-users`, { token: owner.token });
    expect(mine.body.map((x: { sharedToUserId: number }) => x.sharedToUserId)).not.toContain(erin.id);
  });

  test("a switched session cannot change the owner's password, two-factor or session policy", async () => {
    const tk = { token: switched.accessToken };
    const calls = [
      t.call("PUT", "/api/users/pw", { ...tk, json: { currentPassword: "x", newPassword: "Abcd1234!" } }),
      t.call("PUT", "/api/users/force/pw", { ...tk, json: { newPassword: "Abcd1234!" } }),
      t.call("POST", "/api/users/otp", { ...tk, json: { password: "x" } }),
      t.call("PUT", "/api/users/twoFactorAuth", { ...tk, json: { twoFactorAuth: true, code: "123456" } }),
      t.call("PUT", "/api/users/security/logoutAllSessions", { ...tk, json: { enable: true } }),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("account.switched_session");
    }
  });

  test("a switched session cannot switch again nor change shares; it may read", async () => {
    // Carol shares with the owner, so the owner's account could switch into Carol's...
    const carolShare = (await shareWith(t, carol, owner)).id;
    const chain = await switchInto({ token: switched.accessToken }, carolShare);
    expect(chain.status).toBe(403);
    expect(chain.body.code).toBe("account.switched_session");
    // ...which the owner's own session may do.
    const direct = await switchInto(owner, carolShare);
    expect(direct.status).toBe(200);
    expect((await detail(direct.body.accessToken)).body.username).toBe("carol@switch.test");

    const as = { token: switched.accessToken };
    const writes = [
      t.call("PUT", `${ACCOUNTS}/${bobShare}/expiry`, { ...as, json: { expireTimeMillis: null } }),
      t.call("PUT", `${ACCOUNTS}/${bobShare}/status`, { ...as, json: { status: "ACTIVE" } }),
      t.call("POST", ACCOUNTS, { ...as, json: { sharedToUserId: carol.id } }),
      t.call("POST", `${ACCOUNTS}/requests`, { ...as, json: { sharedByUserId: dave.id } }),
      t.call("DELETE", `${ACCOUNTS}/${daveShare}`, as),
    ];
    for (const r of await Promise.all(writes)) {
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("account.switched_session");
    }
    const list = await t.call("GET", `${ACCOUNTS}/shared-users`, as);
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([bobShare, daveShare]);
  });

  test("the switched session refreshes through /oauth/token and stays a switched one", async () => {
    const r = await refresh(t, switched.refreshToken);
    expect(r.status).toBe(200);
    expect(r.body.refresh_token).not.toBe(switched.refreshToken);
    switched = { accessToken: r.body.access_token, refreshToken: r.body.refresh_token };
    const me = await detail(switched.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe("admin@switch.test");
    expect(me.body.switchedFrom.id).toBe(bob.id);
  });

  test("INACTIVE revokes the sharee's switched sessions only, and blocks switching", async () => {
    const daveSwitch = (await switchInto(dave, daveShare)).body as { accessToken: string };
    const off = await t.call("PUT", `${ACCOUNTS}/${bobShare}/status`, { token: owner.token, json: { status: "INACTIVE" } });
    expect(off.status).toBe(200);

    const gone = await detail(switched.accessToken);
    expect(gone.status).toBe(401);
    expect(gone.body.code).toBe("auth.token_expired");
    const noRefresh = await refresh(t, switched.refreshToken);
    expect(noRefresh.status).toBe(400);
    expect(noRefresh.body.code).toBe("auth.invalid_grant");
    const blocked = await switchInto(bob, bobShare);
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe("account.not_active");

    // The owner's own session, Bob's own session and Dave's switch are unaffected.
    expect((await detail(owner.token)).body.switchedFrom).toBeNull();
    expect((await detail(bob.token)).body.username).toBe("bob@switch.test");
    expect((await detail(daveSwitch.accessToken)).body.switchedFrom.id).toBe(dave.id);
  });

  test("reactivated, the sharee switches again; deleting the share revokes that session", async () => {
    await t.call("PUT", `${ACCOUNTS}/${bobShare}/status`, { token: owner.token, json: { status: "ACTIVE" } });
    const again = await switchInto(bob, bobShare);
    expect(again.status).toBe(200);
    expect((await detail(again.body.accessToken)).status).toBe(200);
    const del = await t.call("DELETE", `${ACCOUNTS}/${bobShare}`, { token: bob.token });
    expect(del.status).toBe(204);
    expect((await detail(again.body.accessToken)).status).toBe(401);
    expect((await switchInto(bob, bobShare)).status).toBe(404);
  });

  test("a PENDING request cannot be switched into, nor an expired share", async () => {
    const req = await t.call("POST", `${ACCOUNTS}/requests`, { token: bob.token, json: { sharedByUserId: owner.id } });
    expect(req.status).toBe(201);
    const pending = await switchInto(bob, req.body.id);
    expect(pending.status).toBe(403);
    expect(pending.body.code).toBe("account.not_active");

    const expiry = t.clock.now().getTime() + 30_000;
    const granted = await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: bob.id, expireTimeMillis: expiry } });
    expect(granted.status).toBe(200);
    const inside = await switchInto(bob, req.body.id);
    expect(inside.status).toBe(200);
    t.clock.advance(30_000);
    const expired = await switchInto(bob, req.body.id);
    expect(expired.status).toBe(403);
    expect(expired.body.code).toBe("account.not_active");
    // The session opened before the expiry cannot be refreshed past it.
    const late = await refresh(t, inside.body.refreshToken);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe("auth.invalid_grant");
  });
});
