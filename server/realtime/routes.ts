// GET /ws: the realtime websocket (000 §7). The caller is authenticated before the upgrade (401 otherwise);
// frames are those of shared/realtime.ts, handled one at a time per socket, in order.
import { homeTopic } from "../../shared/home/api.ts";
import { notificationTopic } from "../../shared/notifications/api.ts";
import { boardTopic, boardUserTopic } from "../../shared/board/constants.ts";
import { wikiTopic } from "../../shared/wiki/constants.ts";
import { todoTopic } from "../../shared/todo/constants.ts";
import { flowTopic, flowUserTopic } from "../../shared/flow/constants.ts";
import { assistantUserTopic } from "../../shared/assistant/constants.ts";
import { Hono } from "hono";
import { upgradeWebSocket } from "hono/deno";
import {
  AUTH_EVENTS,
  authPublishDestination,
  announceTopic,
  authTopic,
  type ClientFrame,
  CLOSE_SESSION_ENDED,
  type EventData,
  isEventData,
  mailTopic,
  MAX_FRAME_CHARS,
  REALTIME_PATH,
  type ServerFrame,
} from "../../shared/realtime.ts";
import { approvalTopic } from "../../shared/approval/constants.ts";
import { leaveTopic } from "../../shared/leave/constants.ts";
import { calendarTopic } from "../../shared/calendar/constants.ts";
import { contactTopic, customerTopic } from "../../shared/contacts/constants.ts";
import { driveTopic } from "../../shared/drive/constants.ts";
import { resourceTopic, resourceUserTopic } from "../../shared/resource/constants.ts";
import type { AppDeps, AppEnv, AuthInfo } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import type { Conn } from "./hub.ts";
import { socketToken } from "./session.ts";
import { resolveBearer } from "../lib/auth.ts";
import { messengerCompanyTopic, messengerUserTopic } from "../../shared/messenger/constants.ts";
import { isRoomMember } from "../modules/messenger/access.ts";
import { socketClosed, socketOpened } from "../modules/messenger/presence.ts";
import { isMessengerToken, resolveMessengerToken } from "../modules/messenger/token.ts";

/** A messenger room's topic: SUBSCRIBE is allowed to its current members only (checked against the database). */
const ROOM_TOPIC = /^\/topic\/messenger\/room\/(\d{1,15})$/;

/** What a socket's token allows: everything of its user, or (GET /api/messenger/token) the messenger's topics only. */
type Scope = "all" | "messenger";

/** Client publishes allowed per socket in one window. */
const PUBLISH_LIMIT = 20;
const PUBLISH_WINDOW_MS = 10_000;

export function realtimeRoutes() {
  const r = new Hono<AppEnv>();

  r.get(
    REALTIME_PATH,
    async (c, next) => {
      const token = socketToken((n) => c.req.header(n));
      if (!token) throw new AppError(401, "common.401");
      const deps = c.get("deps");
      const auth = await resolveBearer(deps, token) ?? await resolveMessengerToken(deps, token);
      if (!auth) throw new AppError(401, "auth.token_expired");
      if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new AppError(426, "realtime.upgrade_required");
      c.set("auth", auth);
      await next();
    },
    upgradeWebSocket((c) => {
      const token = socketToken((n) => c.req.header(n))!;
      // The access token resolved at the upgrade when it is one; otherwise it was a messenger token.
      const scope: Scope = isMessengerToken(token) ? "messenger" : "all";
      const session = new SocketSession(c.get("deps"), c.get("auth"), token, scope);
      return {
        onOpen: (_e, ws) => session.open({ send: (t) => ws.send(t), close: (code, why) => ws.close(code, why) }),
        onMessage: (e) => session.receive(e.data),
        onClose: () => session.closed(),
      };
    }),
  );

  return r;
}

/** One socket: its caller, its frames, its place in the hub. */
class SocketSession {
  #conn: Conn | null = null;
  #queue: Promise<void> = Promise.resolve();
  #publishes: number[] = [];

  constructor(private readonly deps: AppDeps, private readonly auth: AuthInfo, private readonly token: string, private readonly scope: Scope) {}

  get hub() {
    return this.deps.realtime.hub;
  }

  open(ws: { send(text: string): void; close(code: number, reason: string): void }) {
    const { deps, auth, token, scope } = this;
    this.#conn = {
      username: auth.username,
      send: (text) => ws.send(text),
      close: (code, reason) => ws.close(code, reason),
      async stillValid() {
        const now = scope === "messenger" ? await resolveMessengerToken(deps, token) : await resolveBearer(deps, token);
        return now !== null && now.sessionId === auth.sessionId && now.userId === auth.userId;
      },
    };
    this.hub.add(this.#conn);
    void socketOpened(deps, auth);
  }

