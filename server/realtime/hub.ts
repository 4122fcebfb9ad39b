// The sockets of this instance and their subscriptions; delivers an event to the local subscribers of its
// topic, and closes sockets whose session has ended (checked on auth events and by a periodic sweep).
//
// Hydrators: events cross instances with ids only (NOTIFY), but some frames are far more useful with the object
// itself (the messenger's new message: 500 clients fetching it back would be 500 requests). A hydrator,
// registered for a topic prefix and some events, loads that object ONCE per event on each instance that has
// subscribers of the topic, and the frame carries it as `payload`. Events of a topic with a hydrator are
// delivered in order (a later event waits for an earlier one's hydration). Intercepts see events of a prefix
// before delivery (the messenger unsubscribes a removed member's sockets from the room).
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

/** Loads the payload of an event (null: send the frame without one). */
export type Hydrator = (e: RealtimeEvent) => Promise<unknown | null>;

interface HydratorEntry {
  prefix: string;
  events: ReadonlySet<string>;
  load: Hydrator;
}

export class Hub {
  readonly #topics = new Map<string, Set<Conn>>();
  readonly #hydrators: HydratorEntry[] = [];
  readonly #intercepts: { prefix: string; fn: (e: RealtimeEvent, hub: Hub) => void }[] = [];
  /** Per topic under a hydrator: the delivery in progress, so frames keep their order. */
  readonly #chains = new Map<string, Promise<void>>();
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

  /** Subscribes the socket to `topic`; true when it was not yet. */
  subscribe(conn: Conn, topic: string): boolean {
    const subs = this.#subs.get(conn);
    if (!subs || subs.has(topic)) return false;
    subs.add(topic);
    let set = this.#topics.get(topic);
    if (!set) this.#topics.set(topic, set = new Set());
    set.add(conn);
    return true;
  }

  /** Unsubscribes the socket from `topic`; true when it was subscribed. */
  unsubscribe(conn: Conn, topic: string): boolean {
    const was = this.#subs.get(conn)?.delete(topic) ?? false;
    const set = this.#topics.get(topic);
    set?.delete(conn);
    if (set?.size === 0) this.#topics.delete(topic);
    return was;
  }

  /** The topics the socket is subscribed to. */
  topicsOf(conn: Conn): string[] {
    return [...this.#subs.get(conn) ?? []];
  }

  /** Unsubscribes every socket of the user on this instance from `topic`. */
  unsubscribeUser(username: string, topic: string) {
    for (const conn of this.#byUser.get(username) ?? []) this.unsubscribe(conn, topic);
  }

  subscriberCount(topic: string): number {
    return this.#topics.get(topic)?.size ?? 0;
  }

  /** Frames of `events` on topics starting with `prefix` carry what `load` answers (once per event here). */
  hydrate(prefix: string, events: readonly string[], load: Hydrator) {
    const at = this.#hydrators.findIndex((h) => h.prefix === prefix);
    const entry = { prefix, events: new Set(events), load };
    if (at >= 0) this.#hydrators[at] = entry;
    else this.#hydrators.push(entry);
  }

  /** `fn` sees every event on topics starting with `prefix`, before it is delivered. */
  intercept(prefix: string, fn: (e: RealtimeEvent, hub: Hub) => void) {
    const at = this.#intercepts.findIndex((h) => h.prefix === prefix);
    if (at >= 0) this.#intercepts[at] = { prefix, fn };
    else this.#intercepts.push({ prefix, fn });
  }

  /** Sends the event to this instance's subscribers; an auth event also re-checks the user's sockets. */
  deliver(e: RealtimeEvent) {
    for (const i of this.#intercepts) {
      if (!e.topic.startsWith(i.prefix)) continue;
      try {
        i.fn(e, this);
      } catch (err) {
        this.log.error(`realtime: intercept of ${e.event} failed`, err);
      }
    }
    const hydrator = this.#hydrators.find((h) => e.topic.startsWith(h.prefix));
    if (hydrator) {
      // In order per topic: a READ after a MESSAGE_NEW must not overtake it while the message loads.
      const prev = this.#chains.get(e.topic) ?? Promise.resolve();
      const next = prev.then(() => this.#hydrated(hydrator, e));
      this.#chains.set(e.topic, next);
      void next.finally(() => {
        if (this.#chains.get(e.topic) === next) this.#chains.delete(e.topic);
      });
    } else {
      this.#send(e, undefined);
    }
    const m = /^\/topic\/auth\/user\/(.+)$/.exec(e.topic);
    if (m) void this.recheck([...(this.#byUser.get(m[1]) ?? [])]);
  }

  async #hydrated(h: HydratorEntry, e: RealtimeEvent) {
    if (!this.#topics.get(e.topic)?.size) return; // nobody here listens: nothing to load
    let payload: unknown = undefined;
    if (h.events.has(e.event)) {
      try {
        payload = (await h.load(e)) ?? undefined;
      } catch (err) {
        this.log.error(`realtime: loading ${e.event} on ${e.topic} failed`, err);
      }
    }
    this.#send(e, payload);
  }

  #send(e: RealtimeEvent, payload: unknown) {
    const set = this.#topics.get(e.topic);
    if (!set?.size) return;
    const frame: ServerFrame = { type: "MESSAGE", topic: e.topic, event: e.event, data: e.data };
    if (payload !== undefined) frame.payload = payload;
    const text = JSON.stringify(frame);
    for (const conn of set) {
      try {
        conn.send(text);
      } catch (err) {
        this.log.debug(`realtime: send failed: ${err}`);
      }
    }
  }

  /** Resolves when every hydrated delivery started so far has been sent (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#chains.size) await Promise.all([...this.#chains.values()]);
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
