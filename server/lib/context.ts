// What every request handler can reach: the app's dependencies and, after auth, who is calling.
import type { Context } from "hono";
import type { Config } from "../config.ts";
import type { Db, Sql } from "../../db/client.ts";
import type { Clock } from "./clock.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mailer.ts";
import type { Secrets } from "./secrets.ts";
import type { Realtime } from "../realtime/bridge.ts";
import type { ShareableRegistry } from "../modules/share/registry.ts";
import type { BlobStore } from "./blobs.ts";

export interface AppDeps {
  config: Config;
  db: Db;
  sql: Sql;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  secrets: Secrets;
  /** File bytes (raw mail, attachments, uploads) by content address. */
  blobs: BlobStore;
  /** Realtime events to websocket subscribers (server/realtime): publish(topic, event, ids). */
  realtime: Realtime;
  /** Resolvers of shareable objects per moduleType, registered by the modules that own them. */
  shareables: ShareableRegistry;
  /** MX records of a mail domain (node:dns/promises resolveMx; tests point it at a loopback server). */
  resolveMx: (domain: string) => Promise<{ exchange: string; priority: number }[]>;
  /** Folder of the built UI; undefined = web/dist, null = serve no UI. */
  webDir?: string | null;
}

/** The signed-in caller, resolved from the bearer token on every request. */
export interface AuthInfo {
  userId: number;
  companyId: number;
  username: string;
  role: string;
  isHr: boolean;
  sessionId: string;
  /** The user who switched into this shared account, when that is how the session began. */
  actorUserId: number | null;
}

export interface AppEnv {
  Bindings: { remoteAddr?: { hostname: string } };
  Variables: {
    deps: AppDeps;
    auth: AuthInfo;
    ip: string;
    userAgent: string;
  };
}

export type AppContext = Context<AppEnv>;

/** What a service needs to act for the caller. */
export interface Caller {
  deps: AppDeps;
  auth: AuthInfo;
  ip: string;
  userAgent: string;
}

export function callerOf(c: AppContext): Caller {
  return { deps: c.get("deps"), auth: c.get("auth"), ip: c.get("ip"), userAgent: c.get("userAgent") };
}