  closed() {
    if (this.#conn) {
      this.hub.remove(this.#conn);
      void socketClosed(this.deps, this.auth);
    }
    this.#conn = null;
  }

  receive(raw: unknown) {
    this.#queue = this.#queue.then(() => this.#handle(raw)).catch((err) => {
      this.deps.log.error("realtime: frame failed", err);
      this.#send({ type: "ERROR", code: "common.500" });
    });
  }

  #send(frame: ServerFrame) {
    try {
      this.#conn?.send(JSON.stringify(frame));
    } catch { /* socket already closing */ }
  }

  /** The session check before a frame acts; an ended session closes the socket. */
  async #stillValid(): Promise<boolean> {
    const conn = this.#conn;
    if (!conn) return false;
    if (await conn.stillValid()) return true;
    conn.close(CLOSE_SESSION_ENDED, "session ended");
    return false;
  }

  #ownTopics(): string[] {
    const messenger = [messengerUserTopic(this.auth.username), messengerCompanyTopic(this.auth.companyId)];
    if (this.scope === "messenger") return messenger;
    return [
      ...messenger,
      authTopic(this.auth.username), mailTopic(this.auth.username), announceTopic(this.auth.companyId), calendarTopic(this.auth.username),
      contactTopic(this.auth.username), customerTopic(this.auth.username), approvalTopic(this.auth.username),
      driveTopic(this.auth.username), resourceTopic(this.auth.companyId), resourceUserTopic(this.auth.username),
      leaveTopic(this.auth.username), boardTopic(this.auth.companyId), boardUserTopic(this.auth.username),
      wikiTopic(this.auth.companyId), todoTopic(this.auth.companyId), flowTopic(this.auth.companyId), flowUserTopic(this.auth.username),
      assistantUserTopic(this.auth.username), homeTopic(this.auth.username), notificationTopic(this.auth.username),
    ];
  }

  async #handle(raw: unknown) {
    const conn = this.#conn;
    if (!conn) return;
    const f = parseFrame(raw);
    if (!f) return this.#send({ type: "ERROR", code: "realtime.invalid_frame" });
    switch (f.type) {
      case "UNSUBSCRIBE":
        this.hub.unsubscribe(conn, f.topic);
        return;
      case "SUBSCRIBE": {
        const room = ROOM_TOPIC.exec(f.topic);
        const allowed = this.#ownTopics().includes(f.topic) ||
          (room !== null && await isRoomMember(this.deps.db, this.auth.companyId, this.auth.userId, Number(room[1])));
        if (!allowed) return this.#send({ type: "ERROR", code: "realtime.forbidden", topic: f.topic });
        if (await this.#stillValid()) this.hub.subscribe(conn, f.topic);
        return;
      }
      case "PUBLISH": {
        if (this.scope === "messenger") return this.#send({ type: "ERROR", code: "realtime.forbidden", topic: f.topic });
        // A switched-into shared account may listen, but not sign the owner in or out elsewhere.
        if (f.topic !== authPublishDestination(this.auth.username) || this.auth.actorUserId) {
          return this.#send({ type: "ERROR", code: "realtime.forbidden", topic: f.topic });
        }
        if (!(AUTH_EVENTS as readonly string[]).includes(f.event)) {
          return this.#send({ type: "ERROR", code: "realtime.unknown_event", topic: f.topic });
        }
        const now = Date.now();
        this.#publishes = this.#publishes.filter((t) => now - t < PUBLISH_WINDOW_MS);
        if (this.#publishes.length >= PUBLISH_LIMIT) return this.#send({ type: "ERROR", code: "common.rate_limited", topic: f.topic });
        this.#publishes.push(now);
        if (await this.#stillValid()) await this.deps.realtime.publish(authTopic(this.auth.username), f.event, f.data ?? {});
        return;
      }
    }
  }
}

function parseFrame(raw: unknown): ClientFrame | null {
  if (typeof raw !== "string" || raw.length > MAX_FRAME_CHARS) return null;
  let f: Record<string, unknown>;
  try {
    f = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!f || typeof f !== "object" || typeof f.topic !== "string") return null;
  if (f.type === "SUBSCRIBE" || f.type === "UNSUBSCRIBE") return { type: f.type, topic: f.topic };
  if (f.type !== "PUBLISH" || typeof f.event !== "string") return null;
  if (f.data !== undefined && !isEventData(f.data)) return null;
  return { type: "PUBLISH", topic: f.topic, event: f.event, data: f.data as EventData | undefined };
}
