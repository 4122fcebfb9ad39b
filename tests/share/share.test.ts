// Sharing objects with users and organisations (000 §3, §4, §6, §7 "Share"): who may share and edit, the
// PUT result codes, member leave rules, restricted users, and the access service other modules call.
import { beforeAll, describe, expect, test } from "vitest";
import { effectivePermission, forgetShares, sharedWith } from "../../server/modules/share/access.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { company, type Co, type Member, registerTestObjects, type TestObjects } from "./share-helpers.ts";

const t: TestApp = await createTestApp();
let objects: TestObjects;
let A: Co;
let sales: number, team: number, squad: number, other: number;
let alice: Member, bob: Member, carol: Member, dave: Member, erin: Member, rita: Member;

beforeAll(async () => {
  objects = registerTestObjects(t);
  A = await company(t, "share-a.test");
  sales = await A.org("Sales");
  team = await A.org("Team", sales);
  squad = await A.org("Squad", team);
  other = await A.org("Other");
  alice = await A.user("alice");
  bob = await A.user("bob", [sales]);
  carol = await A.user("carol", [team]);
  dave = await A.user("dave", [squad]);
  erin = await A.user("erin", [other]);
  rita = await A.user("rita", [team], { isOrgChartRestricted: true });
});

let n = 0;
const doc = (owner: Member, kind = "doc") => {
  const id = `${kind}-${++n}`;
  objects.add(id, { companyId: A.companyId, ownerUserId: owner.id, title: `Object ${id}` });
  return id;
};
const call = (u: Member, method: string, path: string, json?: unknown) => t.call(method, path, { token: u.token, json });
const share = (u: Member, id: string, members: unknown[], kind = "doc") => call(u, "POST", `/api/share/${kind}/${id}`, { members });
const put = (u: Member, id: string, json: unknown, kind = "doc") => call(u, "PUT", `/api/share/${kind}/${id}`, json);
const perm = (u: Member, id: string, kind = "doc") => effectivePermission(t.deps, { companyId: A.companyId, userId: u.id }, kind, id);

