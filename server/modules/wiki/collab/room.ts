// One open document of this instance (shared/wiki/collab.ts): its Y.Doc and awareness, the sockets on it, and
// what leaves it: every change is sent to the other sockets at once; changes made here (an editor's, or a
// replace of the content) are appended to wiki_doc_updates and announced to the other instances (ids only),
// and saved COLLAB_SAVE_DELAY_MS after the last one (HTML through content/store.ts writeContent, the Yjs state
// merged into wiki_docs.ydoc). Changes from other instances come in as rows and are only passed on.
import { sql } from "drizzle-orm";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as awarenessProtocol from "y-protocols/awareness";
import * as syncProtocol from "y-protocols/sync";
import * as Y from "yjs";
import type { JSONContent } from "@tiptap/core";
import { COLLAB_SAVE_DELAY_MS } from "../../../../shared/wiki/constants.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { jsonToHtml, replaceYContent, yDocToJson } from "../content/html.ts";
import { writeContent } from "../content/store.ts";
import { publishWikiChanged } from "../realtime.ts";
import { appendUpdate, applyRows, awarenessRow, mergeStoredState } from "./store.ts";

export const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
export const MESSAGE_QUERY_AWARENESS = 3;

/** The internal topic on which instances announce a document's new update rows: { docId, updateId }. */
export const collabTopic = (docId: number) => `/internal/wiki/collab/${docId}`;
export const COLLAB_UPDATE = "COLLAB_UPDATE";

/** Carets changed here are sent to the other instances in batches this often. */
export const AWARENESS_RELAY_MS = 50;

/** Steady typing (no pause of COLLAB_SAVE_DELAY_MS) is still saved at least this often. */
export const SAVE_MAX_WAIT_MS = 5 * COLLAB_SAVE_DELAY_MS;

/** Origin of changes that came from another instance (passed on, never appended or saved again). */
export const REMOTE = Symbol("remote");
/** Origin of a replace of the content (replaceLiveContent): appended and saved like an editor's change. */
export const REPLACE = Symbol("replace");

/** A socket on a room (collab/socket.ts). */
export interface RoomConn {
  readonly userId: number;
  readonly canWrite: boolean;
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

const syncUpdateMessage = (update: Uint8Array) => {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  syncProtocol.writeUpdate(e, update);
  return encoding.toUint8Array(e);
};

export const awarenessMessage = (awareness: awarenessProtocol.Awareness, clients: number[]) => {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
  return encoding.toUint8Array(e);
};

export class Room {
  readonly awareness: awarenessProtocol.Awareness;
  readonly conns = new Map<RoomConn, Set<number>>();
  /** Row ids this room appended (its own announcements come back to it: skipped). */
  readonly #own = new Set<number>();
  #pending: Uint8Array[] = [];
  #appending: Promise<void> = Promise.resolve();
  #appendScheduled = false;
  #remoteIds = new Set<number>();
  #caretsOut = new Set<number>();
  #caretsTimer: ReturnType<typeof setTimeout> | undefined;
  #remoteScheduled = false;
  #remoteChain: Promise<void> = Promise.resolve();
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  #saving: Promise<void> = Promise.resolve();
  #dirty = false;
  #dirtySince = 0;
  #lastEditor: number | null = null;
  #closed = false;

