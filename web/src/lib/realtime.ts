// The realtime client (000 §4, §7): one websocket to /ws while signed in, token as the "bearer" subprotocol;
// after a failure it retries every 10 s, at most 12 times, refreshing the token through the API first; it
// resubscribes after every reconnect. Loaded lazily by the shell, so the sign-in page never downloads it.
import {
  authTopic,
  BEARER_SUBPROTOCOL,
  CLOSE_SESSION_ENDED,
  type ClientFrame,
  type EventData,
  REALTIME_MAX_RETRIES,
  REALTIME_PATH,
  REALTIME_RETRY_MS,
  type ServerFrame,
} from "@shared/realtime.ts";
import { api, ApiError } from "./api.ts";
import { getTokens, onSessionChange } from "./session.ts";

/** `payload`: what a frame carries besides its ids, when it does (the messenger's MESSAGE_NEW: the message). */
export type RealtimeHandler = (event: string, data: EventData, payload?: unknown) => void;

const handlers = new Map<string, Set<RealtimeHandler>>();
let socket: WebSocket | null = null;
let socketToken: string | null = null;
let running = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let stopSession: (() => void) | undefined;
/** The channel was open before in this session: an open after that is a reconnect (events may have been missed). */
let openedBefore = false;
const reconnectListeners = new Set<() => void>();

function send(frame: ClientFrame) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function dispatch(raw: unknown) {
  let frame: ServerFrame;
  try {
    frame = JSON.parse(String(raw));
  } catch {
    return;
  }
  if (frame.type !== "MESSAGE") return;
  for (const h of handlers.get(frame.topic) ?? []) {
    try {
      h(frame.event, frame.data ?? {}, frame.payload);
    } catch (e) {
      console.error(e);
    }
  }
}

function drop() {
  const s = socket;
  socket = null;
  socketToken = null;
  if (s && s.readyState <= WebSocket.OPEN) s.close(1000);
}

function connect() {
  clearTimeout(retryTimer);
  const tokens = getTokens();
  if (!running || !tokens) return;
  drop();
  const url = new URL(REALTIME_PATH, location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const s = new WebSocket(url, [BEARER_SUBPROTOCOL, tokens.accessToken]);
  socket = s;
  socketToken = tokens.accessToken;
  s.onopen = () => {
    failures = 0;
    for (const topic of handlers.keys()) send({ type: "SUBSCRIBE", topic });
    if (openedBefore) {
      for (const l of reconnectListeners) {
        try {
          l();
        } catch (e) {
          console.error(e);
        }
      }
    }
    openedBefore = true;
  };
  s.onmessage = (e) => dispatch(e.data);
  s.onclose = (e) => {
    if (socket !== s) return; // replaced or stopped on purpose
    socket = null;
    socketToken = null;
    if (running) retry(e.code === CLOSE_SESSION_ENDED ? 0 : REALTIME_RETRY_MS);
  };
}

/** Schedules a reconnect; the token is refreshed first (the API client's queue), so an expired one recovers. */
function retry(delay: number) {
  if (failures >= REALTIME_MAX_RETRIES) return;
  failures++;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(async () => {
    try {
      await api("/api/tokenChecker");
    } catch (e) {
      // A refused refresh is handled by the API client (sign-in page); anything else is one more failure.
      if (e instanceof ApiError && (e.status === 401 || e.status === 400)) return;
    }
    connect();
  }, delay);
}

/** Listens to `topic` while the client runs; answers the unsubscribe. */
export function subscribe(topic: string, handler: RealtimeHandler): () => void {
  let set = handlers.get(topic);
  if (!set) {
    handlers.set(topic, set = new Set());
    send({ type: "SUBSCRIBE", topic });
  }
  set.add(handler);
  return () => {
    set.delete(handler);
    if (set.size === 0 && handlers.get(topic) === set) {
      handlers.delete(topic);
      send({ type: "UNSUBSCRIBE", topic });
    }
  };
}

/**
 * Calls `listener` each time the channel opens again after it was open (a dropped connection, new tokens): events
 * sent in between are lost, so a module whose caches follow events reads them again. Answers the removal.
 */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/**
 * Starts the channel for the signed-in `username` and follows the user's auth topic: TOKEN_DESTROY (a
 * sign-out anywhere) calls `signedOut`; TOKEN_ISSUED re-reads the tokens another tab may have stored.
 * Answers the stop function.
 */
export function startRealtime(username: string, signedOut: () => void): () => void {
  stopRealtime();
  running = true;
  failures = 0;
  openedBefore = false;
  const offAuth = subscribe(authTopic(username), (event) => {
    if (event === "TOKEN_DESTROY") {
      stopRealtime();
      signedOut();
    } else if (event === "TOKEN_ISSUED") {
      const now = getTokens()?.accessToken;
      if (now && socketToken && now !== socketToken) connect();
    }
  });
  // New tokens (a refresh here or in another tab) reconnect with them; none (sign-out) stops.
  const offSession = onSessionChange((tokens) => {
    if (!tokens) stopRealtime();
    else if (running && tokens.accessToken !== socketToken && socket) connect();
  });
  stopSession = () => {
    offAuth();
    offSession();
  };
  connect();
  return stopRealtime;
}

export function stopRealtime() {
  running = false;
  clearTimeout(retryTimer);
  stopSession?.();
  stopSession = undefined;
  drop();
}
