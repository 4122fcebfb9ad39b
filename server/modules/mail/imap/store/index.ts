// The IMAP store (types.ts is the contract): the user's folders as mailboxes (mailboxes.ts), lazy UIDs and
// MODSEQs (uids.ts), mailbox state (snapshot.ts), flags (flags.ts), COPY/MOVE/EXPUNGE (copy-move.ts),
// APPEND (append.ts) and SEARCH (search.ts). Every call is for one signed-in client user and scoped by
// their company and user; another user's folder id answers NONEXISTENT exactly like a missing one.
import type { AppDeps } from "../../../../lib/context.ts";
import { createAppend } from "./append.ts";
import { createCopyMove } from "./copy-move.ts";
import { createFlags } from "./flags.ts";
import { createMailboxes } from "./mailboxes.ts";
import { createSearch } from "./search.ts";
import { createSnapshots } from "./snapshot.ts";
import type { ImapStore } from "./types.ts";

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
    load: snaps.load,
    markSeen: flags.markSeen,
    store: flags.store,
    copy: moves.copy,
    move: moves.move,
    expunge: moves.expunge,
    append: createAppend(deps),
    search: createSearch(deps),
  };
}
