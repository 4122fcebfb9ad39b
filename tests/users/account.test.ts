// The caller's own account: detail, quota, profile, language, theme, service config, tutorials.
import { describe, expect, test } from "vitest";
import { createTestApp, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const co = await signupCompany(t, { domain: "profile.test", name: "Choi" });
const as = { token: co.token };

describe("GET /api/users/detail and /api/users/quota", () => {
  test("answers every user-info field", async () => {
    const r = await t.call("GET", "/api/users/detail", as);
    expect(r.status).toBe(200);
    for (const f of ["username", "accountName", "displayName", "personalEmail", "languageType", "theme", "totalQuota", "usedSize", "ROLE", "roles", "isHr", "isOrgChartRestricted", "organId", "organRelationList", "JOIN_TYPE", "requestPasswordChange", "bypassTwoFactor", "twoFactorAuth", "companyId", "prevLoginTimeMillis", "deliveryUrl", "adminUrl"]) {
      expect(r.body, f).toHaveProperty(f);
    }
    expect(r.body).toMatchObject({ roles: ["ROLE_USER", "ROLE_ADMIN"], organRelationList: [], companyId: co.companyId, deliveryUrl: "http://localhost:8080", adminUrl: "/#/admin", switchedFrom: null });
    expect(r.body.usedModules).toContain("mail");
    expect(r.body.prevLoginTimeMillis).toEqual(expect.any(Number));
  });

  test("quota answers totalQuota and usedSize", async () => {
    const r = await t.call("GET", "/api/users/quota", as);
    expect(r.body).toEqual({ totalQuota: 10 * 1024 ** 3, usedSize: 0 });
  });
});

describe("profile, language and theme", () => {
  test("PUT /api/users/general saves name, personal email and language", async () => {
    const r = await t.call("PUT", "/api/users/general", { ...as, form: { accountName: " Choi Minsu ", personalEmail: "minsu@home.test", languageType: "EN" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ result: "SUCCESS" });
    const me = (await t.call("GET", "/api/users/detail", as)).body;
    expect(me).toMatchObject({ accountName: "Choi Minsu", displayName: "Choi Minsu", personalEmail: "minsu@home.test", languageType: "en" });
  });

  test("refuses an empty name or a bad personal email and changes nothing", async () => {
    const noName = await t.call("PUT", "/api/users/general", { ...as, form: { accountName: "  " } });
    expect(noName.status).toBe(400);
    expect(noName.body.code).toBe("user.name_required");
    const badMail = await t.call("PUT", "/api/users/general", { ...as, form: { accountName: "X", personalEmail: "nope@" } });
    expect(badMail.body.code).toBe("user.personal_email_invalid");
    const me = (await t.call("GET", "/api/users/detail", as)).body;
    expect(me.accountName).toBe("Choi Minsu");
  });

  test("PUT /api/users/language takes the upper-case code", async () => {
    expect((await t.call("PUT", "/api/users/language", { ...as, form: { languageType: "ID" } })).body).toEqual({ result: "SUCCESS", languageType: "id" });
    expect((await t.call("GET", "/api/users/detail", as)).body.languageType).toBe("id");
    const bad = await t.call("PUT", "/api/users/language", { ...as, form: { languageType: "FR" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("user.language_invalid");
  });

  test("PUT /api/users/theme/{theme} accepts the listed themes only", async () => {
    expect((await t.call("PUT", "/api/users/theme/teal", as)).status).toBe(200);
    expect((await t.call("GET", "/api/users/detail", as)).body.theme).toBe("teal");
    const bad = await t.call("PUT", "/api/users/theme/neon", as);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("user.theme_invalid");
    expect((await t.call("GET", "/api/users/detail", as)).body.theme).toBe("teal");
  });
});

describe("service config and tutorials", () => {
  test("defaults: mail first, every tutorial on", async () => {
    const r = await t.call("GET", "/api/users/service/config", as);
    expect(r.body).toEqual({
      firstScreenModuleType: "mail", homeTutorial: true, mailTutorial: true, calendarTutorial: true,
      contactTutorial: true, driveTutorial: true, boardTutorial: true, workflowTutorial: true,
    });
  });

  test("PUT with a config body (wrapped or not) changes only what it names", async () => {
    const r = await t.call("PUT", "/api/users/service/config", { ...as, json: { config: { firstScreenModuleType: "calendar", mailTutorial: false } } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ firstScreenModuleType: "calendar", mailTutorial: false, homeTutorial: true });
    await t.call("PUT", "/api/users/service/config", { ...as, json: { driveTutorial: false } });
    const now = (await t.call("GET", "/api/users/service/config", as)).body;
    expect(now).toMatchObject({ firstScreenModuleType: "calendar", mailTutorial: false, driveTutorial: false, boardTutorial: true });
    const bad = await t.call("PUT", "/api/users/service/config", { ...as, json: { firstScreenModuleType: "casino" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("user.module_invalid");
  });

  test("PUT .../{module}/tutorial/{status} switches one tutorial", async () => {
    const off = await t.call("PUT", "/api/users/service/config/board/tutorial/0", as);
    expect(off.body.boardTutorial).toBe(false);
    const on = await t.call("PUT", "/api/users/service/config/board/tutorial/true", as);
    expect(on.body.boardTutorial).toBe(true);
    expect((await t.call("PUT", "/api/users/service/config/casino/tutorial/1", as)).body.code).toBe("user.module_invalid");
    expect((await t.call("PUT", "/api/users/service/config/board/tutorial/maybe", as)).status).toBe(400);
  });

  test("every call here needs a token", async () => {
    for (const [m, p] of [["GET", "/api/users/detail"], ["GET", "/api/users/quota"], ["PUT", "/api/users/theme/light"], ["GET", "/api/users/service/config"], ["GET", "/api/history/account"]]) {
      expect((await t.call(m, p)).status, p).toBe(401);
    }
  });
});
