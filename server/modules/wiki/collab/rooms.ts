// The open rooms of this instance (one per document with a socket on it), and how they hear the others: one
// server-side subscriber in the realtime hub takes the internal collab topics (update rows announced by any
// instance) and the wiki topics of the companies with open rooms (a document removed, moved or its permissions
// changed: the sockets' access is checked again). A periodic check catches what no event tells (the company
// switching the wiki off). One registry per Realtime (per app instance).
import type { JSONContent } from "@tiptap/core";
import { WIKI_CHANGED, wikiTopic } from "../../../../shared/wiki/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { Realtime } from "../../../realtime/bridge.ts";
import type { Conn } from "../../../realtime/hub.ts";
import { COLLAB_UPDATE, collabTopic, Room } from "./room.ts";
import { loadLiveDoc } from "./store.ts";

/** How often every socket's access is checked again besides the checks on the wiki's events. */
export const ACCESS_SWEEP_MS = 60_000;

/** What a registry asks of a socket when access may have changed (collab/socket.ts). */
export interface Recheckable {
  readonly companyId: number;
  recheck(): Promise<void>;
}

export class CollabRooms {
  readonly #rooms = new Map<number, Promise<Room>>();
  readonly #closing = new Map<number, Promise<void>>();
  readonly #companies = new Map<number, number>();
  readonly #sockets = new Set<Recheckable>();
  readonly #hubConn: Conn;
  #recheckTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #recheckCompanies = new Set<number>();
  #sweep: ReturnType<typeof setInterval> | undefined;
  #stopped = false;
  #inHub = false;

  constructor(private readonly deps: AppDeps) {
    this.#hubConn = {
      username: "",
      send: (text) => this.#onEvent(text),
      // The hub's closeAll (shutdown) drops it from the hub: added again if a room opens after.
      close: () => void (this.#inHub = false),
      stillValid: () => Promise.resolve(true),
    };
  }

