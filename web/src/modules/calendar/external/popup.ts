// The external service's sign-in popup (001 §2, §9: 512 by 630, centred on the window) and its answer: the
// callback page posts { type: "gw-oauth2", ... } to its opener and on the BroadcastChannel of that name
// (server/modules/external-services/popup-page.ts); only messages of this origin count.
import { OAUTH_MESSAGE_TYPE, OAUTH_POPUP, type OAuthPopupMessage } from "@shared/external-services.ts";

/** Opens the popup at once (inside the click, so no blocker stops it); its address is set when known. */
export function openPopup(): Window | null {
  const { width, height } = OAUTH_POPUP;
  const left = Math.max(0, Math.round(globalThis.screenX + (globalThis.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(globalThis.screenY + (globalThis.outerHeight - height) / 2));
  return globalThis.open("about:blank", "gw-oauth2", `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
}

const isMessage = (d: unknown): d is OAuthPopupMessage =>
  !!d && typeof d === "object" && (d as { type?: unknown }).type === OAUTH_MESSAGE_TYPE;

/** Calls `on` with each answer of a popup (once, whichever way it came first); answers the clean-up. */
export function listenForPopup(on: (m: OAuthPopupMessage) => void): () => void {
  let last = "";
  const deliver = (d: unknown) => {
    if (!isMessage(d)) return;
    const key = JSON.stringify(d);
    if (key === last) return; // the same answer by both ways
    last = key;
    setTimeout(() => (last = ""), 2000);
    on(d);
  };
  const onMessage = (e: MessageEvent) => e.origin === globalThis.location.origin && deliver(e.data);
  globalThis.addEventListener("message", onMessage);
  let channel: BroadcastChannel | null = null;
  try {
    channel = new BroadcastChannel(OAUTH_MESSAGE_TYPE);
    channel.onmessage = (e) => deliver(e.data);
  } catch { /* no BroadcastChannel: postMessage alone */ }
  return () => {
    globalThis.removeEventListener("message", onMessage);
    channel?.close();
  };
}
