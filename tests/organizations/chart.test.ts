// Organisation chart for selectors: tree, top level, children, representative, members, restricted users.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";
import { adminApi, USER_PASSWORD } from "../support/admin-api.ts";

const t = await createTestApp();
const PW = USER_PASSWORD;

let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
const org: Record<string, number> = {};
const user: Record<string, number> = {};
const token: Record<string, string> = {};

const { newOrg, newUser } = adminApi(t);
const get = (path: string, tk: string) => t.call("GET", path, { token: tk });

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  B = await signupCompany(t, { domain: "beta.test" });
  // alpha: HQ > (Sales > Sales East, Dev), Zeta, Board
  org.hq = (await newOrg(A.token, { name: "HQ", email: "hq@alpha.test", sortOrder: 0 })).id;
  org.board = (await newOrg(A.token, { name: "Board", sortOrder: 1 })).id;
  org.zeta = (await newOrg(A.token, { name: "Zeta", sortOrder: 0 })).id;
  org.sales = (await newOrg(A.token, { name: "Sales", parentId: org.hq, email: "sales@alpha.test" })).id;
  org.dev = (await newOrg(A.token, { name: "Dev", parentId: org.hq })).id;
  org.east = (await newOrg(A.token, { name: "Sales East", parentId: org.sales })).id;
  org.bRoot = (await newOrg(B.token, { name: "Beta HQ", email: "hq@beta.test" })).id;
  org.bChild = (await newOrg(B.token, { name: "Beta Team", parentId: org.bRoot })).id;

  user.kim = (await newUser(A.token, { loginId: "kim", accountName: "Kim Manager", jobGrade: "Lead", position: "Head", managerOrganIds: [org.sales] })).id;
  user.lee = (await newUser(A.token, { loginId: "lee", accountName: "Lee Seller", organIds: [org.sales] })).id;
  user.pct = (await newUser(A.token, { loginId: "percent", accountName: "100% Sales", organIds: [org.sales] })).id;
  user.under = (await newUser(A.token, { loginId: "under_score", accountName: "Under Score", organIds: [org.sales] })).id;
  user.underx = (await newUser(A.token, { loginId: "underxscore", accountName: "Underx", organIds: [org.sales] })).id;
  user.gone = (await newUser(A.token, { loginId: "gone", accountName: "Gone Away", organIds: [org.sales] })).id;
  user.park = (await newUser(A.token, { loginId: "park", accountName: "Park Dev", organIds: [org.dev, org.sales] })).id;
  user.choi = (await newUser(A.token, { loginId: "choi", accountName: "Choi Restricted", organIds: [org.east] })).id;
  user.bob = (await newUser(B.token, { loginId: "bob", accountName: "Bob Beta", organIds: [org.bChild] })).id;
  expect((await t.call("PUT", `/api/admin/users/${user.gone}`, { token: A.token, json: { status: "INACTIVE" } })).status).toBe(200);
  expect((await t.call("PUT", `/api/admin/users/${user.choi}`, { token: A.token, json: { isOrgChartRestricted: true } })).status).toBe(200);
  for (const name of ["kim", "park", "choi"]) token[name] = (await login(t, `${name}@alpha.test`, PW)).access_token;
  token.bob = (await login(t, "bob@beta.test", PW)).access_token;
});

