// Connecting Google calendars (issue 23 "External Google Calendar"; 001 §7 oauth2/authorization,
// login/oauth2/code, api/oauth2/connections; §8 reasons) against the stand-in Google on loopback: the
// administrator's settings (defaults, validation, the secret kept encrypted), the popup's authorisation-code
// flow with PKCE and a signed state bound to the user and the browser, a refused consent (REJECTED), a grant
// without the calendar scope (INVALID_SCOPE), an unreachable provider (NETWORK_ERROR), spent or forged
// states, another company's view (nothing; a foreign id answers 404 as a missing one), and disconnecting
// (revoked at the provider, the calendars gone).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { externalConnections, externalOauthPending, externalServiceSettings } from "../../db/schema/index.ts";
import { purgeExpiredAuthorizations } from "../../server/modules/external-services/flow.ts";
import { ExternalServiceError, providerFetch } from "../../server/modules/external-services/http.ts";
import { providerOf } from "../../server/modules/external-services/settings.ts";
import { startGoogleStandin } from "../support/google-standin.ts";
import { createTestApp } from "../support/test-app.ts";
import { type Co, company, type Member } from "./helpers.ts";
import { configureGoogle, connectGoogle, messageOf } from "./external-support.ts";

const t = await createTestApp();
const g = startGoogleStandin();
g.addCalendar({ id: "kim.google@gmail.test", summary: "Kim Google", backgroundColor: "#9FE1E7", primary: true, selected: true });
afterAll(() => g.close());
let A: Co, B: Co;
let kim: Member, lee: Member, park: Member;

