// Realtime test helpers: serve an app on a loopback port, open websocket clients, wait for frames.
import { afterAll, expect } from "vitest";
import { connect } from "../../db/client.ts";
import { buildApp } from "../../server/app.ts";
import { createDeps } from "../../server/deps.ts";
import type { AppDeps } from "../../server/lib/context.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { startBridge } from "../../server/realtime/bridge.ts";
import { BEARER_SUBPROTOCOL, type ClientFrame, REALTIME_PATH, type ServerFrame } from "../../shared/realtime.ts";
import { boundedShutdown } from "../support/bounded-shutdown.ts";
import type { TestApp } from "../support/test-app.ts";

/** Serves `app` on 127.0.0.1:<free port>; answers the ws:// URL of /ws and the http:// base. */
export function serve(app: { fetch(req: Request, env: unknown): Response | Promise<Response> }) {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, (req, info) =>
    app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }));
  afterAll(() => boundedShutdown(server, { ms: 5_000, label: "realtime test server" }));
  return { ws: `ws://127.0.0.1:${server.addr.port}${REALTIME_PATH}`, http: `http://127.0.0.1:${server.addr.port}` };
}

/**
 * Another instance of the server on the same database as `t`: its own pool, deps, hub and LISTEN/NOTIFY
 * bridge, served on its own port. Closed after the file.
 */
export async function startInstance(t: TestApp): Promise<{ deps: AppDeps; ws: string; http: string }> {
  const log = createLogger("error");
  const db = connect(t.db.url, 3);
  const deps = await createDeps(t.deps.config, db, log, { clock: t.clock, mailer: t.deps.mailer });
  const bridge = await startBridge(deps.realtime, t.db.url, db.sql, log);
  const urls = serve(buildApp({ ...deps, webDir: null }));
  afterAll(async () => {
    deps.realtime.hub.closeAll();
    await bridge.close();
    await db.close();
  });
  return { deps, ...urls };
}

export interface Client {
  socket: WebSocket;
  frames: ServerFrame[];
  send(frame: ClientFrame | Record<string, unknown> | string): void;
  /** The first frame (already received or coming) that matches, within `ms`. */
  next(match: (f: ServerFrame) => boolean, ms?: number): Promise<ServerFrame>;
  closed: Promise<CloseEvent>;
  close(): void;
}

/** Opens a socket with the token in the Authorization header ("header") or as subprotocols ("protocol"). */
export function open(url: string, token: string | null, how: "header" | "protocol" = "header"): Promise<Client> {
  const socket = token === null
    ? new WebSocket(url)
    : how === "header"
    // Deno's WebSocket takes handshake headers (non-standard); the "dom" lib's type does not know them.
    ? new WebSocket(url, { headers: { authorization: `Bearer ${token}` } } as unknown as string[])
    : new WebSocket(url, [BEARER_SUBPROTOCOL, token]);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.onmessage = (e) => {
    frames.push(JSON.parse(String(e.data)));
    for (const w of waiters) w();
  };
  const closed = new Promise<CloseEvent>((resolve) => socket.addEventListener("close", (e) => resolve(e)));
  const client: Client = {
    socket,
    frames,
    closed,
    send: (f) => socket.send(typeof f === "string" ? f : JSON.stringify(f)),
    close: () => socket.close(),
    next(match, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const f = frames.find(match);
          if (!f) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(f);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
  };
  afterAll(() => {
    if (socket.readyState <= WebSocket.OPEN) socket.close();
  });
  return new Promise((resolve, reject) => {
    socket.onopen = () => resolve(client);
    socket.onerror = () => reject(new Error("websocket failed to open"));
  });
}

/** Subscribes and waits until the hub of `deps` holds the subscription (the protocol has no acknowledgement). */
export async function subscribe(deps: AppDeps, client: Client, topic: string, count = 1) {
  const before = deps.realtime.hub.subscriberCount(topic);
  client.send({ type: "SUBSCRIBE", topic });
  await expect.poll(() => deps.realtime.hub.subscriberCount(topic), { timeout: 5000, interval: 10 }).toBeGreaterThanOrEqual(Math.max(count, before + 1));
}

/** Resolves with true when `p` settles within `ms`, false otherwise. */
export async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((r) => timer = setTimeout(() => r(false), ms));
  try {
    return await Promise.race([p.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
