// Administration of users: create, list, read, edit, password reset, memberships, soft delete.
import { beforeAll, describe, expect, test } from "vitest";
import { OAUTH_BASIC_HEADER } from "../../shared/auth.ts";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const PW = "Us3r!pass";
const PW2 = "N3w!passw";

let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
const org: Record<string, number> = {};
let bUserId = 0;
let userToken = "";

const call = (method: string, path: string, tk: string, json?: unknown) => t.call(method, path, { token: tk, json });
async function newOrg(tk: string, json: Record<string, unknown>) {
  const r = await call("POST", "/api/admin/organizations", tk, json);
  expect(r.status).toBe(201);
  return r.body.id as number;
}
async function newUser(tk: string, json: Record<string, unknown>) {
  const r = await call("POST", "/api/admin/users", tk, { password: PW, ...json });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
const tryLogin = (username: string, password: string) =>
  t.call("POST", "/oauth/token", { headers: { authorization: OAUTH_BASIC_HEADER }, form: { grant_type: "password", username, password } });

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  B = await signupCompany(t, { domain: "beta.test" });
  org.sales = await newOrg(A.token, { name: "Sales" });
  org.dev = await newOrg(A.token, { name: "Dev" });
  org.group = await newOrg(A.token, { name: "Group", email: "group@alpha.test" });
  org.beta = await newOrg(B.token, { name: "Beta" });
  bUserId = (await newUser(B.token, { loginId: "bee", accountName: "Bee Beta", organIds: [org.beta] })).id;
  await newUser(A.token, { loginId: "plain", accountName: "Plain User", requestPasswordChange: false });
  userToken = (await login(t, "plain@alpha.test", PW)).access_token;
});

describe("POST /api/admin/users", () => {
  test("creates a user named loginId@primary domain, with memberships, and answers 201", async () => {
    const r = await call("POST", "/api/admin/users", A.token, {
      loginId: "Hong.GD", accountName: "Hong Gildong", password: PW, isHr: true, personalEmail: "hong@home.test",
      jobGrade: "Senior", position: "Lead", organIds: [org.dev], managerOrganIds: [org.sales], totalQuota: 5_000_000,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      username: "hong.gd@alpha.test", accountName: "Hong Gildong", personalEmail: "hong@home.test", role: "ROLE_USER",
      isHr: true, isOrgChartRestricted: false, bypassTwoFactor: false, twoFactorAuth: false, jobGrade: "Senior",
      position: "Lead", totalQuota: 5_000_000, usedSize: 0, status: "ACTIVE", languageType: "ko",
      requestPasswordChange: true, organId: org.dev, lastLoginTimeMillis: null,
    });
    expect(r.body.organRelationList).toEqual([
      { organId: org.sales, organName: "Sales", manager: true },
      { organId: org.dev, organName: "Dev", manager: false },
    ]);
    const tokens = await login(t, "hong.gd@alpha.test", PW);
    const me = await t.call("GET", "/api/users/detail", { token: tokens.access_token });
    expect(me.body).toMatchObject({ username: "hong.gd@alpha.test", companyId: A.companyId, requestPasswordChange: true, organId: org.dev });
  });

  test("a taken username, or an organisation's address, answers 409 user.username_in_use", async () => {
    for (const loginId of ["hong.gd", "HONG.GD", "group", "admin"]) {
      const r = await call("POST", "/api/admin/users", A.token, { loginId, accountName: "X", password: PW });
      expect(r.status).toBe(409);
      expect(r.body.code).toBe("user.username_in_use");
    }
  });

  test("creates a user in the language chosen (upper or lower case); ko when left out", async () => {
    // In company B, so A's user counts below stay as they are.
    const budi = await newUser(B.token, { loginId: "budi", accountName: "Budi Santoso", languageType: "ID", requestPasswordChange: false });
    expect(budi.languageType).toBe("id");
    const me = await t.call("GET", "/api/users/detail", { token: (await login(t, "budi@beta.test", PW)).access_token });
    expect(me.body.languageType).toBe("id");
    const en = await newUser(B.token, { loginId: "ellen", accountName: "Ellen", languageType: "en" });
    expect(en.languageType).toBe("en");
    expect((await newUser(B.token, { loginId: "kor", accountName: "Kor" })).languageType).toBe("ko");
  });

  test("bad input answers 400 with the field's code, and creates nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ loginId: "1abc" }, "user.login_id_invalid"],
      [{ password: "short" }, "user.password_invalid"],
      [{ accountName: "" }, "user.name_required"],
      [{ accountName: undefined }, "user.name_required"],
      [{ role: "ROLE_ROOT" }, "user.role_invalid"],
      [{ totalQuota: -1 }, "user.quota_invalid"],
      // 99999 GB: refused, not saved as the 1 TB maximum.
      [{ totalQuota: 99999 * 1024 ** 3 }, "user.quota_invalid"],
      [{ totalQuota: 1024 ** 4 + 1 }, "user.quota_invalid"],
      [{ languageType: "fr" }, "user.language_invalid"],
      [{ languageType: 1 }, "user.language_invalid"],
      [{ personalEmail: "nope" }, "user.personal_email_invalid"],
      [{ organIds: [org.beta] }, "organization.unknown"],
      [{ managerOrganIds: [999999] }, "organization.unknown"],
      [{ organIds: ["x"] }, "common.validation"],
    ];
    for (const [patch, code] of cases) {
      const r = await call("POST", "/api/admin/users", A.token, { loginId: "newbie", accountName: "New", password: PW, ...patch });
      expect(r.status, code).toBe(400);
      expect(r.body.code).toBe(code);
    }
    const list = await call("GET", "/api/admin/users?searchWord=newbie", A.token);
    expect(list.body.totalElements).toBe(0);
  });
});

