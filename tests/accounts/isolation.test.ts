// Companies are sealed from each other: another company's users and share ids answer 404 on every
// account-sharing endpoint, exactly like missing ones, and nothing of theirs changes.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../support/test-app.ts";
import { ACCOUNTS, addUser, newCompany, shareWith, type TestUser } from "./account-helpers.ts";

const t = await createTestApp();
let a1: TestUser, b1: TestUser;
let a2: TestUser, b2: TestUser, c2: TestUser;
let activeShare2: number, pendingShare2: number, share1: number;
let switched2: string;

beforeAll(async () => {
  const one = await newCompany(t, "one.test", "Owner One");
  a1 = one.admin;
  b1 = await addUser(t, one, "bob", "Bob One");
  const two = await newCompany(t, "two.test", "Owner Two");
  a2 = two.admin;
  b2 = await addUser(t, two, "bob", "Bob Two");
  c2 = await addUser(t, two, "carol", "Carol Two");
  activeShare2 = (await shareWith(t, a2, b2, t.clock.now().getTime() + 86_400_000)).id;
  const req = await t.call("POST", `${ACCOUNTS}/requests`, { token: c2.token, json: { sharedByUserId: a2.id } });
  expect(req.status).toBe(201);
  pendingShare2 = req.body.id;
  const sw = await t.call("GET", `${ACCOUNTS}/${activeShare2}/change-account`, { token: b2.token });
  expect(sw.status).toBe(200);
  switched2 = sw.body.accessToken;
  share1 = (await shareWith(t, a1, b1)).id;
});

/** Everything company two can see of its shares. */
async function snapshotOfTwo() {
  const g = (u: TestUser, p: string) => t.call("GET", `${ACCOUNTS}${p}`, { token: u.token }).then((r) => r.body);
  return {
    a2Shares: await g(a2, "/shared-users"),
    b2Available: await g(b2, "/available-accounts?includePending=true"),
    c2Available: await g(c2, "/available-accounts?includePending=true"),
    a2Logs: await g(a2, "/logs"),
    b2Logs: await g(b2, "/logs"),
  };
}

function expect404(r: { status: number; body: { code: string } }, what: string) {
  expect(r.status, what).toBe(404);
  expect(r.body.code, what).toBe("common.404");
}

describe("another company", () => {
  test("its users and share ids answer 404 on every endpoint, and nothing of theirs changes", async () => {
    const before = await snapshotOfTwo();
    expect(before.a2Shares.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [activeShare2, "ACTIVE"],
      [pendingShare2, "PENDING"],
    ]);
    expect(before.a2Logs.totalElements).toBe(3);

    const future = t.clock.now().getTime() + 3_600_000;
    for (const me of [a1, b1]) {
      for (const other of [a2, b2, c2]) {
        expect404(await t.call("POST", ACCOUNTS, { token: me.token, json: { sharedToUserId: other.id } }), `share ${me.username}→${other.username}`);
        expect404(await t.call("POST", `${ACCOUNTS}/requests`, { token: me.token, json: { sharedByUserId: other.id } }), `request ${me.username}→${other.username}`);
      }
      for (const id of [activeShare2, pendingShare2]) {
        const as = { token: me.token };
        expect404(await t.call("PUT", `${ACCOUNTS}/${id}/status`, { ...as, json: { status: "INACTIVE" } }), `status ${id}`);
        expect404(await t.call("PUT", `${ACCOUNTS}/${id}/status`, { ...as, json: { id, status: "ACTIVE" } }), `status ${id}`);
        expect404(await t.call("PUT", `${ACCOUNTS}/${id}/expiry`, { ...as, json: { expireTimeMillis: future } }), `expiry ${id}`);
        expect404(await t.call("PUT", `${ACCOUNTS}/${id}/expiry`, { ...as, json: { expireTimeMillis: null } }), `expiry ${id}`);
        expect404(await t.call("GET", `${ACCOUNTS}/${id}/change-account`, as), `switch ${id}`);
        expect404(await t.call("DELETE", `${ACCOUNTS}/${id}`, as), `delete ${id}`);
      }
    }
    // The first company's lists and logs show nothing of the second.
    expect((await t.call("GET", `${ACCOUNTS}/shared-users`, { token: a1.token })).body.map((s: { id: number }) => s.id)).toEqual([share1]);
    expect((await t.call("GET", `${ACCOUNTS}/available-accounts?includePending=true`, { token: a1.token })).body).toEqual([]);
    const logs1 = (await t.call("GET", `${ACCOUNTS}/logs`, { token: a1.token })).body;
    expect(logs1.totalElements).toBe(1);
    expect(logs1.content[0]).toMatchObject({ action: "SHARE", sharedAccountId: share1, sharedByUserId: a1.id, sharedToUserId: b1.id });

    expect(await snapshotOfTwo()).toEqual(before);
    // The switched session in company two was not revoked by any of it.
    expect((await t.call("GET", "/api/users/detail", { token: switched2 })).body.switchedFrom.id).toBe(b2.id);
  });

  test("the other way round: company two cannot touch company one's share", async () => {
    for (const me of [a2, b2]) {
      const as = { token: me.token };
      expect404(await t.call("PUT", `${ACCOUNTS}/${share1}/status`, { ...as, json: { status: "INACTIVE" } }), "status");
      expect404(await t.call("PUT", `${ACCOUNTS}/${share1}/expiry`, { ...as, json: { expireTimeMillis: null } }), "expiry");
      expect404(await t.call("GET", `${ACCOUNTS}/${share1}/change-account`, as), "switch");
      expect404(await t.call("DELETE", `${ACCOUNTS}/${share1}`, as), "delete");
      expect404(await t.call("POST", ACCOUNTS, { ...as, json: { sharedToUserId: b1.id } }), "share");
      expect404(await t.call("POST", `${ACCOUNTS}/requests`, { ...as, json: { sharedByUserId: a1.id } }), "request");
    }
    // A switched session of company two sees only company two's shares.
    const seen = await t.call("GET", `${ACCOUNTS}/shared-users`, { token: switched2 });
    expect(seen.body.map((s: { id: number }) => s.id)).toEqual([activeShare2, pendingShare2]);
    // Company one's share is intact and usable.
    const own = await t.call("GET", `${ACCOUNTS}/${share1}/change-account`, { token: b1.token });
    expect(own.status).toBe(200);
    const list = await t.call("GET", `${ACCOUNTS}/shared-users`, { token: a1.token });
    expect(list.body).toEqual([expect.objectContaining({ id: share1, status: "ACTIVE", expireTimeMillis: null, sharedToUserId: b1.id })]);
  });
});
