// One live editor's socket on a room (shared/wiki/collab.ts): its messages in order, its write right (WRITE on
// a PUBLISHED document), its session (in the realtime hub: an ended session closes it with 4401, as on /ws)
// and its access, checked again when the wiki says something changed (CLOSE_ACCESS_CHANGED when it did).
import { CLOSE_ACCESS_CHANGED, CLOSE_READ_ONLY, COLLAB_MESSAGE_MAX_BYTES } from "../../../../shared/wiki/collab.ts";
import { atLeast } from "../../../../shared/wiki/constants.ts";
import { resolveBearer } from "../../../lib/auth.ts";
import type { AppDeps, AuthInfo } from "../../../lib/context.ts";
import type { Conn } from "../../../realtime/hub.ts";
import { companyInfo } from "../../company/service.ts";
import { docAccess, type DocAccess } from "../access.ts";
import type { Room, RoomConn } from "./room.ts";
import { collabRooms, type Recheckable } from "./rooms.ts";

export interface SocketLike {
  send(data: Uint8Array): void;
  close(code: number, reason: string): void;
}

/** May `access` change the document's content live? */
export const canEdit = (d: DocAccess) => d.status === "PUBLISHED" && atLeast(d.level, "WRITE");

export class CollabSocket implements RoomConn, Recheckable {
  readonly userId: number;
  readonly companyId: number;
  #ws: SocketLike | null = null;
  #room: Room | null = null;
  #queue: Promise<void> = Promise.resolve();
  #session: Conn | null = null;
  #closed = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly auth: AuthInfo,
    private readonly token: string,
    private readonly docId: number,
    readonly canWrite: boolean,
  ) {
    this.userId = auth.userId;
    this.companyId = auth.companyId;
  }

  get rooms() {
    return collabRooms(this.deps);
  }

  open(ws: SocketLike) {
    this.#ws = ws;
    const { deps, auth, token } = this;
    this.#session = {
      username: auth.username,
      send: () => {},
      close: (code, reason) => this.close(code, reason),
      async stillValid() {
        const now = await resolveBearer(deps, token);
        return now !== null && now.sessionId === auth.sessionId && now.userId === auth.userId;
      },
    };
    deps.realtime.hub.add(this.#session);
    this.rooms.track(this);
    this.#queue = this.#queue.then(async () => {
      const room = await this.rooms.open(this.docId);
      if (this.#closed) {
        if (room && room.size === 0) await this.rooms.release(room);
        return;
      }
      if (!room) return this.close(CLOSE_ACCESS_CHANGED, "document gone");
      this.#room = room;
      room.join(this);
    }).catch((e) => {
      deps.log.error(`wiki collab: opening document ${this.docId} failed`, e);
      this.close(1011, "internal error");
    });
  }

  receive(data: unknown) {
    this.#queue = this.#queue.then(async () => {
      if (!this.#room || this.#closed) return;
      const bytes = data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : data instanceof Uint8Array
        ? data
        : data instanceof Blob
        ? new Uint8Array(await data.arrayBuffer())
        : null;
      if (!bytes) return; // text frames are not part of the protocol
      if (bytes.length > COLLAB_MESSAGE_MAX_BYTES) return this.close(1009, "message too big");
      if (!this.#room.receive(this, bytes)) this.close(CLOSE_READ_ONLY, "read only");
    }).catch((e) => {
      this.deps.log.warn(`wiki collab: a message on document ${this.docId} failed: ${e}`);
      this.close(1003, "bad message");
    });
  }

  send(message: Uint8Array) {
    if (!this.#closed) this.#ws?.send(message);
  }

  close(code: number, reason: string) {
    if (this.#closed) return;
    try {
      this.#ws?.close(code, reason);
    } catch { /* already closing */ }
    this.closed();
  }

  /** The socket is gone (closed by either side): its carets leave; the last one out saves and closes the room. */
  closed() {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#session) this.deps.realtime.hub.remove(this.#session);
    this.rooms.untrack(this);
    const room = this.#room;
    this.#room = null;
    if (room && room.leave(this) === 0) {
      void this.rooms.release(room).catch((e) => this.deps.log.error("wiki collab: release failed", e));
    }
  }

  /** Access again (the wiki changed, or the sweep): lost, or the right to write changed → CLOSE_ACCESS_CHANGED. */
  async recheck() {
    if (this.#closed) return;
    try {
      const [d, company] = await Promise.all([docAccess(this.deps.db, this.auth, this.docId), companyInfo(this.deps, this.auth.companyId)]);
      if (!d || d.level === "NONE" || !company.useWiki || canEdit(d) !== this.canWrite) {
        this.close(CLOSE_ACCESS_CHANGED, "access changed");
      }
    } catch (e) {
      // A failing check (database down) keeps the socket, as the hub's session check does.
      this.deps.log.warn(`wiki collab: access check failed: ${e}`);
    }
  }
}