beforeAll(async () => {
  A = await company(t, "ext-connect.test");
  B = await company(t, "ext-connect-b.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  park = await B.user("park");
});

describe("the administrator's settings", () => {
  test("start from Google's endpoints, switched off; only administrators read or write them", async () => {
    const r = await t.call("GET", "/api/admin/external-services", { token: A.admin.token });
    expect(r.status).toBe(200);
    const cal = r.body.find((s: { registrationId: string }) => s.registrationId === "google-calendar");
    expect(cal).toMatchObject({
      serviceType: "GOOGLE_CALENDAR", enabled: false, clientId: "", hasClientSecret: false,
      authorizationUri: "https://accounts.google.com/o/oauth2/v2/auth", tokenUri: "https://oauth2.googleapis.com/token",
      revocationUri: "https://oauth2.googleapis.com/revoke", apiBaseUrl: "https://www.googleapis.com/calendar/v3",
      redirectPath: "/login/oauth2/code/google-calendar",
    });
    expect(cal.scopes).toContain("https://www.googleapis.com/auth/calendar.readonly");
    expect((await t.call("GET", "/api/admin/external-services", { token: kim.token })).status).toBe(403);
    expect((await t.call("PUT", "/api/admin/external-services/google-calendar", { token: kim.token, json: {} })).status).toBe(403);
    const services = await t.call("GET", "/api/oauth2/services", { token: kim.token });
    expect(services.body).toContainEqual({ registrationId: "google-calendar", serviceType: "GOOGLE_CALENDAR", enabled: false });
  });

  test("bad input answers 400 with its code and changes nothing", async () => {
    const base = { enabled: true, clientId: g.clientId, clientSecret: g.clientSecret, scopes: "openid", ...g.endpoints };
    const badUrl = await t.call("PUT", "/api/admin/external-services/google-calendar", { token: A.admin.token, json: { ...base, tokenUri: "ftp://x" } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.code).toBe("external.url_invalid");
    const noSecret = await t.call("PUT", "/api/admin/external-services/google-calendar", { token: A.admin.token, json: { ...base, clientSecret: undefined } });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.code).toBe("external.client_secret_required");
    const unknown = await t.call("PUT", "/api/admin/external-services/nowhere", { token: A.admin.token, json: base });
    expect(unknown.status).toBe(404);
    expect(await t.deps.db.select().from(externalServiceSettings)).toEqual([]);
  });

  test("saved: the secret is never answered and is stored encrypted; a later save without it keeps it", async () => {
    const saved = await configureGoogle(t, A.admin, g);
    expect(saved).toMatchObject({ enabled: true, clientId: g.clientId, hasClientSecret: true, tokenUri: g.endpoints.tokenUri });
    expect(JSON.stringify(saved)).not.toContain(g.clientSecret);
    const [row] = await t.deps.db.select().from(externalServiceSettings).where(eq(externalServiceSettings.companyId, A.companyId));
    expect(row.clientSecretEnc).toBeTruthy();
    expect(row.clientSecretEnc).not.toContain(g.clientSecret);
    const again = await configureGoogle(t, A.admin, g, { clientSecret: undefined });
    expect(again.hasClientSecret).toBe(true);
    const services = await t.call("GET", "/api/oauth2/services", { token: kim.token });
    expect(services.body).toContainEqual({ registrationId: "google-calendar", serviceType: "GOOGLE_CALENDAR", enabled: true });
  });
});

describe("connecting", () => {
  test("a company without the settings cannot start", async () => {
    const r = await t.call("POST", "/api/oauth2/authorization/google-calendar", { token: park.token });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("external.not_configured");
    expect((await t.call("POST", "/api/oauth2/authorization/nowhere", { token: kim.token })).status).toBe(404);
    expect((await t.call("POST", "/api/oauth2/authorization/google-calendar")).status).toBe(401);
  });

  test("the code flow stores a connection with the account's address and name, tokens encrypted", async () => {
    const msg = await connectGoogle(t, kim);
    expect(msg).toMatchObject({ type: "gw-oauth2", registrationId: "google-calendar", errorMessage: null });
    expect(msg.connectionId).toBeGreaterThan(0);
    const p = msg.consent.searchParams;
    expect(p.get("client_id")).toBe(g.clientId);
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(p.get("redirect_uri")).toBe("http://localhost/login/oauth2/code/google-calendar");
    expect(p.get("access_type")).toBe("offline");
    expect(p.get("state")).toMatch(new RegExp(`^\\d+\\.${(await me(kim)).id}\\.`));
    const list = await t.call("GET", "/api/oauth2/connections?serviceType=GOOGLE_CALENDAR", { token: kim.token });
    expect(list.body).toEqual([expect.objectContaining({
      id: msg.connectionId, serviceType: "GOOGLE_CALENDAR", registrationId: "google-calendar",
      email: "kim.google@gmail.test", username: "Kim Google", errorMessage: null,
    })]);
    const [row] = await t.deps.db.select().from(externalConnections).where(eq(externalConnections.id, msg.connectionId!));
    expect(row.accessTokenEnc).not.toContain("ya29.");
    expect(row.refreshTokenEnc).not.toContain("1//");
    expect(row.expiresAt!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    // The same account again renews the one connection.
    const again = await connectGoogle(t, kim);
    expect(again.connectionId).toBe(msg.connectionId);
  });

  test("the popup's page tells the opener and closes, under a script nonce of its own", async () => {
    const start = await t.call("POST", "/api/oauth2/authorization/google-calendar", { token: kim.token });
    const popup = await t.app.request(start.body.url);
    const cookie = popup.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/login\/oauth2\//);
    const provider = await fetch(popup.headers.get("location")!, { redirect: "manual" });
    const back = new URL(provider.headers.get("location")!);
    const page = await t.app.request(`${back.pathname}${back.search}`, { headers: { cookie: cookie.split(";")[0] } });
    const csp = page.headers.get("content-security-policy")!;
    const nonce = /'nonce-([\w-]+)'/.exec(csp)![1];
    const html = await page.text();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain("window.opener.postMessage");
    expect(html).toContain("window.close()");
    expect(messageOf(html).errorMessage).toBeNull();
  });

  test("a spent ticket, a forged state or another browser's callback connects nothing", async () => {
    const before = (await t.deps.db.select().from(externalConnections)).length;
    const start = await t.call("POST", "/api/oauth2/authorization/google-calendar", { token: lee.token });
    const popup = await t.app.request(start.body.url);
    expect(popup.status).toBe(302);
    const reused = await t.app.request(start.body.url);
    expect(messageOf(await reused.text()).errorMessage).toBe("UNKNOWN");
    const provider = await fetch(popup.headers.get("location")!, { redirect: "manual" });
    const back = new URL(provider.headers.get("location")!);
    // No cookie: another browser brought the answer here.
    const noCookie = await t.app.request(`${back.pathname}${back.search}`);
    expect(messageOf(await noCookie.text()).errorMessage).toBe("UNKNOWN");
    const forged = new URL(back);
    forged.searchParams.set("state", back.searchParams.get("state")!.replace(/\.[\w-]+$/, ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
    const cookie = popup.headers.get("set-cookie")!.split(";")[0];
    const bad = await t.app.request(`${forged.pathname}${forged.search}`, { headers: { cookie } });
    expect(messageOf(await bad.text()).errorMessage).toBe("UNKNOWN");
    expect((await t.deps.db.select().from(externalConnections)).length).toBe(before);
  });

  test("a refused consent is REJECTED, a grant without the calendar scope INVALID_SCOPE (and revoked)", async () => {
    g.switches.refuseConsent = true;
    expect((await connectGoogle(t, lee)).errorMessage).toBe("REJECTED");
    g.switches.refuseConsent = false;
    g.switches.dropCalendarScope = true;
    const revoked = g.counts.revocations;
    const missing = await connectGoogle(t, lee);
    g.switches.dropCalendarScope = false;
    expect(missing).toMatchObject({ errorMessage: "INVALID_SCOPE", connectionId: null });
    expect(g.counts.revocations).toBe(revoked + 1);
    expect((await t.call("GET", "/api/oauth2/connections", { token: lee.token })).body).toEqual([]);
  });

  test("a provider that cannot be reached is NETWORK_ERROR", async () => {
    await configureGoogle(t, A.admin, g, { clientSecret: undefined, tokenUri: "http://127.0.0.1:9/token" });
    try {
      expect((await connectGoogle(t, lee)).errorMessage).toBe("NETWORK_ERROR");
    } finally {
      await configureGoogle(t, A.admin, g, { clientSecret: undefined });
    }
  });
});

describe("outbound calls", () => {
  test("go only to the configured hosts, and to internal addresses only when allowed", async () => {
    const provider = await providerOf(t.deps, A.companyId, "google-calendar");
    const elsewhere = await providerFetch(t.deps, provider, "http://127.0.0.2:9/x").catch((e) => e);
    expect(elsewhere).toBeInstanceOf(ExternalServiceError);
    expect(elsewhere.message).toContain("is not configured");
    const strict = { ...t.deps, config: { ...t.deps.config, EXTERNAL_SERVICES_ALLOW_PRIVATE_HOSTS: false } };
    const internal = await providerFetch(strict, provider, g.endpoints.userInfoUri).catch((e) => e);
    expect(internal).toBeInstanceOf(ExternalServiceError);
    expect(internal.message).toMatch(/only https|internal/);
    const allowed = await providerFetch(t.deps, provider, g.endpoints.userInfoUri);
    expect(allowed.status).toBe(401); // reached the stand-in (no token given)
    await allowed.body?.cancel();
  });
});

describe("authorisations nobody finished", () => {
  test("are swept once expired", async () => {
    await t.call("POST", "/api/oauth2/authorization/google-calendar", { token: lee.token });
    expect(await purgeExpiredAuthorizations(t.deps)).toBe(0);
    t.clock.advance(11 * 60_000);
    expect(await purgeExpiredAuthorizations(t.deps)).toBeGreaterThan(0);
    expect(await t.deps.db.select().from(externalOauthPending)).toEqual([]);
  });
});

describe("another company, another user", () => {
  test("see none of the connections; a foreign id answers as a missing one", async () => {
    const [conn] = (await t.call("GET", "/api/oauth2/connections", { token: kim.token })).body;
    expect((await t.call("GET", "/api/oauth2/connections", { token: park.token })).body).toEqual([]);
    expect((await t.call("GET", "/api/oauth2/connections", { token: lee.token })).body).toEqual([]);
    for (const who of [park, lee]) {
      const cals = await t.call("GET", `/api/external/calendars?connectionId=${conn.id}`, { token: who.token });
      expect(cals.status).toBe(404);
      const missing = await t.call("GET", "/api/external/calendars?connectionId=99999999", { token: who.token });
      expect(cals.body).toEqual(missing.body);
      expect((await t.call("DELETE", `/api/oauth2/connections/${conn.id}`, { token: who.token })).status).toBe(404);
    }
    expect((await t.call("GET", "/api/oauth2/connections", { token: kim.token })).body).toHaveLength(1);
  });

  test("a company without the calendar answers 403 calendar.disabled on the external calendar calls", async () => {
    const off = await t.call("PUT", "/api/admin/company", { token: B.admin.token, json: { useCalendar: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const r = await t.call("GET", "/api/external/calendars?connectionId=1", { token: park.token });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("calendar.disabled");
  });
});

describe("disconnecting", () => {
  test("revokes at Google and removes the connection with its calendars", async () => {
    const [conn] = (await t.call("GET", "/api/oauth2/connections", { token: kim.token })).body;
    const synced = await t.call("GET", `/api/external/calendars?connectionId=${conn.id}&sync=true`, { token: kim.token });
    expect(synced.body.calendars).toHaveLength(1);
    const revoked = g.counts.revocations;
    const del = await t.call("DELETE", `/api/oauth2/connections/${conn.id}`, { token: kim.token });
    expect(del.status).toBe(204);
    expect(g.counts.revocations).toBe(revoked + 1);
    expect((await t.call("GET", "/api/oauth2/connections", { token: kim.token })).body).toEqual([]);
    const tree = await t.call("GET", "/api/calendar/find", { token: kim.token });
    expect(tree.body.filter((c: { type: string }) => c.type === "EXTERNAL")).toEqual([]);
  });
});

async function me(who: Member) {
  return (await t.call("GET", "/api/users/detail", { token: who.token })).body as { id: number };
}
