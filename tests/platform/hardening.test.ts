// Inputs that once reached the database or the file system unchecked: far-future dates, malformed paths,
// links the shell would render.
import { describe, expect, test } from "vitest";
import { createTestApp, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const co = await signupCompany(t, { domain: "hardening.test" });
const AFTER_9999 = 253_402_300_800_000;

describe("hardening", () => {
  test("dates after the year 9999 are refused with 400, not a 500", async () => {
    const share = await t.call("POST", "/api/users/accounts", { token: co.token, json: { sharedToUserId: 1, expireTimeMillis: AFTER_9999 } });
    expect(share.status).toBe(400);
    const recent = await t.call("GET", `/api/announce/recent?timeMillis=${AFTER_9999}`, { token: co.token });
    expect(recent.status).toBe(400);
  });

  test("a malformed asset path answers 404", async () => {
    const r = await t.call("GET", "/assets/%E0%A4%A");
    expect(r.status).toBe(404);
  });

  test("custom menu and help links must be http(s)", async () => {
    const r = await t.call("PUT", "/api/admin/company", {
      token: co.token,
      json: { customizeUI: { flagAppFolder: 1, ui: { help: true, helpUrl: "javascript:alert(1)" }, customMenuList: [] } },
    });
    expect(r.status).toBe(400);
    const ok = await t.call("PUT", "/api/admin/company", {
      token: co.token,
      json: { customizeUI: { flagAppFolder: 1, ui: { help: true, helpUrl: "https://help.hardening.test" }, customMenuList: [] } },
    });
    expect(ok.status).toBe(200);
  });
});
