// Two companies side by side: company A's administrator and user try every call of the platform with
// company B's ids. Each answers 404 exactly like a missing id, no answer shows B's data, and B's users,
// organisations, shares and settings are the same afterwards.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const PW = "Iso1ation!";
type Co = Awaited<ReturnType<typeof signupCompany>>;
let A: Co, B: Co;
let aUser: string, bUser: { id: number; token: string };
let bOrg: number, bChild: number, bShare: number;

const as = (token: string, method: string, path: string, json?: unknown) => t.call(method, path, { token, json });

async function snapshotOfB() {
  const get = async (p: string) => (await as(B.token, "GET", p)).body;
  return {
    users: await get("/api/admin/users?pageSize=200"),
    userB: await get(`/api/admin/users/${bUser.id}`),
    tree: await get("/api/organizations?includeCount=true"),
    members: await get(`/api/users/organization/${bOrg}`),
    company: await get("/api/company"),
    configs: await Promise.all(["mail", "drive", "board", "approval"].map((m) => get(`/api/company/config/${m}`))),
    shares: await get("/api/users/accounts/shared-users"),
    detail: await get("/api/users/detail"),
  };
}

beforeAll(async () => {
  A = await signupCompany(t, { domain: "iso-a.test" });
  B = await signupCompany(t, { domain: "iso-b.test" });
  bOrg = (await as(B.token, "POST", "/api/admin/organizations", { name: "B Sales", email: "sales@iso-b.test" })).body.id;
  bChild = (await as(B.token, "POST", "/api/admin/organizations", { name: "B Team", parentId: bOrg })).body.id;
  const created = await as(B.token, "POST", "/api/admin/users", { loginId: "bob", accountName: "Bob B", password: PW, organIds: [bOrg], requestPasswordChange: false });
  expect(created.status).toBe(201);
  bUser = { id: created.body.id, token: (await login(t, "bob@iso-b.test", PW)).access_token };
  bShare = (await as(B.token, "POST", "/api/users/accounts", { sharedToUserId: bUser.id })).body.id;
  await as(A.token, "POST", "/api/admin/users", { loginId: "amy", accountName: "Amy A", password: PW, requestPasswordChange: false });
  aUser = (await login(t, "amy@iso-a.test", PW)).access_token;
});

describe("company A cannot reach company B", () => {
  test("every call with a B id answers 404 like a missing id, and B is unchanged", async () => {
    const before = await snapshotOfB();
    const missing = 987_654_321;
    type Call = [token: string, method: string, path: (id: number) => string, json?: (id: number) => unknown];
    const calls: Call[] = [
      [A.token, "GET", (id) => `/api/admin/users/${id}`],
      [A.token, "PUT", (id) => `/api/admin/users/${id}`, () => ({ accountName: "Hacked" })],
      [A.token, "PUT", (id) => `/api/admin/users/${id}/password`, () => ({ password: "Hacked123!" })],
      [A.token, "PUT", (id) => `/api/admin/users/${id}/organizations`, () => ({ relations: [] })],
      [A.token, "DELETE", (id) => `/api/admin/users/${id}`],
      [A.token, "POST", () => `/api/users/accounts`, (id) => ({ sharedToUserId: id })],
      [A.token, "POST", () => `/api/users/accounts/requests`, (id) => ({ sharedByUserId: id })],
    ];
    const orgCalls: Call[] = [
      [A.token, "PUT", (id) => `/api/admin/organizations/${id}`, () => ({ name: "Hacked" })],
      [A.token, "DELETE", (id) => `/api/admin/organizations/${id}`],
      [A.token, "GET", (id) => `/api/organizations/${id}/children`],
      [aUser, "GET", (id) => `/api/organizations/${id}/children`],
      [A.token, "GET", (id) => `/api/users/organization/${id}`],
      [aUser, "GET", (id) => `/api/users/organization/${id}`],
    ];
    const shareCalls: Call[] = [
      [A.token, "PUT", (id) => `/api/users/accounts/${id}/status`, () => ({ status: "INACTIVE" })],
      [A.token, "PUT", (id) => `/api/users/accounts/${id}/expiry`, () => ({ expireTimeMillis: null })],
      [A.token, "GET", (id) => `/api/users/accounts/${id}/change-account`],
      [A.token, "DELETE", (id) => `/api/users/accounts/${id}`],
    ];
    for (const [list, id] of [[calls, bUser.id], [orgCalls, bOrg], [orgCalls, bChild], [shareCalls, bShare]] as const) {
      for (const [token, method, path, json] of list) {
        const foreign = await as(token, method, path(id), json?.(id));
        const absent = await as(token, method, path(missing), json?.(missing));
        expect(foreign.status, `${method} ${path(id)}`).toBe(404);
        expect(foreign.body, `${method} ${path(id)}`).toEqual(absent.body);
      }
    }
    // Ids of B in request bodies are refused too, and make nothing.
    const parent = await as(A.token, "POST", "/api/admin/organizations", { name: "X", parentId: bOrg });
    expect(parent.status).toBe(400);
    const memberOfB = await as(A.token, "POST", "/api/admin/users", { loginId: "mole", accountName: "Mole", password: PW, organIds: [bOrg] });
    expect(memberOfB.status).toBe(400);

    expect(await snapshotOfB()).toEqual(before);
  });

  test("lists, searches and settings answer only the caller's company", async () => {
    for (const token of [A.token, aUser]) {
      const tree = JSON.stringify((await as(token, "GET", "/api/organizations?includeCount=true")).body);
      expect(tree).not.toContain("B Sales");
      for (const q of ["bob", "iso-b", "sales", "B"]) {
        const found = await as(token, "GET", `/api/autocomplete/email?query=${q}`);
        expect(found.status).toBe(200);
        expect(JSON.stringify(found.body.content)).not.toContain("iso-b.test");
      }
      expect((await as(token, "GET", "/api/autocomplete/group/usercount?email=sales@iso-b.test")).status).toBe(404);
      // The directory of the recipient selector: the whole company, the unassigned, a search word.
      for (const qs of ["", "?unassigned=true", "?searchWord=bob", "?searchWord=iso-b", "?pageSize=200"]) {
        const found = await as(token, "GET", `/api/users/members${qs}`);
        expect(found.status).toBe(200);
        expect(JSON.stringify(found.body.content)).not.toContain("iso-b.test");
      }
      const company = (await as(token, "GET", "/api/company")).body;
      expect(company.id).toBe(A.companyId);
      expect(company.domains).toEqual(["iso-a.test"]);
      expect(JSON.stringify((await as(token, "GET", "/api/users/accounts/available-accounts?includePending=true")).body)).not.toContain("iso-b");
    }
    const users = (await as(A.token, "GET", "/api/admin/users?pageSize=200&searchWord=b")).body;
    expect(JSON.stringify(users)).not.toContain("iso-b.test");
  });

  test("A's settings changes stay in A", async () => {
    const before = await snapshotOfB();
    expect((await as(A.token, "PUT", "/api/admin/company", { name: "A Renamed", planType: "STANDARD", securityMfa: true, useDrive: false })).status).toBe(200);
    expect((await as(A.token, "PUT", "/api/admin/company/config/board", { deletedPostMaxDuration: 30 })).status).toBe(200);
    expect((await as(aUser, "PUT", "/api/users/theme/blue")).status).toBe(200);
    expect((await as(aUser, "PUT", "/api/users/service/config", { firstScreenModuleType: "calendar" })).status).toBe(200);
    expect(await snapshotOfB()).toEqual(before);
    expect((await as(A.token, "GET", "/api/company/config/board")).body.config.deletedPostMaxDuration).toBe(30);
  });
});
