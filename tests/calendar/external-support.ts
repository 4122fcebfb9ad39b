// Set-up of the external calendar tests: the administrator points google-calendar at the stand-in Google
// (tests/support/google-standin.ts), and a user goes through the popup's whole flow over HTTP: the signed-in
// start call, the popup's start address (a redirect to the provider and the browser cookie), the provider's
// consent, and the callback page, whose message to the opener is read back.
import { expect } from "vitest";
import type { OAuthPopupMessage } from "../../shared/external-services.ts";
import type { GoogleStandin } from "../support/google-standin.ts";
import type { TestApp } from "../support/test-app.ts";

export interface Who {
  token: string;
}

export async function configureGoogle(t: TestApp, admin: Who, g: GoogleStandin, extra: Record<string, unknown> = {}) {
  const r = await t.call("PUT", "/api/admin/external-services/google-calendar", {
    token: admin.token,
    json: { enabled: true, clientId: g.clientId, clientSecret: g.clientSecret, scopes: "openid email profile https://www.googleapis.com/auth/calendar.readonly", ...g.endpoints, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** The popup's flow; answers what its last page tells the opener, and the pages on the way. */
export async function connectGoogle(t: TestApp, who: Who): Promise<OAuthPopupMessage & { consent: URL }> {
  const start = await t.call("POST", "/api/oauth2/authorization/google-calendar", { token: who.token });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const popup = await t.app.request(start.body.url);
  expect(popup.status).toBe(302);
  const cookie = (popup.headers.get("set-cookie") ?? "").split(";")[0];
  expect(cookie).toMatch(/^gw_oauth2=/);
  const consent = new URL(popup.headers.get("location")!);
  const provider = await fetch(consent, { redirect: "manual" });
  await provider.body?.cancel();
  expect(provider.status).toBe(302);
  const back = new URL(provider.headers.get("location")!);
  const page = await t.app.request(`${back.pathname}${back.search}`, { headers: { cookie } });
  expect(page.status).toBe(200);
  return { ...messageOf(await page.text()), consent };
}

export function messageOf(html: string): OAuthPopupMessage {
  const m = /<script type="application\/json" id="gw-oauth2-message">([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error(`no message in the page: ${html.slice(0, 200)}`);
  return JSON.parse(m[1]);
}