describe("creating a share", () => {
  test("the owner shares; members are listed with names; the owner is the organiser", async () => {
    const id = doc(alice);
    const r = await share(alice, id, [{ memberType: "USER", memberId: bob.id, permission: 2 }, { memberType: "ORGANIZATION", memberId: team, permission: 3 }]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({
      shareId: expect.any(Number),
      ownerUserId: alice.id,
      list: [
        { id: expect.any(Number), memberId: bob.id, memberType: "USER", name: "Bob", email: "bob@share-a.test", permission: 2, includeSubOrganizations: false },
        { id: expect.any(Number), memberId: team, memberType: "ORGANIZATION", name: "Team", email: null, permission: 3, includeSubOrganizations: true },
      ],
    });
    const read = await call(bob, "GET", `/api/share/doc/${id}/members`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(r.body);
    // Someone the object is not shared with may not read the members.
    expect((await call(erin, "GET", `/api/share/doc/${id}/members`)).status).toBe(403);
    // Sharing again is a conflict: edit with PUT.
    const again = await share(alice, id, [{ memberType: "USER", memberId: erin.id, permission: 2 }]);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("share.exists");
  });

  test("two concurrent first shares of one object: one is created, the other is a conflict", async () => {
    const id = doc(alice);
    const both = await Promise.all([
      share(alice, id, [{ memberType: "USER", memberId: bob.id, permission: 2 }]),
      share(alice, id, [{ memberType: "USER", memberId: carol.id, permission: 3 }]),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await call(alice, "GET", `/api/share/doc/${id}/members`)).body.list).toHaveLength(1);
  });

  test("an object not shared answers an empty record to its owner", async () => {
    const id = doc(alice);
    expect((await call(alice, "GET", `/api/share/doc/${id}/members`)).body).toEqual({ shareId: null, ownerUserId: null, list: [] });
  });

  test("only the owner may share; unknown types, objects and members are refused", async () => {
    const id = doc(alice);
    const notOwner = await share(bob, id, [{ memberType: "USER", memberId: carol.id, permission: 2 }]);
    expect(notOwner.status).toBe(403);
    expect((await share(alice, "missing-object", [{ memberType: "USER", memberId: bob.id, permission: 2 }])).status).toBe(404);
    const unknownType = await call(alice, "POST", `/api/share/nosuchtype/${id}`, { members: [{ memberType: "USER", memberId: bob.id, permission: 2 }] });
    expect(unknownType.status).toBe(404);
    expect(unknownType.body.code).toBe("common.404");
    for (const m of [{ memberType: "USER", memberId: 987654 }, { memberType: "ORGANIZATION", memberId: 987654 }]) {
      const r = await share(alice, id, [{ ...m, permission: 2 }]);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("share.member_unknown");
    }
    expect((await share(alice, id, [{ memberType: "USER", memberId: alice.id, permission: 2 }])).body.code).toBe("share.member_self");
    expect((await share(alice, id, [])).status).toBe(400);
    expect((await share(alice, id, [{ memberType: "GROUP", memberId: bob.id, permission: 2 }])).status).toBe(400);
    const anon = await t.call("POST", `/api/share/doc/${id}`, { json: { members: [] } });
    expect(anon.status).toBe(401);
    expect((await call(alice, "GET", `/api/share/doc/${id}/members`)).body.shareId).toBeNull();
  });

  test("title only (1) is for modules that allow it (calendars)", async () => {
    const d = doc(alice);
    const r = await share(alice, d, [{ memberType: "USER", memberId: bob.id, permission: 1 }]);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("share.permission_invalid");
    expect((await share(alice, d, [{ memberType: "USER", memberId: bob.id, permission: 4 }])).body.code).toBe("share.permission_invalid");
    const cal = doc(alice, "cal");
    expect((await share(alice, cal, [{ memberType: "USER", memberId: bob.id, permission: 1 }], "cal")).status).toBe(201);
    expect(await perm(bob, cal, "cal")).toBe(1);
  });

  test("an org-chart-restricted user may share with users but not with organisations", async () => {
    const id = doc(rita);
    const r = await share(rita, id, [{ memberType: "ORGANIZATION", memberId: team, permission: 2 }]);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("share.org_restricted");
    expect((await share(rita, id, [{ memberType: "USER", memberId: carol.id, permission: 2 }])).status).toBe(201);
    const created = (await call(rita, "GET", `/api/share/doc/${id}/members`)).body;
    const add = await put(rita, id, { shareId: created.shareId, addList: [{ memberType: "ORGANIZATION", memberId: sales, permission: 2 }] });
    expect(add.status).toBe(403);
    expect(add.body.code).toBe("share.org_restricted");
  });
});

describe("effective permission", () => {
  test("an organisation share reaches its members and, when included, sub-organisation members only", async () => {
    const id = doc(alice);
    await share(alice, id, [{ memberType: "ORGANIZATION", memberId: sales, permission: 2 }]);
    expect(await perm(alice, id)).toBe(3);
    expect(await perm(bob, id)).toBe(2);
    expect(await perm(carol, id)).toBe(2);
    expect(await perm(dave, id)).toBe(2);
    expect(await perm(erin, id)).toBe(0);
    expect(await perm(A.admin, id)).toBe(0);

    const narrow = doc(alice);
    await share(alice, narrow, [{ memberType: "ORGANIZATION", memberId: team, permission: 3, includeSubOrganizations: false }]);
    expect([await perm(bob, narrow), await perm(carol, narrow), await perm(dave, narrow), await perm(rita, narrow)]).toEqual([0, 3, 0, 3]);
  });

  test("the highest of a user's member rows counts", async () => {
    const id = doc(alice);
    await share(alice, id, [{ memberType: "ORGANIZATION", memberId: sales, permission: 2 }, { memberType: "USER", memberId: dave.id, permission: 3 }]);
    expect(await perm(dave, id)).toBe(3);
    expect(await perm(carol, id)).toBe(2);
    expect(await perm(bob, "no-such-object")).toBe(0);
    expect(await effectivePermission(t.deps, { companyId: A.companyId, userId: bob.id }, "nosuchtype", id)).toBe(0);
  });

  test("sharedWith lists the objects shared with a user, with the permission, not their own", async () => {
    const mine = doc(carol);
    const theirs = doc(alice);
    await share(carol, mine, [{ memberType: "ORGANIZATION", memberId: team, permission: 2 }]);
    await share(alice, theirs, [{ memberType: "USER", memberId: carol.id, permission: 3 }]);
    const list = await sharedWith(t.deps, { companyId: A.companyId, userId: carol.id }, "doc");
    expect(list.find((s) => s.objectId === theirs)).toEqual({
      shareId: expect.any(Number), moduleType: "doc", objectId: theirs, ownerUserId: alice.id, ownerName: "Alice", permission: 3,
    });
    expect(list.some((s) => s.objectId === mine)).toBe(false);
    const api = await call(carol, "GET", "/api/share/shared-with-me/doc");
    expect(api.status).toBe(200);
    expect(api.body).toEqual(list);
    expect((await sharedWith(t.deps, { companyId: A.companyId, userId: erin.id }, "doc")).some((s) => s.objectId === theirs)).toBe(false);
  });
});

describe("editing a share (PUT answers -2, -1, 0 or 1)", () => {
  test("the organiser adds, changes and removes members (0), removing the last one cancels all sharing (1)", async () => {
    const id = doc(alice);
    const created = (await share(alice, id, [{ memberType: "USER", memberId: bob.id, permission: 2 }])).body;
    const bobRow = created.list[0].id;
    const r = await put(alice, id, {
      shareId: created.shareId,
      addList: [{ memberType: "USER", memberId: carol.id, permission: 2 }, { memberType: "ORGANIZATION", memberId: other, permission: 2 }],
      updateList: [{ id: bobRow, permission: 3 }],
    });
    expect(r.status).toBe(200);
    expect(r.body).toBe(0);
    expect([await perm(bob, id), await perm(carol, id), await perm(erin, id)]).toEqual([3, 2, 2]);
    const byRef = await put(alice, id, {
      shareId: created.shareId,
      updateList: [{ memberType: "USER", memberId: carol.id, permission: 3 }],
      deleteList: [{ memberType: "ORGANIZATION", memberId: other }],
    });
    expect(byRef.body).toBe(0);
    expect([await perm(carol, id), await perm(erin, id)]).toEqual([3, 0]);
    const last = await put(alice, id, { shareId: created.shareId, deleteList: [{ id: bobRow }, { memberType: "USER", memberId: carol.id }] });
    expect(last.body).toBe(1);
    expect((await call(alice, "GET", `/api/share/doc/${id}/members`)).body.shareId).toBeNull();
    expect(await perm(bob, id)).toBe(0);
    // The share is gone: editing it again closes the dialog.
    expect((await put(alice, id, { shareId: created.shareId, deleteList: [] })).body).toBe(-2);
  });

  test("anyone but the organiser gets -1, even an editor, and nothing changes", async () => {
    const id = doc(alice);
    const created = (await share(alice, id, [{ memberType: "USER", memberId: bob.id, permission: 3 }])).body;
    const r = await put(bob, id, { shareId: created.shareId, addList: [{ memberType: "USER", memberId: erin.id, permission: 3 }] });
    expect(r.status).toBe(200);
    expect(r.body).toBe(-1);
    expect((await put(erin, id, { shareId: created.shareId, deleteList: [{ id: created.list[0].id }] })).body).toBe(-1);
    expect(await perm(erin, id)).toBe(0);
    expect(await perm(bob, id)).toBe(3);
    // A share id that is not this object's share answers -2.
    expect((await put(alice, id, { shareId: created.shareId + 100000 })).body).toBe(-2);
    expect((await put(alice, id, { addList: [] })).status).toBe(400);
  });
});

describe("leaving and removing shares", () => {
  test("a member leaves a share given to them; a department share cannot be cancelled by the member", async () => {
    const personal = doc(alice);
    const dept = doc(alice);
    await share(alice, personal, [{ memberType: "USER", memberId: carol.id, permission: 2 }, { memberType: "USER", memberId: bob.id, permission: 2 }]);
    await share(alice, dept, [{ memberType: "ORGANIZATION", memberId: team, permission: 2 }]);
    const refused = await t.call("DELETE", "/api/share/cancel", { token: carol.token, form: { cancelList: [personal, dept], moduleType: "doc" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("share.department_cancel");
    expect(await perm(carol, personal)).toBe(2); // all or nothing
    const ok = await t.call("DELETE", "/api/share/cancel", { token: carol.token, form: { cancelList: personal, moduleType: "doc" } });
    expect(ok.status).toBe(204);
    expect([await perm(carol, personal), await perm(bob, personal), await perm(carol, dept)]).toEqual([0, 2, 2]);
    // Not shared with the caller (any more): 404.
    const again = await t.call("DELETE", "/api/share/cancel", { token: carol.token, form: { cancelList: personal, moduleType: "doc" } });
    expect(again.status).toBe(404);
    // The last member leaving ends the share.
    expect((await t.call("DELETE", "/api/share/cancel", { token: bob.token, form: { cancelList: personal, moduleType: "doc" } })).status).toBe(204);
    expect((await call(alice, "GET", `/api/share/doc/${personal}/members`)).body.shareId).toBeNull();
  });

  test("the organiser removes whole shares (204); others may not", async () => {
    const one = doc(alice);
    const two = doc(alice);
    await share(alice, one, [{ memberType: "USER", memberId: bob.id, permission: 2 }]);
    await share(alice, two, [{ memberType: "ORGANIZATION", memberId: sales, permission: 2 }]);
    const notMine = await t.call("DELETE", "/api/share", { token: bob.token, form: { objectIds: [one], moduleType: "doc" } });
    expect(notMine.status).toBe(403);
    expect(notMine.body.code).toBe("share.organizer_only");
    expect((await t.call("DELETE", "/api/share", { token: alice.token, form: { objectIds: [one, "missing-x"], moduleType: "doc" } })).status).toBe(404);
    expect(await perm(bob, one)).toBe(2);
    const r = await t.call("DELETE", "/api/share", { token: alice.token, form: { objectIds: [one, two], moduleType: "doc" } });
    expect(r.status).toBe(204);
    expect([await perm(bob, one), await perm(bob, two), await perm(dave, two)]).toEqual([0, 0, 0]);
    expect((await t.call("DELETE", "/api/share", { token: alice.token, json: { objectIds: [one], moduleType: "doc" } })).status).toBe(204);
  });

  test("a module deleting its objects forgets their shares; an object its module no longer knows answers 404", async () => {
    const id = doc(alice);
    await share(alice, id, [{ memberType: "USER", memberId: bob.id, permission: 2 }]);
    await forgetShares(t.deps.db, A.companyId, "doc", [id]);
    objects.remove(A.companyId, id);
    expect(await perm(bob, id)).toBe(0);
    expect((await call(alice, "GET", `/api/share/doc/${id}/members`)).status).toBe(404);
    expect((await call(bob, "GET", "/api/share/shared-with-me/doc")).body.some((s: { objectId: string }) => s.objectId === id)).toBe(false);
    expect((await call(bob, "GET", "/api/share/shared-with-me/nosuchtype")).status).toBe(404);
  });
});