describe("GET /api/organizations", () => {
  test("answers the company's tree in sortOrder then id order, without counts by default", async () => {
    const r = await get("/api/organizations", token.kim);
    expect(r.status).toBe(200);
    expect(r.body.map((n: { name: string }) => n.name)).toEqual(["HQ", "Zeta", "Board"]);
    const hq = r.body[0];
    expect(hq).toEqual({
      id: org.hq, parentId: null, name: "HQ", email: "hq@alpha.test", childCount: 2,
      children: [
        {
          id: org.sales, parentId: org.hq, name: "Sales", email: "sales@alpha.test", childCount: 1,
          children: [{ id: org.east, parentId: org.sales, name: "Sales East", email: null, childCount: 0, children: [] }],
        },
        { id: org.dev, parentId: org.hq, name: "Dev", email: null, childCount: 0, children: [] },
      ],
    });
    expect("memberCount" in hq).toBe(false);
  });

  test("includeCount=true adds the active direct members of each node", async () => {
    const r = await get("/api/organizations?includeCount=true", token.kim);
    expect(r.status).toBe(200);
    const hq = r.body[0];
    expect(hq.memberCount).toBe(0);
    // kim, lee, percent, under_score, underxscore, park; the inactive user is not counted.
    expect(hq.children[0].memberCount).toBe(6);
    expect(hq.children[0].children[0].memberCount).toBe(1);
    expect(hq.children[1].memberCount).toBe(1);
    expect(r.body[2]).toMatchObject({ name: "Board", memberCount: 0, children: [] });
  });

  test("a bad includeCount is a 400, no token is a 401", async () => {
    const bad = await get("/api/organizations?includeCount=maybe", token.kim);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("common.validation");
    expect((await t.call("GET", "/api/organizations")).status).toBe(401);
  });

  test("company B sees only its own tree", async () => {
    const r = await get("/api/organizations?includeCount=true", token.bob);
    expect(r.body).toEqual([{
      id: org.bRoot, parentId: null, name: "Beta HQ", email: "hq@beta.test", childCount: 1, memberCount: 0,
      children: [{ id: org.bChild, parentId: org.bRoot, name: "Beta Team", email: null, childCount: 0, memberCount: 1, children: [] }],
    }]);
  });
});

describe("top level, children, representative", () => {
  test("top-level answers the root nodes", async () => {
    const r = await get("/api/organizations/top-level", token.kim);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { id: org.hq, parentId: null, name: "HQ", email: "hq@alpha.test", childCount: 2 },
      { id: org.zeta, parentId: null, name: "Zeta", email: null, childCount: 0 },
      { id: org.board, parentId: null, name: "Board", email: null, childCount: 0 },
    ]);
  });

  test("children answers the direct children; a leaf has none", async () => {
    const r = await get(`/api/organizations/${org.hq}/children`, token.kim);
    expect(r.body).toEqual([
      { id: org.sales, parentId: org.hq, name: "Sales", email: "sales@alpha.test", childCount: 1 },
      { id: org.dev, parentId: org.hq, name: "Dev", email: null, childCount: 0 },
    ]);
    expect((await get(`/api/organizations/${org.east}/children`, token.kim)).body).toEqual([]);
  });

  test("a foreign, missing or malformed parent answers 404", async () => {
    for (const id of [org.bRoot, 999999, "abc"]) {
      const r = await get(`/api/organizations/${id}/children`, token.kim);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("common.404");
    }
  });

  test("representative: the stored one, else the first membership, else 404", async () => {
    const kim = await get("/api/organizations/user/representative", token.kim);
    expect(kim.body).toEqual({ id: org.sales, parentId: org.hq, name: "Sales", email: "sales@alpha.test", childCount: 1 });
    expect((await get("/api/organizations/user/representative", token.park)).body.id).toBe(org.dev);
    const none = await get("/api/organizations/user/representative", A.token);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("common.404");
  });
});