describe("GET /api/admin/users", () => {
  test("pages the company's users by name; searches name and username with % and _ literal", async () => {
    await newUser(A.token, { loginId: "per_cent", accountName: "50% Off" });
    await newUser(A.token, { loginId: "perxcent", accountName: "Perx" });
    const all = await call("GET", "/api/admin/users?pageSize=2", A.token);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ totalElements: 5, totalPages: 3, page: 0, pageSize: 2 });
    expect(all.body.content.map((u: { accountName: string }) => u.accountName)).toEqual(["50% Off", "Hong Gildong"]);
    const names = async (w: string) =>
      (await call("GET", `/api/admin/users?searchWord=${encodeURIComponent(w)}`, A.token)).body.content.map((u: { username: string }) => u.username);
    expect(await names("%")).toEqual(["per_cent@alpha.test"]);
    expect(await names("r_c")).toEqual(["per_cent@alpha.test"]);
    expect(await names("PERX")).toEqual(["perxcent@alpha.test"]);
    expect(await names("bee")).toEqual([]);
  });

  test("filters by status; bad status is a 400", async () => {
    const r = await call("GET", "/api/admin/users?status=INACTIVE", A.token);
    expect(r.body.totalElements).toBe(0);
    const bad = await call("GET", "/api/admin/users?status=DELETED", A.token);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("user.status_invalid");
  });
});

