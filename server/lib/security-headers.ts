// The security headers of every response, set in one place (buildApp's first middleware):
// - X-Content-Type-Options: nosniff everywhere: no response is ever read as another type than it says.
// - Referrer-Policy: strict-origin-when-cross-origin: share-link and secure-mail tokens are in this origin's
//   URLs (/#/link/viewer/{token}, ?token=): another site a page links to learns the origin, never the path.
// - Content-Security-Policy: the HTML pages (the app shell, the forward-approval page) get SHELL_POLICY;
//   everything else (JSON, images) gets NON_HTML_POLICY; a response that set its own keeps it (downloads are
//   sandboxed: lib/downloads.ts).
// The shell's policy runs only this origin's scripts (no inline script, no eval) and may not be framed. Two
// parts are wide on purpose, because a srcdoc frame inherits its parent's policy on top of its own: the mail
// reader's frame (web/src/modules/mail/view/frame-doc.ts) shows mail HTML with its inline styles and, once the
// reader allows them, remote images from any http(s) host; the frame's own policy is the strict one (no
// script, images only from data:, the mail's inline parts and, when allowed, http(s)). Images from any
// https host are also the company logo, which the administrator gives as a URL.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

export const SHELL_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** JSON and files: nothing loads from them and nothing frames them. */
export const NON_HTML_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const REFERRER_POLICY = "strict-origin-when-cross-origin";

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status === 101) return; // a websocket upgrade: no document, and its headers are the runtime's
    const h = res.headers;
    h.set("x-content-type-options", "nosniff");
    if (!h.has("referrer-policy")) h.set("referrer-policy", REFERRER_POLICY);
    if (!h.has("content-security-policy")) {
      const html = /^text\/html\b/i.test(h.get("content-type") ?? "");
      h.set("content-security-policy", html ? SHELL_POLICY : NON_HTML_POLICY);
    }
  };
}
