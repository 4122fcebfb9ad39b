// Administration of the organisation tree: create, read, edit (move, rename, address), delete.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const PW = "Us3r!pass";

let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
let userToken = "";
const call = (method: string, path: string, tk: string, json?: unknown) => t.call(method, path, { token: tk, json });
async function newOrg(tk: string, json: Record<string, unknown>) {
  const r = await call("POST", "/api/admin/organizations", tk, json);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  B = await signupCompany(t, { domain: "beta.test" });
  const r = await call("POST", "/api/admin/users", A.token, { loginId: "plain", accountName: "Plain", password: PW });
  expect(r.status).toBe(201);
  userToken = (await login(t, "plain@alpha.test", PW)).access_token;
});

describe("POST /api/admin/organizations", () => {
  test("creates nodes; without sortOrder a node goes after its siblings", async () => {
    const root = await newOrg(A.token, { name: "  Headquarters ", email: "HQ@Alpha.test" });
    expect(root).toEqual({ id: root.id, parentId: null, name: "Headquarters", email: "hq@alpha.test", sortOrder: 0, childCount: 0, memberCount: 0 });
    const a = await newOrg(A.token, { name: "Team A", parentId: root.id });
    const b = await newOrg(A.token, { name: "Team B", parentId: root.id, email: "" });
    const c = await newOrg(A.token, { name: "Team C", parentId: root.id, sortOrder: 10 });
    expect([a.sortOrder, b.sortOrder, c.sortOrder]).toEqual([0, 1, 10]);
    expect(b.email).toBeNull();
    expect((await newOrg(A.token, { name: "Second root" })).sortOrder).toBe(1);
    const read = await call("GET", `/api/admin/organizations/${root.id}`, A.token);
    expect(read.body).toMatchObject({ id: root.id, childCount: 3, memberCount: 0 });
    const list = await call("GET", "/api/admin/organizations", A.token);
    expect(list.body.map((o: { name: string }) => o.name)).toEqual(["Headquarters", "Team A", "Team B", "Second root", "Team C"]);
  });

  test("bad input answers 400 with the field's code", async () => {
    const hq = (await call("GET", "/api/admin/organizations", A.token)).body[0];
    const bOrg = await newOrg(B.token, { name: "Beta only" });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "organization.name_required"],
      [{ name: undefined }, 400, "organization.name_required"],
      [{ name: "x".repeat(101) }, 400, "organization.name_required"],
      [{ name: "X", email: "not an address" }, 400, "organization.email_invalid"],
      [{ name: "X", email: "Team <team@alpha.test>" }, 400, "organization.email_invalid"],
      // Only a local part: the answer asks for the whole address, not for another domain.
      [{ name: "X", email: "sales" }, 400, "organization.email_invalid"],
      [{ name: "X", email: "team@beta.test" }, 400, "organization.email_domain"],
      [{ name: "X", parentId: bOrg.id }, 400, "organization.parent_invalid"],
      [{ name: "X", parentId: 999999 }, 400, "organization.parent_invalid"],
      // Out of range or not a whole number: refused with its own code, never clamped into the range.
      [{ name: "X", sortOrder: -1 }, 400, "organization.sort_order_invalid"],
      [{ name: "X", sortOrder: -99999999999 }, 400, "organization.sort_order_invalid"],
      [{ name: "X", sortOrder: 1_000_001 }, 400, "organization.sort_order_invalid"],
      [{ name: "X", sortOrder: 1.5 }, 400, "organization.sort_order_invalid"],
      [{ name: "X", sortOrder: "3" }, 400, "organization.sort_order_invalid"],
      [{ name: "X", email: "hq@alpha.test" }, 409, "organization.email_in_use"],
      [{ name: "X", email: "plain@alpha.test" }, 409, "organization.email_in_use"],
    ];
    for (const [json, status, code] of cases) {
      const r = await call("POST", "/api/admin/organizations", A.token, json);
      expect(r.status, code).toBe(status);
      expect(r.body.code).toBe(code);
    }
    expect((await call("GET", "/api/admin/organizations", A.token)).body.some((o: { name: string }) => o.name === "X")).toBe(false);
    expect(hq.name).toBe("Headquarters");
  });
});

