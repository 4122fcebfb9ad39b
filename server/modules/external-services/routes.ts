// HTTP of the external services (shapes and paths in shared/external-services.ts): the popup's flow, the
// caller's connections, and the administrator's settings.
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { connectionListQuery, externalServiceSettingsBody } from "../../../shared/external-services.ts";
import { requireAdmin, requireAuth } from "../../lib/auth.ts";
import { type AppContext, type AppEnv, callerOf } from "../../lib/context.ts";
import { body, idParam, query } from "../../lib/validate.ts";
import { listConnections, removeConnection } from "./connections.ts";
import { beginAtProvider, BROWSER_COOKIE, COOKIE_PATH, finishAtCallback, startAuthorization } from "./flow.ts";
import { popupPage } from "./popup-page.ts";
import { listSettings, saveSettings, services } from "./settings.ts";

/**
 * This server's origin as the browser reached it (the redirect URI the provider sends the popup back to): the
 * PUBLIC_URL's when the browser came by its host (a proxy that ends TLS in front keeps the https), else the
 * request's own (X-Forwarded-Proto with TRUST_PROXY).
 */
function originOf(c: AppContext): string {
  const url = new URL(c.req.url);
  const { config } = c.get("deps");
  const pub = new URL(config.PUBLIC_URL);
  if (pub.host === url.host) return pub.origin;
  const proto = config.TRUST_PROXY ? c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  return `${proto === "https" || proto === "http" ? proto : url.protocol.slice(0, -1)}://${url.host}`;
}

function page(c: AppContext, msg: Parameters<typeof popupPage>[0]) {
  const { html, csp } = popupPage(msg, c.req.header("accept-language"));
  c.header("content-security-policy", csp);
  c.header("cache-control", "no-store");
  return c.html(html);
}

export function externalServiceRoutes() {
  const r = new Hono<AppEnv>();
  r.use("/api/oauth2/*", requireAuth);
  r.use("/api/admin/external-services", requireAuth, requireAdmin);
  r.use("/api/admin/external-services/*", requireAuth, requireAdmin);

  r.post("/api/oauth2/authorization/:registrationId", async (c) => c.json(await startAuthorization(callerOf(c), c.req.param("registrationId"))));
  r.get("/api/oauth2/services", async (c) => c.json(await services(c.get("deps"), c.get("auth").companyId)));
  r.get("/api/oauth2/connections", async (c) => c.json(await listConnections(callerOf(c), query(c, connectionListQuery).serviceType)));
  r.delete("/api/oauth2/connections/:id", async (c) => {
    await removeConnection(callerOf(c), idParam(c));
    return c.body(null, 204);
  });

  r.get("/oauth2/authorization/:registrationId", async (c) => {
    const registrationId = c.req.param("registrationId");
    const begun = await beginAtProvider(c.get("deps"), registrationId, c.req.query("ticket") ?? "", originOf(c));
    if ("outcome" in begun) return page(c, begun.outcome!);
    setCookie(c, BROWSER_COOKIE, begun.nonce, {
      path: COOKIE_PATH, httpOnly: true, sameSite: "Lax", secure: originOf(c).startsWith("https:"), maxAge: 600,
    });
    c.header("cache-control", "no-store");
    return c.redirect(begun.location, 302);
  });
  r.get("/login/oauth2/code/:registrationId", async (c) => {
    const q = { code: c.req.query("code"), state: c.req.query("state"), error: c.req.query("error") };
    const outcome = await finishAtCallback(c.get("deps"), c.req.param("registrationId"), q, getCookie(c, BROWSER_COOKIE));
    setCookie(c, BROWSER_COOKIE, "", { path: COOKIE_PATH, httpOnly: true, sameSite: "Lax", maxAge: 0 });
    return page(c, outcome);
  });

  r.get("/api/admin/external-services", async (c) => c.json(await listSettings(c.get("deps"), c.get("auth").companyId)));
  r.put("/api/admin/external-services/:registrationId", async (c) => {
    const input = await body(c, externalServiceSettingsBody);
    return c.json(await saveSettings(c.get("deps"), c.get("auth").companyId, c.req.param("registrationId"), input));
  });
  return r;
}