  constructor(
    private readonly deps: AppDeps,
    readonly docId: number,
    readonly companyId: number,
    readonly doc: Y.Doc,
    private lastUpdateId: number,
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    this.awareness.setLocalState(null);
    doc.on("update", (update: Uint8Array, origin: unknown) => this.#onUpdate(update, origin));
    this.awareness.on("update", ({ added, updated, removed }: Record<string, number[]>, origin: unknown) => {
      const changed = [...added, ...updated, ...removed];
      const mine = this.conns.get(origin as RoomConn);
      if (mine) {
        for (const id of added) mine.add(id);
        for (const id of removed) mine.delete(id);
      }
      const msg = awarenessMessage(this.awareness, changed);
      for (const c of this.conns.keys()) this.#send(c, msg);
      if (origin !== REMOTE) this.#relayCarets(changed);
    });
  }

  get size() {
    return this.conns.size;
  }

  /** A socket joins: it gets the server's state vector (sync step 1) and everyone's carets. */
  join(conn: RoomConn) {
    this.conns.set(conn, new Set());
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(e, this.doc);
    this.#send(conn, encoding.toUint8Array(e));
    const states = [...this.awareness.getStates().keys()];
    if (states.length) this.#send(conn, awarenessMessage(this.awareness, states));
  }

  /** A socket leaves: its carets go. Answers the number of sockets left. */
  leave(conn: RoomConn): number {
    const ids = this.conns.get(conn);
    this.conns.delete(conn);
    if (ids?.size) awarenessProtocol.removeAwarenessStates(this.awareness, [...ids], null);
    return this.conns.size;
  }

  /**
   * One message of a socket (y-protocols). Answers false when the socket must be closed as read-only (a change
   * from a socket that may not write).
   */
  receive(conn: RoomConn, message: Uint8Array): boolean {
    const decoder = decoding.createDecoder(message);
    const type = decoding.readVarUint(decoder);
    if (type === MESSAGE_SYNC) {
      const step = decoding.readVarUint(decoder);
      if (step === syncProtocol.messageYjsSyncStep1) {
        const e = encoding.createEncoder();
        encoding.writeVarUint(e, MESSAGE_SYNC);
        syncProtocol.writeSyncStep2(e, this.doc, decoding.readVarUint8Array(decoder));
        this.#send(conn, encoding.toUint8Array(e));
      } else if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
        const update = decoding.readVarUint8Array(decoder);
        if (!conn.canWrite) {
          // A reader's step 2 answers the server's step 1 with what it has and the server lacks: nothing.
          return Y.snapshotContainsUpdate(Y.snapshot(this.doc), update);
        }
        Y.applyUpdate(this.doc, update, conn);
      }
    } else if (type === MESSAGE_AWARENESS) {
      awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), conn);
    } else if (type === MESSAGE_QUERY_AWARENESS) {
      this.#send(conn, awarenessMessage(this.awareness, [...this.awareness.getStates().keys()]));
    }
    return true;
  }

  /** Makes the content `json` as a diff (replaceLiveContent): open editors keep their carets. */
  replace(json: JSONContent) {
    replaceYContent(this.doc, json, REPLACE);
  }

  /** An announced row of another instance: applied (in a batch, next turn) unless this room appended it. */
  remoteUpdate(updateId: number) {
    if (this.#own.delete(updateId) || updateId <= 0) return;
    this.#remoteIds.add(updateId);
    if (this.#remoteScheduled) return;
    this.#remoteScheduled = true;
    setTimeout(() => {
      this.#remoteScheduled = false;
      const ids = [...this.#remoteIds];
      this.#remoteIds.clear();
      this.#remoteChain = this.#remoteChain.then(async () => {
        if (this.#closed) return;
        this.lastUpdateId = await applyRows(this.deps.db, this.doc, this.docId, this.lastUpdateId, {
          ids,
          origin: REMOTE,
          awareness: this.awareness,
        });
      }).catch((e) => this.deps.log.error(`wiki collab: applying updates of document ${this.docId} failed`, e));
    }, 0);
  }

  /** Carets of this instance's sockets to the other instances: one row per batch, announced like an update. */
  #relayCarets(clients: number[]) {
    for (const c of clients) this.#caretsOut.add(c);
    if (this.#caretsTimer || this.#closed) return;
    this.#caretsTimer = setTimeout(() => {
      this.#caretsTimer = undefined;
      const clients = [...this.#caretsOut];
      this.#caretsOut.clear();
      if (this.#closed || !clients.length) return;
      const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, clients);
      this.#appending = this.#appending.then(() => this.#announce(awarenessRow(update)));
    }, AWARENESS_RELAY_MS);
  }

  async #announce(row: Uint8Array) {
    try {
      const id = await appendUpdate(this.deps.db, this.docId, row);
      this.#own.add(id);
      await this.deps.realtime.publish(collabTopic(this.docId), COLLAB_UPDATE, { docId: this.docId, updateId: id });
    } catch (e) {
      this.deps.log.error(`wiki collab: announcing a change of document ${this.docId} failed`, e);
    }
  }

  #send(conn: RoomConn, message: Uint8Array) {
    try {
      conn.send(message);
    } catch { /* the socket is closing */ }
  }

  #onUpdate(update: Uint8Array, origin: unknown) {
    const msg = syncUpdateMessage(update);
    for (const c of this.conns.keys()) if (c !== origin) this.#send(c, msg);
    if (origin === REMOTE || this.#closed) return;
    if (this.conns.has(origin as RoomConn)) this.#lastEditor = (origin as RoomConn).userId;
    this.#pending.push(update);
    if (!this.#appendScheduled) {
      this.#appendScheduled = true;
      setTimeout(() => {
        this.#appendScheduled = false;
        this.#appending = this.#appending.then(() => this.#append());
      }, 0);
    }
    if (!this.#dirty) this.#dirtySince = Date.now();
    this.#dirty = true;
    clearTimeout(this.#saveTimer);
    const wait = Math.max(0, Math.min(COLLAB_SAVE_DELAY_MS, this.#dirtySince + SAVE_MAX_WAIT_MS - Date.now()));
    this.#saveTimer = setTimeout(() => void this.save(), wait);
  }

  /** The changes made here since the last append, as one row, announced to every instance. */
  async #append() {
    if (!this.#pending.length) return;
    const update = this.#pending.length === 1 ? this.#pending[0] : Y.mergeUpdates(this.#pending);
    this.#pending = [];
    // On failure the room still holds it and its save stores it; only other instances miss it until they reopen.
    await this.#announce(update);
  }

  /** Stores the merged document now (the save timer, the last socket leaving, shutdown). */
  save(): Promise<void> {
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    this.#saving = this.#saving.then(() => this.#save()).catch((e) =>
      this.deps.log.error(`wiki collab: saving document ${this.docId} failed`, e)
    );
    return this.#saving;
  }

  async #save() {
    if (!this.#dirty) return;
    this.#dirty = false;
    const state = Y.encodeStateAsUpdate(this.doc);
    const html = jsonToHtml(yDocToJson(this.doc));
    const editor = this.#lastEditor;
    const { deps, docId } = this;
    const changed = await deps.db.transaction(async (tx) => {
      let wrote = false;
      try {
        wrote = editor !== null && await writeContent(tx, docId, editor, { html }, deps.clock.now());
      } catch (e) {
        // Past TEXT_MAX (checked before anything is written): the HTML stays as it was, the live state is kept.
        if (!(e instanceof AppError && e.code === WIKI_ERRORS.textTooLarge)) throw e;
        deps.log.warn(`wiki collab: document ${docId} is past TEXT_MAX; its live state is kept, its HTML not saved`);
      }
      await mergeStoredState(tx, docId, state);
      if (!wrote) return null;
      const [row] = await tx.execute<{ parent_id: string | null }>(sql`select parent_id from wiki_docs where id = ${docId}`);
      return { parentId: row?.parent_id == null ? null : Number(row.parent_id) };
    });
    if (changed) await publishWikiChanged(deps, this.companyId, { docId, parentId: changed.parentId, kind: "updated" });
  }

  /** Closes every socket with `code`, then flushes and drops the room's state (the caller forgets the room). */
  async close(code?: number, reason = "") {
    if (code !== undefined) {
      for (const c of [...this.conns.keys()]) {
        try {
          c.close(code, reason);
        } catch { /* already closed */ }
        this.leave(c);
      }
    }
    await this.#remoteChain;
    clearTimeout(this.#caretsTimer);
    const carets = [...this.#caretsOut];
    this.#appending = this.#appending.then(async () => {
      // The carets that left (the last sockets) reach the other instances too.
      if (carets.length) await this.#announce(awarenessRow(awarenessProtocol.encodeAwarenessUpdate(this.awareness, carets)));
      await this.#append();
    });
    await this.#appending;
    await this.save();
    this.#closed = true;
    clearTimeout(this.#caretsTimer);
    this.awareness.destroy();
    this.doc.destroy();
  }
}
