// The sockets of this instance and their subscriptions; delivers an event to the local subscribers of its
// topic, and closes sockets whose session has ended (checked on auth events and by a periodic sweep).
import { CLOSE_SESSION_ENDED, type EventData, type ServerFrame } from "../../shared/realtime.ts";
import type { Logger } from "../lib/logger.ts";

/** How often every socket's session is checked again, besides the checks on frames and auth events. */
export const SWEEP_MS = 5 * 60_000;

export interface RealtimeEvent {
  topic: string;
  event: string;
  data: EventData;
}

export interface Conn {
  readonly username: string;
  /** Sends one frame, already serialised (one JSON.stringify per event, not per socket). */
  send(text: string): void;
  close(code: number, reason: string): void;
  /** True while the socket's session is valid; checked against the database. */
  stillValid(): Promise<boolean>;
}

export class Hub {
  readonly #topics = new Map<string, Set<Conn>>();
  readonly #subs = new Map<Conn, Set<string>>();
  readonly #byUser = new Map<string, Set<Conn>>();
  #sweep: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly log: Logger, private readonly sweepMs = SWEEP_MS) {}

  get size(): number {
    return this.#subs.size;
  }

  add(conn: Conn) {
    this.#subs.set(conn, new Set());
    let mine = this.#byUser.get(conn.username);
    if (!mine) this.#byUser.set(conn.username, mine = new Set());
    mine.add(conn);
    if (!this.#sweep) {
      this.#sweep = setInterval(() => void this.sweep(), this.sweepMs);
      Deno.unrefTimer(this.#sweep);
    }
  }

  remove(conn: Conn) {
    for (const topic of this.#subs.get(conn) ?? []) this.unsubscribe(conn, topic);
    this.#subs.delete(conn);
    const mine = this.#byUser.get(conn.username);
    mine?.delete(conn);
    if (mine?.size === 0) this.#byUser.delete(conn.username);
    if (this.#subs.size === 0 && this.#sweep) {
      clearInterval(this.#sweep);
      this.#sweep = undefined;
    }
  }

  subscribe(conn: Conn, topic: string) {
    const subs = this.#subs.get(conn);
    if (!subs) return;
    subs.add(topic);
    let set = this.#topics.get(topic);
    if (!set) this.#topics.set(topic, set = new Set());
    set.add(conn);
  }

  unsubscribe(conn: Conn, topic: string) {
    this.#subs.get(conn)?.delete(topic);
    const set = this.#topics.get(topic);
    set?.delete(conn);
    if (set?.size === 0) this.#topics.delete(topic);
  }

  subscriberCount(topic: string): number {
    return this.#topics.get(topic)?.size ?? 0;
  }

  /** Sends the event to this instance's subscribers; an auth event also re-checks the user's sockets. */
  deliver(e: RealtimeEvent) {
    const set = this.#topics.get(e.topic);
    if (set) {
      const text = JSON.stringify({ type: "MESSAGE", topic: e.topic, event: e.event, data: e.data } satisfies ServerFrame);
      for (const conn of set) {
        try {
          conn.send(text);
        } catch (err) {
          this.log.debug(`realtime: send failed: ${err}`);
        }
      }
    }
    const m = /^\/topic\/auth\/user\/(.+)$/.exec(e.topic);
    if (m) void this.recheck([...(this.#byUser.get(m[1]) ?? [])]);
  }

  /** Closes those of `conns` whose session has ended. A failing check (database down) keeps the socket. */
  async recheck(conns: Iterable<Conn>) {
    for (const conn of conns) {
      try {
        if (!(await conn.stillValid())) conn.close(CLOSE_SESSION_ENDED, "session ended");
      } catch (err) {
        this.log.warn(`realtime: session check failed: ${err}`);
      }
    }
  }

  sweep(): Promise<void> {
    return this.recheck([...this.#subs.keys()]);
  }

  /** Closes every socket (shutdown). */
  closeAll(code = 1001, reason = "server stopping") {
    for (const conn of [...this.#subs.keys()]) {
      try {
        conn.close(code, reason);
      } catch { /* already closed */ }
      this.remove(conn);
    }
  }
}
