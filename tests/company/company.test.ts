// GET /api/company and GET api/company/config/{module}.
import { describe, expect, test } from "vitest";
import { createTestApp, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const a = await signupCompany(t, { domain: "alpha-co.test" });
const b = await signupCompany(t, { domain: "beta-co.test" });

describe("company info", () => {
  test("answers the caller's own company with flags, UI customisation and security", async () => {
    const r = await t.call("GET", "/api/company", { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: a.companyId, domainStatus: "AVAILABLE", domains: ["alpha-co.test"], planType: "FREE",
      useHome: true, useMessenger: true, useTeamChat: true,
      customizeUI: { flagAppFolder: 1, ui: { help: false, helpUrl: null }, customMenuList: [] },
      logo: null, footer: null, pageTitle: null, security: { mfa: false },
    });
    const other = await t.call("GET", "/api/company", { token: b.token });
    expect(other.body.id).toBe(b.companyId);
    expect(other.body.domains).toEqual(["beta-co.test"]);
  });
});

describe("company module configs", () => {
  test("answer the spec's defaults (mail adds ours: the hourly send limit and what to do with own-domain spoofing, issue 22)", async () => {
    const get = async (m: string) => (await t.call("GET", `/api/company/config/${m}`, { token: a.token })).body;
    expect(await get("mail")).toEqual({ result: "SUCCESS", config: { largeFileMaxDuration: 7, largeFileMaxSize: 2, largeFileSizeUnit: "GB", isLargeAttPw: false, pop3: true, imap: true, sendLimitPerHour: 500, ownDomainSpoof: "MARK" } });
    expect(await get("drive")).toEqual({ result: "SUCCESS", config: { useGoogleDrive: false } });
    expect(await get("board")).toEqual({ result: "SUCCESS", config: { deletedPostMaxDuration: 7 } });
    expect(await get("approval")).toEqual({ result: "SUCCESS", config: { prevRejectUse: false, upperLineChangeUse: false } });
  });

  test("an unknown module answers 404 with its code", async () => {
    const r = await t.call("GET", "/api/company/config/casino", { token: a.token });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("company.config_module_invalid");
    expect((await t.call("GET", "/api/company/config/mail")).status).toBe(401);
  });
});