describe("PUT /api/admin/organizations/:id", () => {
  test("renames, re-addresses, re-orders and moves a node", async () => {
    const top = await newOrg(A.token, { name: "Top" });
    const mid = await newOrg(A.token, { name: "Mid", parentId: top.id });
    const leaf = await newOrg(A.token, { name: "Leaf", parentId: mid.id, email: "leaf@alpha.test" });
    const r = await call("PUT", `/api/admin/organizations/${leaf.id}`, A.token, { name: "Leaf 2", email: "leaf2@alpha.test", sortOrder: 7 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ...leaf, name: "Leaf 2", email: "leaf2@alpha.test", sortOrder: 7 });
    // The group address follows the change.
    const count = (email: string) => t.call("GET", `/api/autocomplete/group/usercount?email=${email}`, { token: A.token });
    expect((await count("leaf2@alpha.test")).body).toEqual({ email: "leaf2@alpha.test", userCount: 0 });
    expect((await count("leaf@alpha.test")).status).toBe(404);
    const moved = await call("PUT", `/api/admin/organizations/${leaf.id}`, A.token, { parentId: top.id });
    expect(moved.body.parentId).toBe(top.id);
    expect((await call("GET", `/api/admin/organizations/${top.id}`, A.token)).body.childCount).toBe(2);
    const toRoot = await call("PUT", `/api/admin/organizations/${leaf.id}`, A.token, { parentId: null, email: null });
    expect(toRoot.body).toMatchObject({ parentId: null, email: null });
    const tree = await t.call("GET", "/api/organizations/top-level", { token: A.token });
    expect(tree.body.some((n: { id: number }) => n.id === leaf.id)).toBe(true);
    const same = await call("PUT", `/api/admin/organizations/${top.id}`, A.token, {});
    expect(same.body).toMatchObject({ id: top.id, name: "Top", childCount: 1 });
  });

  test("the parent cannot be the node itself, a descendant or another company's node", async () => {
    const top = await newOrg(A.token, { name: "Cycle top" });
    const mid = await newOrg(A.token, { name: "Cycle mid", parentId: top.id });
    const low = await newOrg(A.token, { name: "Cycle low", parentId: mid.id });
    const bOrg = await newOrg(B.token, { name: "Beta parent" });
    for (const parentId of [top.id, mid.id, low.id, bOrg.id, 999999]) {
      const r = await call("PUT", `/api/admin/organizations/${top.id}`, A.token, { parentId });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("organization.parent_invalid");
    }
    expect((await call("GET", `/api/admin/organizations/${top.id}`, A.token)).body.parentId).toBeNull();
    const taken = await call("PUT", `/api/admin/organizations/${low.id}`, A.token, { email: "hq@alpha.test" });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("organization.email_in_use");
    const bad = await call("PUT", `/api/admin/organizations/${low.id}`, A.token, { name: " " });
    expect(bad.body.code).toBe("organization.name_required");
    const order = await call("PUT", `/api/admin/organizations/${low.id}`, A.token, { sortOrder: -99999999999 });
    expect([order.status, order.body.code, order.body.errors?.[0]?.field]).toEqual([400, "organization.sort_order_invalid", "sortOrder"]);
    const local = await call("PUT", `/api/admin/organizations/${low.id}`, A.token, { email: "sales" });
    expect([local.status, local.body.code]).toEqual([400, "organization.email_invalid"]);
    expect((await call("GET", `/api/admin/organizations/${low.id}`, A.token)).body).toMatchObject({ sortOrder: 0, email: null });
  });
});

