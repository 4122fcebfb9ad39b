// The page the provider's answer lands on in the 512x630 popup: it tells the window that opened it (its
// opener by postMessage to this origin, and every tab of this origin on the BroadcastChannel, for when a
// provider's page cut the opener link) and closes itself. Its one inline script runs under a nonce of its own
// Content-Security-Policy; the message is JSON in a data block, escaped so it cannot end the block.
import { OAUTH_MESSAGE_TYPE, type OAuthPopupMessage } from "../../../shared/external-services.ts";
import { randomToken } from "./oauth.ts";

const TEXTS = {
  ko: { ok: "연결했습니다. 이 창은 닫아도 됩니다.", failed: "연결하지 못했습니다. 이 창을 닫고 다시 시도해 주세요." },
  en: { ok: "Connected. You can close this window.", failed: "The connection failed. Close this window and try again." },
  id: { ok: "Terhubung. Anda dapat menutup jendela ini.", failed: "Koneksi gagal. Tutup jendela ini dan coba lagi." },
} as const;

function languageOf(acceptLanguage: string | undefined): keyof typeof TEXTS {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === "ko" || tag === "en" || tag === "id") return tag;
  }
  return "ko";
}

export function popupPage(msg: Omit<OAuthPopupMessage, "type">, acceptLanguage: string | undefined): { html: string; csp: string } {
  const nonce = randomToken(16);
  const lang = languageOf(acceptLanguage);
  const text = TEXTS[lang][msg.errorMessage ? "failed" : "ok"];
  const data = JSON.stringify({ type: OAUTH_MESSAGE_TYPE, ...msg }).replace(/</g, "\\u003c");
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${text}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;color:#222}</style>
</head><body><main><p id="text">${text}</p></main>
<script type="application/json" id="gw-oauth2-message">${data}</script>
<script nonce="${nonce}">
(function () {
  var msg = JSON.parse(document.getElementById("gw-oauth2-message").textContent);
  try { if (window.opener) window.opener.postMessage(msg, window.location.origin); } catch (e) {}
  try { var ch = new BroadcastChannel(${JSON.stringify(OAUTH_MESSAGE_TYPE)}); ch.postMessage(msg); ch.close(); } catch (e) {}
  setTimeout(function () { window.close(); }, 100);
})();
</script></body></html>`;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, csp };
}
