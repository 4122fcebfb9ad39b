import { describe, expect, test } from "vitest";
import { OAUTH_BASIC_HEADER } from "../../shared/auth.ts";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();

describe("sign-up, sign-in, refresh", () => {
  test("a company signs up and its admin signs in and refreshes", async () => {
    const co = await signupCompany(t, { domain: "acme.test" });
    expect(co.username).toBe("admin@acme.test");
    const me = await t.call("GET", "/api/users/detail", { token: co.token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe("admin@acme.test");
    expect(me.body.ROLE).toBe("ROLE_ADMIN");
    const refreshed = await t.call("POST", "/oauth/token", {
      headers: { authorization: OAUTH_BASIC_HEADER },
      form: { grant_type: "refresh_token", refresh_token: co.tokens.refresh_token },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(co.tokens.refresh_token);
    const again = await login(t, "admin@acme.test");
    expect(again.access_token).toBeTruthy();
  });
});
