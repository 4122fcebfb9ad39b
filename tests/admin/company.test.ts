// Administration of the company: company info and per-module configs.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const PW = "Us3r!pass";

let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
let userToken = "";
const call = (method: string, path: string, tk: string, json?: unknown) => t.call(method, path, { token: tk, json });
const MAIL_DEFAULTS = { largeFileMaxDuration: 7, largeFileMaxSize: 2, largeFileSizeUnit: "GB", isLargeAttPw: false, pop3: true, imap: true, sendLimitPerHour: 500, ownDomainSpoof: "MARK" };

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test", companyName: "Alpha Inc" });
  B = await signupCompany(t, { domain: "beta.test", companyName: "Beta Inc" });
  expect((await call("POST", "/api/admin/users", A.token, { loginId: "plain", accountName: "Plain", password: PW })).status).toBe(201);
  userToken = (await login(t, "plain@alpha.test", PW)).access_token;
});

describe("PUT /api/admin/company", () => {
  test("updates name, flags, branding, MFA and UI customisation, and answers the company info", async () => {
    const customizeUI = {
      flagAppFolder: 0, ui: { help: true, helpUrl: "https://help.alpha.test" },
      customMenuList: [{ name: "Wiki", url: "https://wiki.alpha.test" }],
    };
    const r = await call("PUT", "/api/admin/company", A.token, {
      name: "Alpha Corp", useDrive: false, useTeamChat: false, securityMfa: true, footer: "(c) Alpha", pageTitle: "Alpha", customizeUI,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: A.companyId, name: "Alpha Corp", domains: ["alpha.test"], useDrive: false, useTeamChat: false, useBoard: true,
      footer: "(c) Alpha", pageTitle: "Alpha", logo: null, security: { mfa: true }, customizeUI,
    });
    const read = await t.call("GET", "/api/company", { token: userToken });
    expect(read.body).toEqual(r.body);
    const me = await t.call("GET", "/api/users/detail", { token: userToken });
    expect(me.body.usedModules).not.toContain("drive");
    // Fields left out are kept; null clears.
    const again = await call("PUT", "/api/admin/company", A.token, { footer: null });
    expect(again.body).toMatchObject({ name: "Alpha Corp", footer: null, security: { mfa: true }, useDrive: false });
  });

  test("invalid values are a 400 and change nothing", async () => {
    const before = (await t.call("GET", "/api/company", { token: A.token })).body;
    for (const json of [
      { planType: "GOLD" }, { useDrive: "no" }, { name: "" },
      { customizeUI: { flagAppFolder: 2, ui: { help: false, helpUrl: null }, customMenuList: [] } },
      { customizeUI: { flagAppFolder: 1, ui: { help: true, helpUrl: "not a url" }, customMenuList: [] } },
    ]) {
      const r = await call("PUT", "/api/admin/company", A.token, json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.code).toBe("common.validation");
    }
    expect((await t.call("GET", "/api/company", { token: A.token })).body).toEqual(before);
  });
});

describe("PUT /api/admin/company/config/:module", () => {
  test("merges the fields sent into the stored config", async () => {
    const r = await call("PUT", "/api/admin/company/config/mail", A.token, { pop3: false, largeFileSizeUnit: "MB" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ result: "SUCCESS", config: { ...MAIL_DEFAULTS, pop3: false, largeFileSizeUnit: "MB" } });
    // A second partial update keeps the first one's values (no defaults filled back in).
    const r2 = await call("PUT", "/api/admin/company/config/mail", A.token, { config: { largeFileMaxSize: 500 } });
    expect(r2.body.config).toEqual({ ...MAIL_DEFAULTS, pop3: false, largeFileSizeUnit: "MB", largeFileMaxSize: 500 });
    const read = await t.call("GET", "/api/company/config/mail", { token: userToken });
    expect(read.body).toEqual({ result: "SUCCESS", config: r2.body.config });
    const board = await call("PUT", "/api/admin/company/config/board", A.token, { deletedPostMaxDuration: 30 });
    expect(board.body).toEqual({ result: "SUCCESS", config: { deletedPostMaxDuration: 30 } });
    const approval = await call("PUT", "/api/admin/company/config/approval", A.token, { prevRejectUse: true });
    expect(approval.body.config).toEqual({ prevRejectUse: true, upperLineChangeUse: false });
    const drive = await call("PUT", "/api/admin/company/config/drive", A.token, {});
    expect(drive.body.config).toEqual({ useGoogleDrive: false });
  });

  test("unknown fields and invalid values are a 400; an unknown module is a 404", async () => {
    for (const json of [{ pop4: true }, { pop3: "yes" }, { largeFileSizeUnit: "TB" }, { largeFileMaxDuration: 0 }]) {
      const r = await call("PUT", "/api/admin/company/config/mail", A.token, json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.code).toBe("common.validation");
    }
    const unknown = await call("PUT", "/api/admin/company/config/calendar", A.token, { x: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("company.config_module_invalid");
    expect((await t.call("GET", "/api/company/config/mail", { token: A.token })).body.config.largeFileMaxSize).toBe(500);
  });
});

describe("permissions and other companies", () => {
  test("a non-admin gets 403 common.403; no token gets 401", async () => {
    for (const [path, json] of [["/api/admin/company", { name: "Hijack" }], ["/api/admin/company/config/mail", { pop3: true }]] as const) {
      const r = await call("PUT", path, userToken, json);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe("common.403");
      expect((await t.call("PUT", path, { json })).status).toBe(401);
    }
    expect((await t.call("GET", "/api/company", { token: A.token })).body.name).toBe("Alpha Corp");
  });

  test("company A's changes leave company B untouched", async () => {
    const b = await t.call("GET", "/api/company", { token: B.token });
    expect(b.body).toMatchObject({ id: B.companyId, name: "Beta Inc", useDrive: true, useTeamChat: true, security: { mfa: false }, footer: null });
    const bMail = await t.call("GET", "/api/company/config/mail", { token: B.token });
    expect(bMail.body.config).toEqual(MAIL_DEFAULTS);
    const bBoard = await t.call("GET", "/api/company/config/board", { token: B.token });
    expect(bBoard.body.config).toEqual({ deletedPostMaxDuration: 7 });
  });
});