describe("PUT /api/admin/users/:id", () => {
  test("edits the fields and answers the user", async () => {
    const u = await newUser(A.token, { loginId: "edit", accountName: "Before" });
    const r = await call("PUT", `/api/admin/users/${u.id}`, A.token, {
      accountName: "After", isHr: true, isOrgChartRestricted: true, bypassTwoFactor: true, jobGrade: "Staff",
      position: "", totalQuota: 1234, languageType: "EN",
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: u.id, accountName: "After", isHr: true, isOrgChartRestricted: true, bypassTwoFactor: true, jobGrade: "Staff",
      position: null, totalQuota: 1234, languageType: "en", role: "ROLE_USER", status: "ACTIVE",
    });
    expect((await call("GET", `/api/admin/users/${u.id}`, A.token)).body).toEqual(r.body);
    const bad = await call("PUT", `/api/admin/users/${u.id}`, A.token, { status: "DELETED" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("user.status_invalid");
    expect((await call("PUT", `/api/admin/users/${u.id}`, A.token, { totalQuota: 0 })).body.code).toBe("user.quota_invalid");
  });

  test("INACTIVE signs the user out and blocks sign-in; ACTIVE lets them back", async () => {
    const u = await newUser(A.token, { loginId: "sleepy", accountName: "Sleepy" });
    const tk = (await login(t, "sleepy@alpha.test", PW)).access_token;
    expect((await t.call("GET", "/api/users/detail", { token: tk })).status).toBe(200);
    const r = await call("PUT", `/api/admin/users/${u.id}`, A.token, { status: "INACTIVE" });
    expect(r.body.status).toBe("INACTIVE");
    expect((await t.call("GET", "/api/users/detail", { token: tk })).status).toBe(401);
    const denied = await tryLogin("sleepy@alpha.test", PW);
    expect(denied.status).toBe(401);
    expect(denied.body.code).toBe("auth.account_disabled");
    await call("PUT", `/api/admin/users/${u.id}`, A.token, { status: "ACTIVE" });
    expect((await tryLogin("sleepy@alpha.test", PW)).status).toBe(200);
  });

  test("a promoted user may use the admin API; a demoted one gets 403", async () => {
    const u = await newUser(A.token, { loginId: "boss", accountName: "Boss", requestPasswordChange: false });
    const tk = (await login(t, "boss@alpha.test", PW)).access_token;
    expect((await call("GET", "/api/admin/users", tk)).status).toBe(403);
    await call("PUT", `/api/admin/users/${u.id}`, A.token, { role: "ROLE_ADMIN" });
    expect((await call("GET", "/api/admin/users", tk)).status).toBe(200);
    await call("PUT", `/api/admin/users/${u.id}`, A.token, { role: "ROLE_USER" });
    expect((await call("GET", "/api/admin/users", tk)).status).toBe(403);
  });
});

describe("PUT /api/admin/users/:id/password", () => {
  test("resets the password without the history rule, asks for a change and signs the user out", async () => {
    const u = await newUser(A.token, { loginId: "forgetful", accountName: "Forgetful", requestPasswordChange: false });
    const tk = (await login(t, "forgetful@alpha.test", PW)).access_token;
    const r = await call("PUT", `/api/admin/users/${u.id}/password`, A.token, { password: PW2 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ result: "SUCCESS" });
    expect((await t.call("GET", "/api/users/detail", { token: tk })).status).toBe(401);
    expect((await tryLogin("forgetful@alpha.test", PW)).status).toBe(401);
    const fresh = (await login(t, "forgetful@alpha.test", PW2)).access_token;
    expect((await t.call("GET", "/api/users/detail", { token: fresh })).body.requestPasswordChange).toBe(true);
    // The same password again is allowed for an administrator's reset.
    const again = await call("PUT", `/api/admin/users/${u.id}/password`, A.token, { password: PW2, requestPasswordChange: false });
    expect(again.status).toBe(200);
    expect((await call("GET", `/api/admin/users/${u.id}`, A.token)).body.requestPasswordChange).toBe(false);
    const weak = await call("PUT", `/api/admin/users/${u.id}/password`, A.token, { password: "weak" });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe("user.password_invalid");
  });
});

describe("PUT /api/admin/users/:id/organizations", () => {
  test("replaces the memberships and the representative organisation", async () => {
    const u = await newUser(A.token, { loginId: "mover", accountName: "Mover", organIds: [org.sales], requestPasswordChange: false });
    const r = await call("PUT", `/api/admin/users/${u.id}/organizations`, A.token, {
      relations: [{ organId: org.sales, manager: false }, { organId: org.dev, manager: true }], organId: org.dev,
    });
    expect(r.status).toBe(200);
    expect(r.body.organId).toBe(org.dev);
    expect(r.body.organRelationList).toEqual([
      { organId: org.sales, organName: "Sales", manager: false },
      { organId: org.dev, organName: "Dev", manager: true },
    ]);
    const tk = (await login(t, "mover@alpha.test", PW)).access_token;
    expect((await t.call("GET", "/api/organizations/user/representative", { token: tk })).body.id).toBe(org.dev);
    const devMembers = await t.call("GET", `/api/users/organization/${org.dev}`, { token: tk });
    expect(devMembers.body.content).toContainEqual(expect.objectContaining({ id: u.id, manager: true }));

    const cleared = await call("PUT", `/api/admin/users/${u.id}/organizations`, A.token, { relations: [] });
    expect(cleared.body).toMatchObject({ organId: null, organRelationList: [] });
  });

  test("a representative outside the relations, or an unknown organisation, is a 400", async () => {
    const u = await newUser(A.token, { loginId: "stayer", accountName: "Stayer", organIds: [org.sales] });
    const rep = await call("PUT", `/api/admin/users/${u.id}/organizations`, A.token, { relations: [{ organId: org.sales }], organId: org.dev });
    expect(rep.status).toBe(400);
    expect(rep.body.code).toBe("organization.representative_invalid");
    const foreign = await call("PUT", `/api/admin/users/${u.id}/organizations`, A.token, { relations: [{ organId: org.beta }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe("organization.unknown");
    const missing = await call("PUT", `/api/admin/users/${u.id}/organizations`, A.token, {});
    expect(missing.status).toBe(400);
    expect((await call("GET", `/api/admin/users/${u.id}`, A.token)).body.organRelationList).toEqual([
      { organId: org.sales, organName: "Sales", manager: false },
    ]);
  });
});

describe("DELETE /api/admin/users/:id", () => {
  test("soft-deletes: 204, gone from the admin API and the chart, signed out, username kept reserved", async () => {
    const u = await newUser(A.token, { loginId: "leaver", accountName: "Leaver", organIds: [org.sales] });
    const tk = (await login(t, "leaver@alpha.test", PW)).access_token;
    const r = await call("DELETE", `/api/admin/users/${u.id}`, A.token);
    expect(r.status).toBe(204);
    expect(r.body).toBeNull();
    expect((await call("GET", `/api/admin/users/${u.id}`, A.token)).status).toBe(404);
    expect((await call("DELETE", `/api/admin/users/${u.id}`, A.token)).status).toBe(404);
    expect((await call("PUT", `/api/admin/users/${u.id}`, A.token, { accountName: "Back" })).status).toBe(404);
    expect((await call("GET", "/api/admin/users?searchWord=leaver", A.token)).body.totalElements).toBe(0);
    expect((await t.call("GET", "/api/users/detail", { token: tk })).status).toBe(401);
    expect((await tryLogin("leaver@alpha.test", PW)).body.code).toBe("auth.account_disabled");
    const members = await call("GET", `/api/users/organization/${org.sales}?pageSize=100`, A.token);
    expect(members.body.content.some((m: { id: number }) => m.id === u.id)).toBe(false);
    const again = await call("POST", "/api/admin/users", A.token, { loginId: "leaver", accountName: "New Leaver", password: PW });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("user.username_in_use");
  });

  test("an administrator cannot delete or deactivate their own account", async () => {
    const me = (await t.call("GET", "/api/users/detail", { token: A.token })).body.id;
    for (const [method, json] of [["DELETE", undefined], ["PUT", { status: "INACTIVE" }]] as const) {
      const r = await call(method, `/api/admin/users/${me}`, A.token, json);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe("user.self_forbidden");
    }
    expect((await call("GET", `/api/admin/users/${me}`, A.token)).body.status).toBe("ACTIVE");
  });
});

describe("the last administrator", () => {
  test("cannot be demoted, deactivated or deleted; another one can", async () => {
    const G = await signupCompany(t, { domain: "gamma.test" });
    const me = (await t.call("GET", "/api/users/detail", { token: G.token })).body.id;
    const demote = await call("PUT", `/api/admin/users/${me}`, G.token, { role: "ROLE_USER" });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe("company.last_admin");

    const second = await newUser(G.token, { loginId: "second", accountName: "Second", role: "ROLE_ADMIN", requestPasswordChange: false });
    const secondToken = (await login(t, "second@gamma.test", PW)).access_token;
    // With two administrators, one may step down; then the other is the last and cannot.
    expect((await call("PUT", `/api/admin/users/${me}`, G.token, { role: "ROLE_USER" })).body.role).toBe("ROLE_USER");
    expect((await call("GET", "/api/admin/users", G.token)).status).toBe(403);
    for (const json of [{ role: "ROLE_USER" }, { status: "INACTIVE" }]) {
      const r = await call("PUT", `/api/admin/users/${second.id}`, secondToken, json);
      expect(r.status).toBe(409);
    }
    const promoted = await call("PUT", `/api/admin/users/${me}`, secondToken, { role: "ROLE_ADMIN" });
    expect(promoted.body.role).toBe("ROLE_ADMIN");
    // Now the first may deactivate, then delete, the second.
    expect((await call("PUT", `/api/admin/users/${second.id}`, G.token, { status: "INACTIVE" })).body.status).toBe("INACTIVE");
    const lastNow = await call("PUT", `/api/admin/users/${me}`, G.token, { role: "ROLE_USER" });
    expect(lastNow.status).toBe(409);
    expect(lastNow.body.code).toBe("company.last_admin");
    expect((await call("DELETE", `/api/admin/users/${second.id}`, G.token)).status).toBe(204);
  });
});

describe("permissions and other companies", () => {
  test("a non-admin gets 403 common.403 on every user endpoint; no token gets 401", async () => {
    const paths: [string, string, unknown?][] = [
      ["GET", "/api/admin/users"], ["GET", `/api/admin/users/${bUserId}`],
      ["POST", "/api/admin/users", { loginId: "sneaky", accountName: "S", password: PW }],
      ["PUT", "/api/admin/users/1", { accountName: "X" }], ["PUT", "/api/admin/users/1/password", { password: PW2 }],
      ["PUT", "/api/admin/users/1/organizations", { relations: [] }], ["DELETE", "/api/admin/users/1"],
    ];
    for (const [method, path, json] of paths) {
      const r = await call(method, path, userToken, json);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.code).toBe("common.403");
      expect((await t.call(method, path, { json })).status).toBe(401);
    }
    expect((await call("GET", "/api/admin/users?searchWord=sneaky", A.token)).body.totalElements).toBe(0);
  });

  test("company B's user answers 404 to company A everywhere, and nothing of it changes", async () => {
    const before = (await call("GET", `/api/admin/users/${bUserId}`, B.token)).body;
    const attempts: [string, string, unknown?][] = [
      ["GET", `/api/admin/users/${bUserId}`],
      ["PUT", `/api/admin/users/${bUserId}`, { accountName: "Hacked", status: "INACTIVE", role: "ROLE_ADMIN" }],
      ["PUT", `/api/admin/users/${bUserId}/password`, { password: PW2 }],
      ["PUT", `/api/admin/users/${bUserId}/organizations`, { relations: [] }],
      ["DELETE", `/api/admin/users/${bUserId}`],
      ["GET", "/api/admin/users/999999"], ["GET", "/api/admin/users/abc"],
    ];
    for (const [method, path, json] of attempts) {
      const r = await call(method, path, A.token, json);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.code).toBe("common.404");
    }
    expect((await call("GET", "/api/admin/users?searchWord=bee&pageSize=100", A.token)).body.content).toEqual([]);
    const after = (await call("GET", `/api/admin/users/${bUserId}`, B.token)).body;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ accountName: "Bee Beta", status: "ACTIVE", role: "ROLE_USER" });
    expect((await tryLogin("bee@beta.test", PW)).status).toBe(200);
  });
});
