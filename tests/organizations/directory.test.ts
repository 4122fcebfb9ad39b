// The company directory behind the recipient selector (GET /api/users/members): a search word finds active
// members anywhere in the company by name or address, whether they belong to an organisation or not;
// unassigned=true lists the members in no organisation. Never another company's users; an org-chart-restricted
// user finds only the members of their own organisations.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";
import { adminApi, USER_PASSWORD } from "../support/admin-api.ts";

const t = await createTestApp();

let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
const org: Record<string, number> = {};
const token: Record<string, string> = {};

const { newOrg, newUser } = adminApi(t);
const get = (path: string, tk: string) => t.call("GET", path, { token: tk });
const names = async (qs: string, tk = token.hong) => {
  const r = await get(`/api/users/members${qs}`, tk);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.content.map((m: { accountName: string }) => m.accountName);
};

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test", name: "김대표" });
  B = await signupCompany(t, { domain: "beta.test", name: "Beta Boss" });
  org.sales = (await newOrg(A.token, { name: "영업부" })).id;
  org.bTeam = (await newOrg(B.token, { name: "Beta Team" })).id;
  // A new company: most people are in no organisation yet.
  await newUser(A.token, { loginId: "hong", accountName: "홍길동" });
  await newUser(A.token, { loginId: "lee", accountName: "이영희", position: "대리" });
  await newUser(A.token, { loginId: "leesy", accountName: "이순영", organIds: [org.sales] });
  await newUser(A.token, { loginId: "p_ct", accountName: "50% Lee" });
  const gone = await newUser(A.token, { loginId: "gone", accountName: "이사간" });
  expect((await t.call("PUT", `/api/admin/users/${gone.id}`, { token: A.token, json: { status: "INACTIVE" } })).status).toBe(200);
  const choi = await newUser(A.token, { loginId: "choi", accountName: "최제한", organIds: [org.sales] });
  expect((await t.call("PUT", `/api/admin/users/${choi.id}`, { token: A.token, json: { isOrgChartRestricted: true } })).status).toBe(200);
  // Company B has a 이영희 and a lee of its own: never found from A.
  await newUser(B.token, { loginId: "lee", accountName: "이영희" });
  await newUser(B.token, { loginId: "leeb", accountName: "Lee Beta", organIds: [org.bTeam] });
  for (const u of ["hong", "choi"]) token[u] = (await login(t, `${u}@alpha.test`, USER_PASSWORD)).access_token;
  token.bLee = (await login(t, "lee@beta.test", USER_PASSWORD)).access_token;
});

describe("GET /api/users/members", () => {
  test("a search word finds active members across the whole company, with or without an organisation", async () => {
    const r = await get(`/api/users/members?searchWord=${encodeURIComponent("이영희")}`, token.hong);
    expect(r.body).toEqual({
      content: [{ id: expect.any(Number), accountName: "이영희", username: "lee@alpha.test", organizationName: null, jobGrade: null, position: "대리" }],
      totalElements: 1, totalPages: 1, page: 0, pageSize: 20,
    });
    // By address too, in and out of organisations; an inactive member is not found.
    expect(await names("?searchWord=lee")).toEqual(["50% Lee", "이순영", "이영희"]);
    const inSales = (await get("/api/users/members?searchWord=leesy", token.hong)).body.content[0];
    expect(inSales).toMatchObject({ accountName: "이순영", organizationName: "영업부" });
    expect(await names(`?searchWord=${encodeURIComponent("이사간")}`)).toEqual([]);
    // % and _ are matched literally.
    expect(await names(`?searchWord=${encodeURIComponent("%")}`)).toEqual(["50% Lee"]);
    expect(await names("?searchWord=p_c")).toEqual(["50% Lee"]);
  });

  test("without a search word: everyone active by name, or only those in no organisation, paged", async () => {
    expect(await names("")).toEqual(["50% Lee", "김대표", "이순영", "이영희", "최제한", "홍길동"]);
    expect(await names("?unassigned=true")).toEqual(["50% Lee", "김대표", "이영희", "홍길동"]);
    expect(await names(`?unassigned=true&searchWord=${encodeURIComponent("홍")}`)).toEqual(["홍길동"]);
    const page = await get("/api/users/members?unassigned=true&page=1&pageSize=3", token.hong);
    expect(page.body).toMatchObject({ totalElements: 4, totalPages: 2, page: 1, pageSize: 3 });
    expect(page.body.content.map((m: { accountName: string }) => m.accountName)).toEqual(["홍길동"]);
  });

  test("never answers another company's users", async () => {
    expect(await names("?searchWord=beta")).toEqual([]);
    const fromB = await names("?searchWord=lee", token.bLee);
    expect(fromB).toEqual(["Lee Beta", "이영희"]);
    const b = await get("/api/users/members?searchWord=lee", token.bLee);
    expect(b.body.content.map((m: { username: string }) => m.username).sort()).toEqual(["lee@beta.test", "leeb@beta.test"]);
    expect(await names("?unassigned=true", token.bLee)).toEqual(["Beta Boss", "이영희"]);
  });

  test("an org-chart-restricted user finds only the members of their own organisations", async () => {
    expect(await names("", token.choi)).toEqual(["이순영", "최제한"]);
    expect(await names("?searchWord=lee", token.choi)).toEqual(["이순영"]);
    expect(await names("?unassigned=true", token.choi)).toEqual([]);
  });

  test("bad parameters answer 400; no token answers 401", async () => {
    expect((await get("/api/users/members?unassigned=maybe", token.hong)).status).toBe(400);
    expect((await get("/api/users/members?pageSize=1000", token.hong)).status).toBe(400);
    expect((await t.call("GET", "/api/users/members")).status).toBe(401);
  });
});
