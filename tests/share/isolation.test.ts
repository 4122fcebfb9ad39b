// Two companies: company A's users try every share and share-link call with company B's objects, members,
// shares and links. Each answers exactly as for a missing id, nothing of B shows, and B is unchanged.
import { beforeAll, describe, expect, test } from "vitest";
import { effectivePermission, sharedWith } from "../../server/modules/share/access.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { company, type Co, type Member, registerTestObjects, type TestObjects } from "./share-helpers.ts";

const t: TestApp = await createTestApp();
let objects: TestObjects;
let A: Co, B: Co;
let amy: Member, bea: Member;
let bOrg: number, aOrg: number;
let bCompanyLink: { id: number; token: string };
const B_DOC = "iso-b-doc";
const A_DOC = "iso-a-doc";
/** The same object id in both companies: each company's share of it is its own. */
const SAME = "iso-same";

beforeAll(async () => {
  objects = registerTestObjects(t);
  A = await company(t, "share-iso-a.test");
  B = await company(t, "share-iso-b.test");
  aOrg = await A.org("A Team");
  bOrg = await B.org("B Team");
  amy = await A.user("amy", [aOrg]);
  bea = await B.user("bea", [bOrg]);
  objects.add(B_DOC, { companyId: B.companyId, ownerUserId: B.admin.id, title: "B secret" });
  objects.add(A_DOC, { companyId: A.companyId, ownerUserId: amy.id, title: "A doc" });
  objects.add(SAME, { companyId: B.companyId, ownerUserId: B.admin.id, title: "B same" });
  objects.add(SAME, { companyId: A.companyId, ownerUserId: amy.id, title: "A same" });
  const members = [{ memberType: "ORGANIZATION", memberId: bOrg, permission: 3 }, { memberType: "USER", memberId: bea.id, permission: 2 }];
  for (const id of [B_DOC, SAME]) {
    expect((await t.call("POST", `/api/share/doc/${id}`, { token: B.admin.token, json: { members } })).status).toBe(201);
  }
  const link = await t.call("POST", "/api/share/links", {
    token: B.admin.token, json: { moduleType: "doc", objectId: B_DOC, permission: "READ", accessMode: "COMPANY" },
  });
  expect(link.status).toBe(201);
  bCompanyLink = link.body;
});

async function snapshotOfB() {
  const get = async (p: string) => (await t.call("GET", p, { token: B.admin.token })).body;
  return {
    members: await get(`/api/share/doc/${B_DOC}/members`),
    same: await get(`/api/share/doc/${SAME}/members`),
    links: await get(`/api/share/links/doc/${B_DOC}`),
    beaShared: (await t.call("GET", "/api/share/shared-with-me/doc", { token: bea.token })).body,
  };
}

describe("company A cannot reach company B's shares and links", () => {
  test("every call with a B object or link answers as a missing one, and B is unchanged", async () => {
    const before = await snapshotOfB();
    const bShareId = before.members.shareId as number;
    type Call = [method: string, path: (obj: string, link: number) => string, json?: (obj: string, link: number) => unknown];
    const calls: Call[] = [
      ["GET", (o) => `/api/share/doc/${o}/members`],
      ["POST", (o) => `/api/share/doc/${o}`, () => ({ members: [{ memberType: "USER", memberId: amy.id, permission: 3 }] })],
      ["PUT", (o) => `/api/share/doc/${o}`, () => ({ shareId: bShareId, deleteList: [{ memberType: "USER", memberId: bea.id }] })],
      ["DELETE", () => "/api/share", (o) => ({ objectIds: [o], moduleType: "doc" })],
      ["DELETE", () => "/api/share/cancel", (o) => ({ cancelList: [o], moduleType: "doc" })],
      ["GET", (o) => `/api/share/links/doc/${o}`],
      ["POST", () => "/api/share/links", (o) => ({ moduleType: "doc", objectId: o, permission: "EDIT" })],
      ["PUT", () => "/api/share/links", (_o, l) => ({ id: l, permission: "EDIT" })],
      ["DELETE", (_o, l) => `/api/share/links/${l}`],
    ];
    for (const token of [A.admin.token, amy.token]) {
      for (const [method, path, json] of calls) {
        const foreign = await t.call(method, path(B_DOC, bCompanyLink.id), { token, json: json?.(B_DOC, bCompanyLink.id) });
        const missing = await t.call(method, path("no-such-doc", 987_654_321), { token, json: json?.("no-such-doc", 987_654_321) });
        expect({ method, path: path(B_DOC, bCompanyLink.id), status: foreign.status, body: foreign.body })
          .toEqual({ method, path: path(B_DOC, bCompanyLink.id), status: 404, body: missing.body });
      }
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  test("B's users and organisations are unknown members to A", async () => {
    for (const m of [{ memberType: "USER", memberId: bea.id }, { memberType: "ORGANIZATION", memberId: bOrg }]) {
      const r = await t.call("POST", `/api/share/doc/${A_DOC}`, { token: amy.token, json: { members: [{ ...m, permission: 2 }] } });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("share.member_unknown");
    }
  });

  test("the same object id in A is A's own: its share, members and permissions are separate", async () => {
    const a = await t.call("GET", `/api/share/doc/${SAME}/members`, { token: amy.token });
    expect(a.body).toEqual({ shareId: null, ownerUserId: null, list: [] });
    expect((await t.call("POST", `/api/share/doc/${SAME}`, { token: amy.token, json: { members: [{ memberType: "ORGANIZATION", memberId: aOrg, permission: 2 }] } })).status).toBe(201);
    expect(await effectivePermission(t.deps, { companyId: A.companyId, userId: A.admin.id }, "doc", SAME)).toBe(0);
    expect(await effectivePermission(t.deps, { companyId: B.companyId, userId: bea.id }, "doc", SAME)).toBe(3);
    expect(await effectivePermission(t.deps, { companyId: A.companyId, userId: amy.id }, "doc", B_DOC)).toBe(0);
    const bShared = await sharedWith(t.deps, { companyId: B.companyId, userId: bea.id }, "doc");
    expect(bShared.map((s) => s.objectId).sort()).toEqual([B_DOC, SAME].sort());
    expect((await sharedWith(t.deps, { companyId: A.companyId, userId: amy.id }, "doc")).map((s) => s.objectId)).toEqual([]);
    expect((await t.call("GET", `/api/share/doc/${SAME}/members`, { token: B.admin.token })).body.list.map((m: { name: string }) => m.name))
      .toEqual(["Bea", "B Team"]);
  });

  test("B's company-only link does not open for A's employees", async () => {
    const meta = await t.call("GET", `/api/share/links/public/${bCompanyLink.token}`, { token: amy.token });
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({ requiresSignIn: true, title: null });
    const open = await t.call("POST", `/api/share/links/public/${bCompanyLink.token}/open`, { token: amy.token, json: {} });
    expect(open.status).toBe(403);
    expect(open.body.code).toBe("shareLink.company_only");
    expect((await t.call("POST", `/api/share/links/public/${bCompanyLink.token}/open`, { token: bea.token, json: {} })).status).toBe(200);
  });
});
