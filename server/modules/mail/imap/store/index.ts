// The IMAP store (types.ts is the contract): the user's folders as mailboxes (mailboxes.ts), lazy UIDs and
// MODSEQs (uids.ts), expunged UIDs for QRESYNC (vanished.ts), mailbox state (snapshot.ts), flags (flags.ts),
// COPY/MOVE/EXPUNGE (copy-move.ts), APPEND (append.ts) and SEARCH (search.ts). Every call is for one
// signed-in client user and scoped by their company and user; another user's folder id answers NONEXISTENT
// exactly like a missing one.
// Every change a client makes is announced to the user's open browsers (realtime MAIL_CHANGED), so the web
// lists and counts follow a client at once, as IMAP sessions follow the web (IDLE).
import type { AppDeps } from "../../../../lib/context.ts";
import { createAppend } from "./append.ts";
import { createCopyMove } from "./copy-move.ts";
import { createFlags } from "./flags.ts";
import { createMailboxes } from "./mailboxes.ts";
import { recentAmong } from "./recent.ts";
import { createSearch } from "./search.ts";
import { createSnapshots } from "./snapshot.ts";
import type { ClientUser, ImapStore } from "./types.ts";
import { vanishedSince } from "./vanished.ts";

export function createImapStore(deps: AppDeps): ImapStore {
  const boxes = createMailboxes(deps);
  const snaps = createSnapshots(deps);
  const flags = createFlags(deps);
  const moves = createCopyMove(deps);
  return {
    listMailboxes: boxes.list,
    findMailbox: boxes.find,
    createMailbox: boxes.create,
    deleteMailbox: boxes.remove,
    renameMailbox: boxes.rename,
    setSubscribed: boxes.setSubscribed,
    snapshot: snaps.snapshot,
    fingerprint: snaps.fingerprint,
    status: snaps.status,
    recent: (folderId, uids, claim) => recentAmong(deps.db, folderId, uids, claim),
    load: snaps.load,
    vanished: (user, folderId, since) => vanishedSince(deps.db, user, folderId, since),
    markSeen: announced(flags.markSeen, (r, f) => r.length ? [f] : []),
    store: announced(flags.store, (r, f) => r.changed.length ? [f] : []),
    copy: announced(moves.copy, (r, _f, _u, target) => r.pairs.length ? [target] : []),
    move: announced(moves.move, (r, f, _u, target) => r.pairs.length ? [f, target] : []),
    expunge: announced(moves.expunge, (r, f) => r.length ? [f] : []),
    append: announced(createAppend(deps), (_r, f) => [f]),
    search: createSearch(deps),
  };

  /** Wraps a changing call: once it succeeded, the folders it changed are announced (never fails the call). */
  // deno-lint-ignore no-explicit-any
  function announced<A extends any[], R>(
    call: (user: ClientUser, folderId: number, ...rest: A) => Promise<R>,
    changedFolders: (result: R, folderId: number, ...rest: A) => number[],
  ) {
    return async (user: ClientUser, folderId: number, ...rest: A): Promise<R> => {
      const result = await call(user, folderId, ...rest);
      const folders = changedFolders(result, folderId, ...rest);
      if (folders.length) void deps.realtime.publishMailChanged(user.username, folders).catch(() => {});
      return result;
    };
  }
}
