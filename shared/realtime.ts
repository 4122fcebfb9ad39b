// The realtime channel (000 §4, §7): one websocket per browser tab at /ws, a small JSON frame protocol, topics
// per user. No zod here: the web client imports this file and its bundle must stay small (like locale.ts).
//
// Authentication (checked before the upgrade; without a valid token the answer is 401 and no websocket):
// - non-browser clients: `Authorization: Bearer <access token>`;
// - browsers, which cannot set headers on a WebSocket: the subprotocol list `["bearer", <access token>]`,
//   i.e. the header `Sec-WebSocket-Protocol: bearer, <token>`; the server selects "bearer" and never echoes
//   the token. (Chosen over an access_token query parameter, which lands in access and proxy logs.)
//
// Frames are JSON text, one object each:
//   client → server  { type: "SUBSCRIBE", topic } | { type: "UNSUBSCRIBE", topic }
//                    | { type: "PUBLISH", topic: "/publish/auth/user/{username}", event, data? }
//   server → client  { type: "MESSAGE", topic, event, data } | { type: "ERROR", code, topic? }
// A user subscribes and publishes only to their own topics (otherwise ERROR realtime.forbidden). A publish to
// /publish/auth/user/{u} reaches every socket subscribed to /topic/auth/user/{u}, on every instance.
// Event data carries ids only (flat object of numbers or short strings): events cross instances through
// PostgreSQL NOTIFY, and a client fetches what it needs through the HTTP API.
//
// Session: checked at the upgrade, again before every SUBSCRIBE and PUBLISH, for the user's sockets whenever
// an auth event (TOKEN_ISSUED, TOKEN_DESTROY) reaches them, and by a sweep every few minutes. A socket whose
// session has ended (signed out, revoked, expired access token, disabled user) is closed with code 4401; the
// client then refreshes its token through the API once and reconnects, or goes to the sign-in page.

export const REALTIME_PATH = "/ws";
export const BEARER_SUBPROTOCOL = "bearer";

/** 000 §9: "Realtime retry: every 10 s, at most 12". */
export const REALTIME_RETRY_MS = 10_000;
export const REALTIME_MAX_RETRIES = 12;

/** Close code: the socket's session ended or its token is no longer valid. */
export const CLOSE_SESSION_ENDED = 4401;
/** Largest client frame, in characters. */
export const MAX_FRAME_CHARS = 4096;

export const AUTH_EVENTS = ["TOKEN_ISSUED", "TOKEN_DESTROY"] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];
export const MAIL_EVENTS = ["NEW_MAIL"] as const;

export const authTopic = (username: string) => `/topic/auth/user/${username}`;
export const mailTopic = (username: string) => `/topic/mail/user/${username}`;
/**
 * Announcements of the user's company (designed: the spec polls; a company-wide topic lets a new
 * announcement reach every signed-in employee at once). Event ANNOUNCE_UPDATED with { id }.
 */
export const announceTopic = (companyId: number) => `/topic/announce/company/${companyId}`;
export const ANNOUNCE_EVENTS = ["ANNOUNCE_UPDATED"] as const;
export const authPublishDestination = (username: string) => `/publish/auth/user/${username}`;

/** Ids only: a flat object whose values are numbers or short strings. */
export type EventData = Record<string, number | string>;

export interface NewMailData extends EventData {
  folderId: number;
  mailId: number;
}

export type ClientFrame =
  | { type: "SUBSCRIBE"; topic: string }
  | { type: "UNSUBSCRIBE"; topic: string }
  | { type: "PUBLISH"; topic: string; event: string; data?: EventData };

export type ServerFrame =
  /** `payload`: an object the server attached for the topic's subscribers (never crosses instances: each
   *  instance loads it once per event, e.g. the messenger's message; see server/realtime/hub.ts hydrators). */
  | { type: "MESSAGE"; topic: string; event: string; data: EventData; payload?: unknown }
  | { type: "ERROR"; code: string; topic?: string };

export const MAX_DATA_KEYS = 8;
export const MAX_DATA_STRING = 64;

/** True when `data` is an ids-only object (see EventData). */
export function isEventData(data: unknown): data is EventData {
  if (!data || typeof data !== "object" || Array.isArray(data)) return false;
  const entries = Object.entries(data);
  if (entries.length > MAX_DATA_KEYS) return false;
  return entries.every(([k, v]) =>
    k.length <= MAX_DATA_STRING &&
    ((typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && v.length <= MAX_DATA_STRING))
  );
}