describe("GET /api/users/organization/:organId", () => {
  test("pages the active members, managers first, then by name", async () => {
    const r = await get(`/api/users/organization/${org.sales}?page=0&pageSize=3`, token.kim);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 6, totalPages: 2, page: 0, pageSize: 3 });
    expect(r.body.content[0]).toEqual({
      id: user.kim, accountName: "Kim Manager", username: "kim@alpha.test", organizationName: "Sales",
      jobGrade: "Lead", position: "Head", manager: true,
    });
    expect(r.body.content.map((m: { accountName: string }) => m.accountName)).toEqual(["Kim Manager", "100% Sales", "Lee Seller"]);
    const p2 = await get(`/api/users/organization/${org.sales}?page=1&pageSize=3`, token.kim);
    expect(p2.body.content.map((m: { accountName: string }) => m.accountName)).toEqual(["Park Dev", "Under Score", "Underx"]);
    expect(p2.body.content.some((m: { id: number }) => m.id === user.gone)).toBe(false);
  });

  test("searchWord matches name or username, case-insensitively, with % and _ taken literally", async () => {
    const names = async (word: string) =>
      (await get(`/api/users/organization/${org.sales}?searchWord=${encodeURIComponent(word)}`, token.kim)).body.content
        .map((m: { accountName: string }) => m.accountName);
    expect(await names("LEE")).toEqual(["Lee Seller"]);
    expect(await names("kim@alpha")).toEqual(["Kim Manager"]);
    expect(await names("%")).toEqual(["100% Sales"]);
    expect(await names("r_s")).toEqual(["Under Score"]);
    expect(await names("nobody")).toEqual([]);
    expect(await names("  ")).toHaveLength(6);
  });

  test("a foreign or missing organisation answers 404; bad paging answers 400", async () => {
    for (const id of [org.bChild, 999999]) {
      const r = await get(`/api/users/organization/${id}`, token.kim);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("common.404");
    }
    for (const qs of ["page=-1", "pageSize=0", "pageSize=1000"]) {
      const r = await get(`/api/users/organization/${org.sales}?${qs}`, token.kim);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("common.validation");
    }
    expect((await t.call("GET", `/api/users/organization/${org.sales}`)).status).toBe(401);
  });
});

describe("org-chart-restricted user", () => {
  test("sees only their organisations and the path above them", async () => {
    const tree = await get("/api/organizations?includeCount=true", token.choi);
    expect(tree.body).toEqual([{
      id: org.hq, parentId: null, name: "HQ", email: "hq@alpha.test", childCount: 1, memberCount: 0,
      children: [{
        id: org.sales, parentId: org.hq, name: "Sales", email: "sales@alpha.test", childCount: 1, memberCount: 6,
        children: [{ id: org.east, parentId: org.sales, name: "Sales East", email: null, childCount: 0, memberCount: 1, children: [] }],
      }],
    }]);
    expect((await get("/api/organizations/top-level", token.choi)).body).toEqual([
      { id: org.hq, parentId: null, name: "HQ", email: "hq@alpha.test", childCount: 1 },
    ]);
    expect((await get(`/api/organizations/${org.hq}/children`, token.choi)).body.map((n: { id: number }) => n.id)).toEqual([org.sales]);
    expect((await get("/api/organizations/user/representative", token.choi)).body.id).toBe(org.east);
  });

  test("other nodes, and the members of anything but their own organisations, answer 404", async () => {
    expect((await get(`/api/organizations/${org.dev}/children`, token.choi)).status).toBe(404);
    expect((await get(`/api/organizations/${org.board}/children`, token.choi)).status).toBe(404);
    expect((await get(`/api/users/organization/${org.sales}`, token.choi)).status).toBe(404);
    expect((await get(`/api/users/organization/${org.dev}`, token.choi)).status).toBe(404);
    const own = await get(`/api/users/organization/${org.east}`, token.choi);
    expect(own.status).toBe(200);
    expect(own.body.content.map((m: { id: number }) => m.id)).toEqual([user.choi]);
  });

  test("an administrator is never restricted", async () => {
    await t.call("PUT", `/api/admin/users/${user.kim}`, { token: A.token, json: { isOrgChartRestricted: true, role: "ROLE_ADMIN" } });
    expect((await get("/api/organizations", token.kim)).body).toHaveLength(3);
    await t.call("PUT", `/api/admin/users/${user.kim}`, { token: A.token, json: { role: "ROLE_USER" } });
    expect((await get("/api/organizations", token.kim)).body.map((n: { id: number }) => n.id)).toEqual([org.hq]);
    await t.call("PUT", `/api/admin/users/${user.kim}`, { token: A.token, json: { isOrgChartRestricted: false } });
    expect((await get("/api/organizations", token.kim)).body).toHaveLength(3);
  });
});
