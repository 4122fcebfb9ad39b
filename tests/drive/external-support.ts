// Set-up of the drive's Google Drive tests: the administrator points google-drive at the stand-in Google
// (tests/support/google-standin.ts with its Drive part, google-drive-standin.ts) and turns useGoogleDrive on;
// a user connects through the popup's whole flow over HTTP (GET /api/external/auth/url/GOOGLE_DRIVE, the
// popup's start address, the provider's consent, the callback page whose message to the opener is read).
import { expect } from "vitest";
import { GOOGLE_DRIVE_SCOPE, type OAuthPopupMessage } from "../../shared/external-services.ts";
import { messageOf } from "../calendar/external-support.ts";
import type { GoogleStandin } from "../support/google-standin.ts";
import type { TestApp } from "../support/test-app.ts";

export interface Who {
  token: string;
}

export async function configureGoogleDrive(t: TestApp, admin: Who, g: GoogleStandin, useGoogleDrive = true) {
  const r = await t.call("PUT", "/api/admin/external-services/google-drive", {
    token: admin.token,
    json: { enabled: true, clientId: g.clientId, clientSecret: g.clientSecret, scopes: `openid email profile ${GOOGLE_DRIVE_SCOPE}`, ...g.endpoints, apiBaseUrl: g.driveApiBaseUrl },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await setUseGoogleDrive(t, admin, useGoogleDrive);
}

export async function setUseGoogleDrive(t: TestApp, admin: Who, on: boolean) {
  const c = await t.call("PUT", "/api/admin/company/config/drive", { token: admin.token, json: { useGoogleDrive: on } });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
}

/** The popup's start and the provider's consent: the provider's redirect back (code and state), not yet followed. */
export async function consent(t: TestApp, who: Who): Promise<{ back: URL; cookie: string }> {
  const start = await t.call("GET", "/api/external/auth/url/GOOGLE_DRIVE", { token: who.token });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  expect(start.body.url).toMatch(/^\/oauth2\/authorization\/google-drive\?ticket=/);
  const popup = await t.app.request(start.body.url);
  expect(popup.status).toBe(302);
  const cookie = (popup.headers.get("set-cookie") ?? "").split(";")[0];
  const provider = await fetch(popup.headers.get("location")!, { redirect: "manual" });
  await provider.body?.cancel();
  expect(provider.status).toBe(302);
  return { back: new URL(provider.headers.get("location")!), cookie };
}

/** The whole popup flow; answers what its last page tells the opener. */
export async function connectDrive(t: TestApp, who: Who): Promise<OAuthPopupMessage> {
  const { back, cookie } = await consent(t, who);
  expect(back.pathname).toBe("/login/oauth2/code/google-drive");
  const page = await t.app.request(`${back.pathname}${back.search}`, { headers: { cookie } });
  expect(page.status).toBe(200);
  return messageOf(await page.text());
}
