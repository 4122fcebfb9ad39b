// The security headers every response carries (server/lib/security-headers.ts): nosniff and the referrer
// policy everywhere; the shell's strict Content-Security-Policy on HTML pages, a deny-all one on JSON, and a
// download's own sandboxing policy kept as it is. The browser side (the UI working under the policy) is
// tests/e2e/content-security-policy.test.ts.
import { describe, expect, test } from "vitest";
import { NON_HTML_POLICY, SHELL_POLICY } from "../../server/lib/security-headers.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";
import { build, file, userIdOf } from "../mail/reading/support.ts";

const t = await createTestApp();
const co = await signupCompany(t, { domain: "headers.test" });

/** The directives of a policy by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map((policy ?? "").split(";").map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([n, ...v]) => [n, v]));
}

function expectCommon(h: Headers) {
  expect(h.get("x-content-type-options")).toBe("nosniff");
  expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

describe("security headers", () => {
  test("the shell: scripts from this origin only, never framed, no plugins, no <base>", async () => {
    for (const path of ["/", "/index.html"]) {
      const r = await t.call("GET", path);
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toMatch(/^text\/html/);
      expectCommon(r.headers);
      expect(r.headers.get("content-security-policy")).toBe(SHELL_POLICY);
    }
    const d = directives(SHELL_POLICY);
    expect(d.get("script-src")).toEqual(["'self'"]);
    expect(d.get("default-src")).toEqual(["'self'"]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'none'"]);
    expect(SHELL_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });

  test("a built asset, the health check, JSON, an error and a 404: nosniff, referrer policy, deny-all policy", async () => {
    const shell = await t.call("GET", "/");
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(shell.body)![1];
    for (const [path, status] of [[asset, 200], ["/healthz", 200], ["/api/users/me", 401], ["/api/no-such-route", 404], ["/no-such-page", 404]] as const) {
      const r = await t.call("GET", path);
      expect(r.status, path).toBe(status);
      expectCommon(r.headers);
      expect(r.headers.get("content-security-policy"), path).toBe(NON_HTML_POLICY);
    }
    const signedIn = await t.call("GET", "/api/mail/config", { token: co.token });
    expect(signedIn.status).toBe(200);
    expectCommon(signedIn.headers);
    expect(signedIn.headers.get("content-security-policy")).toBe(NON_HTML_POLICY);
    const bad = await t.call("POST", "/oauth/token", { form: { grant_type: "password" } });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expectCommon(bad.headers);
  });

  test("a mail's original shown as text keeps its own sandboxing policy", async () => {
    const who = { ...co, userId: await userIdOf(t, co.username) };
    const mailId = await file(t, who, build({ to: co.username, subject: "Original", html: "<p>hello</p>" }));
    const r = await t.call("GET", `/api/mails/view/original/${mailId}/view`, { token: co.token });
    expect(r.status).toBe(200);
    expectCommon(r.headers);
    expect(r.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });
});
