// The access token of a websocket upgrade request; it is resolved exactly as for every HTTP call
// (server/lib/auth.ts resolveBearer), at the upgrade and for each later check.
import { BEARER_SUBPROTOCOL } from "../../shared/realtime.ts";
import { bearerOf } from "../lib/auth.ts";

/** The bearer token: Authorization header (non-browser clients) or subprotocols "bearer, <token>" (browsers). */
export function socketToken(header: (name: string) => string | undefined): string | null {
  const fromHeader = bearerOf(header("authorization"));
  if (fromHeader) return fromHeader;
  const protocols = (header("sec-websocket-protocol") ?? "").split(",").map((p) => p.trim());
  return protocols[0] === BEARER_SUBPROTOCOL && protocols[1] ? protocols[1] : null;
}
