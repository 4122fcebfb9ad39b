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

/**
 * What a socket's token allows: everything of its user (null: the access token), or a module's topics only (the
 * scope of a module's narrowed token, e.g. GET /api/messenger/token's: socket-rules.ts).
 */
type Scope = string | null;

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
      const auth = await resolveBearer(deps, token) ?? await deps.realtime.sockets.scopedToken(token)?.resolve(deps, token) ?? null;
      if (!auth) throw new AppError(401, "auth.token_expired");
      if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new AppError(426, "realtime.upgrade_required");
      c.set("auth", auth);
      await next();
    },
    upgradeWebSocket((c) => {
      const token = socketToken((n) => c.req.header(n))!;
      const deps = c.get("deps");
      // The access token resolved at the upgrade when it is one; otherwise it was a module's narrowed token.
      const scoped = deps.realtime.sockets.scopedToken(token);
      const session = new SocketSession(deps, c.get("auth"), token, scoped ? scoped.scope : null);
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
        const scoped = scope === null ? undefined : deps.realtime.sockets.scopedToken(token);
        const now = scoped ? await scoped.resolve(deps, token) : await resolveBearer(deps, token);
        return now !== null && now.sessionId === auth.sessionId && now.userId === auth.userId;
      },
    };
    this.hub.add(this.#conn);
  }

  closed() {
    if (this.#conn) {
      const topics = this.hub.topicsOf(this.#conn);
      this.hub.remove(this.#conn);
      for (const topic of topics) this.#left(topic);
    }
    this.#conn = null;
  }

  #joined(topic: string) {
    for (const rule of this.deps.realtime.sockets.rules(this.scope)) rule.joined?.(this.deps, this.auth, topic);
  }

  #left(topic: string) {
    for (const rule of this.deps.realtime.sockets.rules(this.scope)) rule.left?.(this.deps, this.auth, topic);
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
    const modules = this.deps.realtime.sockets.rules(this.scope).flatMap((r) => r.own(this.auth));
    if (this.scope !== null) return modules;
    return [
      ...modules,
      authTopic(this.auth.username), mailTopic(this.auth.username), announceTopic(this.auth.companyId), calendarTopic(this.auth.username),
      contactTopic(this.auth.username), customerTopic(this.auth.username), approvalTopic(this.auth.username),
      driveTopic(this.auth.username), resourceTopic(this.auth.companyId), resourceUserTopic(this.auth.username),
      leaveTopic(this.auth.username), boardTopic(this.auth.companyId), boardUserTopic(this.auth.username),
      wikiTopic(this.auth.companyId), todoTopic(this.auth.companyId), flowTopic(this.auth.companyId), flowUserTopic(this.auth.username),
      assistantUserTopic(this.auth.username), homeTopic(this.auth.username), notificationTopic(this.auth.username),
    ];
  }

  /** Its own topics at once; a module's checked topics (a messenger room: its members) after the module's check. */
  async #mayJoin(topic: string): Promise<boolean> {
    if (this.#ownTopics().includes(topic)) return true;
    for (const rule of this.deps.realtime.sockets.rules(this.scope)) {
      const allowed = rule.check?.(this.deps, this.auth, topic);
      if (allowed !== undefined) return await allowed;
    }
    return false;
  }

  async #handle(raw: unknown) {
    const conn = this.#conn;
    if (!conn) return;
    const f = parseFrame(raw);
    if (!f) return this.#send({ type: "ERROR", code: "realtime.invalid_frame" });
    switch (f.type) {
      case "UNSUBSCRIBE":
        if (this.hub.unsubscribe(conn, f.topic)) this.#left(f.topic);
        return;
      case "SUBSCRIBE": {
        if (!await this.#mayJoin(f.topic)) return this.#send({ type: "ERROR", code: "realtime.forbidden", topic: f.topic });
        if (await this.#stillValid() && this.hub.subscribe(conn, f.topic)) this.#joined(f.topic);
        return;
      }
      case "PUBLISH": {
        if (this.scope !== null) return this.#send({ type: "ERROR", code: "realtime.forbidden", topic: f.topic });
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
