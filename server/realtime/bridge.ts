// The server-side publish API, and the bridge that carries events between instances through PostgreSQL
// LISTEN/NOTIFY on one channel. The payload is {topic, event, data} with ids only (never mail text or
// tokens): NOTIFY payloads are visible to every listener of the database and limited to 8000 bytes.
//
// Without a bridge (tests, one process) publish delivers to this instance's hub directly. With one, every
// event goes through NOTIFY, and each instance, the publisher included, delivers it from its LISTEN
// connection, so all instances see the same events in the same order. postgres.js re-listens by itself after
// a lost connection; events sent during the gap are lost (clients re-read through the API on reconnect).
import postgres from "postgres";
import type { Sql } from "../../db/client.ts";
import {
  type AuthEvent,
  authTopic,
  type EventData,
  isEventData,
  mailTopic,
} from "../../shared/realtime.ts";
import type { Logger } from "../lib/logger.ts";
import { Hub, type RealtimeEvent, SWEEP_MS } from "./hub.ts";
import { SocketRules } from "./socket-rules.ts";

export const REALTIME_CHANNEL = "gw_realtime";
const MAX_PAYLOAD_BYTES = 7900;

type Transport = (e: RealtimeEvent) => Promise<void>;

export class Realtime {
  readonly hub: Hub;
  /** What modules add to the /ws socket (topic checks, join and leave hooks, narrowed tokens). */
  readonly sockets = new SocketRules();
  /** This instance among those sharing the database (presence rows per instance). */
  readonly instanceId = crypto.randomUUID();
  #transport: Transport | null = null;

  constructor(private readonly log: Logger, sweepMs = SWEEP_MS) {
    this.hub = new Hub(log, sweepMs);
  }

  /** Sends `event` to every subscriber of `topic` on every instance. Best effort: never throws. */
  async publish(topic: string, event: string, data: EventData = {}): Promise<void> {
    if (!isEventData(data)) {
      this.log.error(`realtime: ${event} on ${topic} dropped: data must be ids only`);
      return;
    }
    const e = { topic, event, data };
    try {
      if (this.#transport) await this.#transport(e);
      else this.hub.deliver(e);
    } catch (err) {
      this.log.error(`realtime: publishing ${event} on ${topic} failed`, err);
    }
  }

  publishAuth(username: string, event: AuthEvent): Promise<void> {
    return this.publish(authTopic(username), event);
  }

  publishNewMail(username: string, folderId: number, mailId: number): Promise<void> {
    return this.publish(mailTopic(username), "NEW_MAIL", { folderId, mailId });
  }

  /**
   * MAIL_CHANGED (our addition to the spec's NEW_MAIL): mails of the user changed elsewhere than in this browser
   * (a mail client flagged, moved, deleted or added some over IMAP); the open lists and counts refresh.
   */
  publishMailChanged(username: string, folderIds: number[]): Promise<void> {
    return this.publish(mailTopic(username), "MAIL_CHANGED", { folderIds: folderIds.join(",") });
  }

  /** Routes publishes through `t` (the bridge) instead of the local hub; null goes back to local. */
  useTransport(t: Transport | null) {
    this.#transport = t;
  }
}

export interface Bridge {
  close(): Promise<void>;
}

/**
 * NOTIFY for each event, the events published in one turn of the event loop sent in ONE statement (a group
 * of delivered messages announces all its NEW_MAILs at once: one round trip instead of one each). Each event
 * stays a notification of its own, in the order published.
 */
function batchedNotify(sql: Sql): Transport {
  let batch: { payload: string; resolve(): void; reject(e: unknown): void }[] | null = null;
  const flush = async () => {
    const sending = batch!;
    batch = null;
    try {
      // unnest yields the array in order, and pg_notify runs row by row as it does. PostgreSQL delivers
      // identical notifications of one transaction once, so a payload repeated in the batch goes in a later
      // statement (rounds of distinct payloads; nearly always one): every event published is delivered.
      for (const round of distinctRounds(sending.map((b) => b.payload))) {
        await sql`select pg_notify(${REALTIME_CHANNEL}, p) from unnest(${round}::text[]) as p`;
      }
      for (const b of sending) b.resolve();
    } catch (e) {
      for (const b of sending) b.reject(e);
    }
  };
  return (e) => {
    const payload = JSON.stringify(e);
    if (new TextEncoder().encode(payload).length > MAX_PAYLOAD_BYTES) return Promise.reject(new Error("realtime payload too large"));
    return new Promise<void>((resolve, reject) => {
      if (!batch) {
        batch = [];
        setTimeout(flush, 0);
      }
      batch.push({ payload, resolve, reject });
    });
  };
}

/** The payloads in order, split into consecutive rounds in which no payload repeats. */
export function distinctRounds(payloads: string[]): string[][] {
  const rounds: string[][] = [];
  let round: string[] = [];
  let seen = new Set<string>();
  for (const p of payloads) {
    if (seen.has(p)) {
      rounds.push(round);
      round = [];
      seen = new Set();
    }
    round.push(p);
    seen.add(p);
  }
  if (round.length) rounds.push(round);
  return rounds;
}

function parsePayload(payload: string): RealtimeEvent | null {
  try {
    const e = JSON.parse(payload) as Partial<RealtimeEvent>;
    if (typeof e.topic !== "string" || typeof e.event !== "string" || !isEventData(e.data)) return null;
    return { topic: e.topic, event: e.event, data: e.data };
  } catch {
    return null;
  }
}

/**
 * Opens a dedicated connection that LISTENs on the channel and delivers to `realtime.hub`; publishes then
 * NOTIFY through `notifySql` (the app's pool). Resolves once the LISTEN is in place.
 */
export async function startBridge(realtime: Realtime, databaseUrl: string, notifySql: Sql, log: Logger): Promise<Bridge> {
  const listenSql = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: "groupware-realtime" },
  });
  const sub = await listenSql.listen(REALTIME_CHANNEL, (payload) => {
    const e = parsePayload(payload);
    if (e) realtime.hub.deliver(e);
    else log.warn("realtime: ignored a malformed notification");
  });
  realtime.useTransport(batchedNotify(notifySql));
  let closed = false;
  return {
    async close() {
      if (closed) return;
      closed = true;
      realtime.useTransport(null);
      try {
        await sub.unlisten();
      } catch { /* connection already gone */ }
      await listenSql.end({ timeout: 5 });
    },
  };
}
