// Address autocomplete of users and organisations, and the member count behind an organisation address.
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
const search = (qs: string, tk = token.user) => t.call("GET", `/api/autocomplete/email?${qs}`, { token: tk });
const brief = (items: { type: string; name: string }[]) => items.map((i) => `${i.type}:${i.name}`);

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test", name: "Admin Alpha" });
  B = await signupCompany(t, { domain: "beta.test", name: "Admin Beta" });
  org.kimchi = (await newOrg(A.token, { name: "Kimchi Lab", email: "kimchi-lab@alpha.test" })).id;
  org.design = (await newOrg(A.token, { name: "Design", email: "design@alpha.test" })).id;
  org.noMail = (await newOrg(A.token, { name: "Kim Without Mail" })).id;
  org.bTeam = (await newOrg(B.token, { name: "Kim Beta Team", email: "kim-team@beta.test" })).id;

  user.minsu = (await newUser(A.token, { loginId: "minsu", accountName: "Kimbap Minsu", organIds: [org.kimchi] })).id;
  user.jimin = (await newUser(A.token, { loginId: "jimin", accountName: "Park Jimin", organIds: [org.design, org.kimchi] })).id;
  user.akim = (await newUser(A.token, { loginId: "akim", accountName: "Lee Akim", organIds: [org.design] })).id;
  user.pct = (await newUser(A.token, { loginId: "pct", accountName: "Kim 100%" })).id;
  user.off = (await newUser(A.token, { loginId: "kimoff", accountName: "Kim Inactive", organIds: [org.kimchi] })).id;
  user.restricted = (await newUser(A.token, { loginId: "solo", accountName: "Solo Kim", organIds: [org.design] })).id;
  user.bKim = (await newUser(B.token, { loginId: "kim", accountName: "Kim Beta" })).id;
  await t.call("PUT", `/api/admin/users/${user.off}`, { token: A.token, json: { status: "INACTIVE" } });
  await t.call("PUT", `/api/admin/users/${user.restricted}`, { token: A.token, json: { isOrgChartRestricted: true } });
  token.user = (await login(t, "jimin@alpha.test", PW)).access_token;
  token.restricted = (await login(t, "solo@alpha.test", PW)).access_token;
});