  /** The room of `docId`, opened (loaded or seeded) when none is; null when the document is gone. */
  async open(docId: number): Promise<Room | null> {
    if (this.#stopped) return null;
    let p = this.#rooms.get(docId);
    if (!p) {
      p = this.#load(docId);
      this.#rooms.set(docId, p);
      p.catch(() => this.#rooms.delete(docId));
    }
    try {
      return await p;
    } catch (e) {
      if ((e as Error).message === "gone") return null;
      throw e;
    }
  }

  /** The open room of `docId`, if any (never opens one). */
  async find(docId: number): Promise<Room | null> {
    const p = this.#rooms.get(docId);
    return p ? await p.catch(() => null) : null;
  }

  /** True while `docId` has a room here, or its last save is still running. */
  busy(docId: number): boolean {
    return this.#rooms.has(docId) || this.#closing.has(docId);
  }

  async #load(docId: number): Promise<Room> {
    await this.#closing.get(docId); // the previous room's last save first
    const hub = this.deps.realtime.hub;
    if (!this.#inHub) {
      hub.add(this.#hubConn);
      this.#inHub = true;
    }
    // Subscribed before the load, so no row announced meanwhile is missed (a row applied twice is harmless).
    hub.subscribe(this.#hubConn, collabTopic(docId));
    const loaded = await loadLiveDoc(this.deps.db, docId).catch((e) => {
      hub.unsubscribe(this.#hubConn, collabTopic(docId));
      throw e;
    });
    if (!loaded) {
      hub.unsubscribe(this.#hubConn, collabTopic(docId));
      throw new Error("gone");
    }
    const n = this.#companies.get(loaded.companyId) ?? 0;
    this.#companies.set(loaded.companyId, n + 1);
    if (n === 0) hub.subscribe(this.#hubConn, wikiTopic(loaded.companyId));
    return new Room(this.deps, docId, loaded.companyId, loaded.doc, loaded.lastUpdateId);
  }

  /** Forgets the room once its last socket left: the last save, then its state goes. */
  async release(room: Room) {
    if (room.size > 0 || (await this.find(room.docId)) !== room) return;
    this.#rooms.delete(room.docId);
    const closing = this.#forget(room);
    this.#closing.set(room.docId, closing);
    await closing;
    if (this.#closing.get(room.docId) === closing) this.#closing.delete(room.docId);
  }

  async #forget(room: Room, code?: number, reason?: string) {
    const hub = this.deps.realtime.hub;
    hub.unsubscribe(this.#hubConn, collabTopic(room.docId));
    const n = (this.#companies.get(room.companyId) ?? 1) - 1;
    if (n <= 0) {
      this.#companies.delete(room.companyId);
      hub.unsubscribe(this.#hubConn, wikiTopic(room.companyId));
    } else this.#companies.set(room.companyId, n);
    try {
      await room.close(code, reason);
    } catch (e) {
      this.deps.log.error(`wiki collab: closing document ${room.docId} failed`, e);
    }
  }

  /** Sockets whose access is checked on the wiki's events and by the periodic sweep. */
  track(s: Recheckable) {
    this.#sockets.add(s);
    if (!this.#sweep) {
      this.#sweep = setInterval(() => this.#recheckAll(), ACCESS_SWEEP_MS);
      Deno.unrefTimer(this.#sweep);
    }
  }

  untrack(s: Recheckable) {
    this.#sockets.delete(s);
    if (this.#sockets.size === 0 && this.#sweep) {
      clearInterval(this.#sweep);
      this.#sweep = undefined;
    }
  }

  /** Replaces an open room's content (replaceLiveContent); false when the document has no room here. */
  async replace(docId: number, json: JSONContent): Promise<boolean> {
    const room = await this.find(docId);
    if (!room) return false;
    room.replace(json);
    return true;
  }

  #onEvent(text: string) {
    let f: { topic?: string; event?: string; data?: Record<string, unknown> };
    try {
      f = JSON.parse(text);
    } catch {
      return;
    }
    if (f.event === COLLAB_UPDATE) {
      const docId = Number(f.data?.docId);
      void this.find(docId).then((room) => room?.remoteUpdate(Number(f.data?.updateId)));
    } else if (f.event === WIKI_CHANGED && f.data?.kind !== "updated") {
      // Removed, restored, moved, purged, permissions: whose access changed is not said, so the company's
      // sockets are checked again (batched: a subtree's events come together).
      const company = Number(/^\/topic\/wiki\/company\/(\d+)$/.exec(f.topic ?? "")?.[1]);
      if (!company) return;
      this.#recheckCompanies.add(company);
      if (this.#recheckTimer) return;
      this.#recheckTimer = setTimeout(() => {
        this.#recheckTimer = undefined;
        const companies = new Set(this.#recheckCompanies);
        this.#recheckCompanies.clear();
        this.#recheckAll(companies);
      }, 50);
    }
  }

  #recheckAll(companies?: Set<number>) {
    for (const s of [...this.#sockets]) if (!companies || companies.has(s.companyId)) void s.recheck();
  }

  /** Shutdown: every room saved and its sockets closed (1001); no room opens after. */
  async stop() {
    this.#stopped = true;
    clearTimeout(this.#recheckTimer);
    if (this.#sweep) clearInterval(this.#sweep);
    this.#sweep = undefined;
    const rooms = await Promise.all([...this.#rooms.values()].map((p) => p.catch(() => null)));
    this.#rooms.clear();
    await Promise.all(rooms.filter((r): r is Room => r !== null).map((r) => this.#forget(r, 1001, "server stopping")));
    await Promise.all([...this.#closing.values()]);
    this.deps.realtime.hub.remove(this.#hubConn);
    this.#inHub = false;
  }
}

const registries = new WeakMap<Realtime, CollabRooms>();

/** The rooms of the instance `deps` belongs to (one per Realtime: the app's deps may be copied, not it). */
export function collabRooms(deps: AppDeps): CollabRooms {
  let r = registries.get(deps.realtime);
  if (!r) registries.set(deps.realtime, r = new CollabRooms(deps));
  return r;
}

/** Saves every open document and closes its sockets (server/main.ts, before the hub and the database close). */
export async function stopCollab(deps: AppDeps): Promise<void> {
  await registries.get(deps.realtime)?.stop();
}