describe("DELETE /api/admin/organizations/:id", () => {
  test("refuses a node with children or members, then deletes it", async () => {
    const parent = await newOrg(A.token, { name: "Doomed", email: "doomed@alpha.test" });
    const child = await newOrg(A.token, { name: "Doomed child", parentId: parent.id });
    const member = await call("POST", "/api/admin/users", A.token, { loginId: "member", accountName: "Member", password: PW, organIds: [parent.id] });
    const hasChildren = await call("DELETE", `/api/admin/organizations/${parent.id}`, A.token);
    expect(hasChildren.status).toBe(409);
    expect(hasChildren.body.code).toBe("organization.has_children");
    expect((await call("DELETE", `/api/admin/organizations/${child.id}`, A.token)).status).toBe(204);
    // An inactive member still counts; a deleted one does not.
    await call("PUT", `/api/admin/users/${member.body.id}`, A.token, { status: "INACTIVE" });
    expect((await call("GET", `/api/admin/organizations/${parent.id}`, A.token)).body.memberCount).toBe(1);
    const hasMembers = await call("DELETE", `/api/admin/organizations/${parent.id}`, A.token);
    expect(hasMembers.status).toBe(409);
    expect(hasMembers.body.code).toBe("organization.has_members");
    expect((await call("DELETE", `/api/admin/users/${member.body.id}`, A.token)).status).toBe(204);
    const done = await call("DELETE", `/api/admin/organizations/${parent.id}`, A.token);
    expect(done.status).toBe(204);
    expect((await call("GET", `/api/admin/organizations/${parent.id}`, A.token)).status).toBe(404);
    expect((await call("DELETE", `/api/admin/organizations/${parent.id}`, A.token)).status).toBe(404);
    // Its address is free for a new node.
    expect((await newOrg(A.token, { name: "Reborn", email: "doomed@alpha.test" })).email).toBe("doomed@alpha.test");
  });
});

describe("permissions and other companies", () => {
  test("a non-admin gets 403 common.403; no token gets 401", async () => {
    const some = (await call("GET", "/api/admin/organizations", A.token)).body[0];
    const attempts: [string, string, unknown?][] = [
      ["GET", "/api/admin/organizations"], ["GET", `/api/admin/organizations/${some.id}`],
      ["POST", "/api/admin/organizations", { name: "Sneaky" }],
      ["PUT", `/api/admin/organizations/${some.id}`, { name: "Sneaky" }], ["DELETE", `/api/admin/organizations/${some.id}`],
    ];
    for (const [method, path, json] of attempts) {
      const r = await call(method, path, userToken, json);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.code).toBe("common.403");
      expect((await t.call(method, path, { json })).status).toBe(401);
    }
    expect((await call("GET", `/api/admin/organizations/${some.id}`, A.token)).body.name).toBe(some.name);
  });

  test("company B's node answers 404 to company A on GET, PUT and DELETE, and does not change", async () => {
    const bParent = await newOrg(B.token, { name: "Beta root", email: "root@beta.test" });
    const bNode = await newOrg(B.token, { name: "Beta leaf", parentId: bParent.id });
    const aNode = await newOrg(A.token, { name: "Alpha node" });
    const before = (await call("GET", "/api/admin/organizations", B.token)).body;
    const attempts: [string, string, unknown?][] = [
      ["GET", `/api/admin/organizations/${bNode.id}`],
      ["PUT", `/api/admin/organizations/${bNode.id}`, { name: "Taken over", parentId: null, email: null }],
      ["PUT", `/api/admin/organizations/${bNode.id}`, { parentId: aNode.id }],
      ["DELETE", `/api/admin/organizations/${bNode.id}`],
      ["GET", "/api/admin/organizations/999999"], ["PUT", "/api/admin/organizations/abc", { name: "X" }],
    ];
    for (const [method, path, json] of attempts) {
      const r = await call(method, path, A.token, json);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.code).toBe("common.404");
    }
    expect((await call("GET", "/api/admin/organizations", B.token)).body).toEqual(before);
    expect((await call("GET", "/api/admin/organizations", A.token)).body.some((o: { id: number }) => o.id === bNode.id)).toBe(false);
  });
});