describe("GET /api/autocomplete/email", () => {
  test("finds users and addressed organisations of the caller's company, prefix matches first", async () => {
    const r = await search("query=kim");
    expect(r.status).toBe(200);
    expect(brief(r.body.content)).toEqual([
      "USER:Kim 100%", "USER:Kimbap Minsu", "ORGANIZATION:Kimchi Lab", "USER:Lee Akim", "USER:Solo Kim",
    ]);
    expect(r.body).toMatchObject({ totalElements: 5, totalPages: 1, page: 0, pageSize: 10 });
    expect(r.body.content[1]).toEqual({ type: "USER", id: user.minsu, name: "Kimbap Minsu", email: "minsu@alpha.test", organizationName: "Kimchi Lab" });
    expect(r.body.content[2]).toEqual({ type: "ORGANIZATION", id: org.kimchi, name: "Kimchi Lab", email: "kimchi-lab@alpha.test" });
    expect(r.body.content[0].organizationName).toBeNull();
  });

  test("matches the address too, case-insensitively; a user's organisation is the representative one", async () => {
    const r = await search("query=JIMIN@ALPHA");
    expect(r.body.content).toEqual([
      { type: "USER", id: user.jimin, name: "Park Jimin", email: "jimin@alpha.test", organizationName: "Design" },
    ]);
  });

  test("typeList narrows the kinds, in bracket, repeated or comma form", async () => {
    const users = await search("query=kim&typeList[]=USER");
    expect(brief(users.body.content)).toEqual(["USER:Kim 100%", "USER:Kimbap Minsu", "USER:Lee Akim", "USER:Solo Kim"]);
    const orgs = await search("query=kim&typeList=ORGANIZATION");
    expect(brief(orgs.body.content)).toEqual(["ORGANIZATION:Kimchi Lab"]);
    expect(orgs.body.totalElements).toBe(1);
    const both = await search("query=design&typeList=USER,ORGANIZATION");
    expect(brief(both.body.content)).toEqual(["ORGANIZATION:Design"]);
    const bad = await search("query=kim&typeList[]=GROUP");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("common.validation");
  });

  test("pages the merged list", async () => {
    const p0 = await search("query=kim&pageSize=2&page=0");
    const p2 = await search("query=kim&pageSize=2&page=2");
    expect(p0.body).toMatchObject({ totalElements: 5, totalPages: 3, page: 0, pageSize: 2 });
    expect(brief(p0.body.content)).toEqual(["USER:Kim 100%", "USER:Kimbap Minsu"]);
    expect(brief(p2.body.content)).toEqual(["USER:Solo Kim"]);
    expect((await search("query=kim&pageSize=2&page=9")).body.content).toEqual([]);
  });

  test("% and _ in the query are taken literally", async () => {
    expect(brief((await search("query=%25")).body.content)).toEqual(["USER:Kim 100%"]);
    expect((await search("query=k_m")).body.content).toEqual([]);
  });

  test("leaves out inactive users, organisations without an address and other companies", async () => {
    const r = await search("query=kim&pageSize=50");
    const names = brief(r.body.content);
    expect(names).not.toContain("USER:Kim Inactive");
    expect(names).not.toContain("ORGANIZATION:Kim Without Mail");
    expect(names.some((n) => n.includes("Beta"))).toBe(false);
    const b = await search("query=kim", B.token);
    expect(brief(b.body.content)).toEqual(["USER:Kim Beta", "ORGANIZATION:Kim Beta Team"]);
  });

  test("an empty or missing query is a 400; no token is a 401", async () => {
    for (const qs of ["query=", "query=%20%20", "", "query=kim&pageSize=0"]) {
      const r = await search(qs);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("common.validation");
    }
    expect((await t.call("GET", "/api/autocomplete/email?query=kim")).status).toBe(401);
  });

  test("an org-chart-restricted user finds only colleagues of their organisations and visible organisations", async () => {
    const r = await search("query=kim", token.restricted);
    expect(brief(r.body.content)).toEqual(["USER:Lee Akim", "USER:Solo Kim"]);
    const colleagues = await search("query=alpha.test&typeList[]=USER", token.restricted);
    expect(brief(colleagues.body.content)).toEqual(["USER:Lee Akim", "USER:Park Jimin", "USER:Solo Kim"]);
    expect(brief((await search("query=design", token.restricted)).body.content)).toEqual(["ORGANIZATION:Design"]);
    // Jimin's representative (Design) is visible to the restricted user and is the one shown.
    expect(colleagues.body.content[1].organizationName).toBe("Design");
  });
});

describe("GET /api/autocomplete/group/usercount", () => {
  test("answers the active members behind an organisation address", async () => {
    const r = await t.call("GET", "/api/autocomplete/group/usercount?email=KIMCHI-LAB@alpha.test", { token: token.user });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ email: "kimchi-lab@alpha.test", userCount: 2 });
    expect((await t.call("GET", "/api/autocomplete/group/usercount?email=design@alpha.test", { token: token.user })).body)
      .toEqual({ email: "design@alpha.test", userCount: 3 });
  });

  test("a user address, an unknown address or another company's address answers 404", async () => {
    for (const email of ["jimin@alpha.test", "nobody@alpha.test", "kim-team@beta.test"]) {
      const r = await t.call("GET", `/api/autocomplete/group/usercount?email=${email}`, { token: token.user });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("common.404");
    }
  });

  test("a malformed address is a 400; a restricted user cannot count hidden organisations", async () => {
    const bad = await t.call("GET", "/api/autocomplete/group/usercount?email=not-an-address", { token: token.user });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("common.validation");
    const hidden = await t.call("GET", "/api/autocomplete/group/usercount?email=kimchi-lab@alpha.test", { token: token.restricted });
    expect(hidden.status).toBe(404);
    const own = await t.call("GET", "/api/autocomplete/group/usercount?email=design@alpha.test", { token: token.restricted });
    expect(own.body).toEqual({ email: "design@alpha.test", userCount: 3 });
  });
});
