// \Recent (RFC 3501 §2.3.2): a message is recent to the first session that is told about it. The store keeps,
// in this process and per folder, the highest UID already given out as recent ("the mark"); a session that
// selects a mailbox or learns of new messages claims the UIDs above it (and raises it), so no other session
// sees them as recent. EXAMINE and STATUS only look.
//
// Where the mark starts: the first time this process touches a folder, at its UIDNEXT before the pending
// UIDs are handed out (uids.ts calls markFirstLook inside the hand-out, under the folder's lock). UIDs are
// handed out lazily, only when some session looks, so a mail filed (SMTP, web, another client's COPY) while
// no session looked still gets its UID above the mark and is recent to the first session that sees it —
// even after a restart. What a restart loses: messages that got their UID but whose claiming session ended
// before anyone else looked are not recent again (RFC 3501 allows a server that cannot keep \Recent exactly
// to err this way). Several server instances each keep their own marks: a message can then be recent to
// one session on each instance. No schema change: the marks live in memory, keyed by the database handle.

/** Per database handle (each test app has its own): folder id → highest UID given out as recent. */
const marksByDb = new WeakMap<object, Map<number, number>>();

function marksOf(db: object): Map<number, number> {
  let marks = marksByDb.get(db);
  if (!marks) marksByDb.set(db, marks = new Map());
  return marks;
}

/** Starts the folder's mark below `uidNext` unless this process already has one. */
export function markFirstLook(db: object, folderId: number, uidNext: number): void {
  const marks = marksOf(db);
  if (!marks.has(folderId)) marks.set(folderId, uidNext - 1);
}

/**
 * The UIDs among `uids` that are recent: above the folder's mark. With `claim` they become this caller's
 * (the mark moves past them); without it (EXAMINE, STATUS) nothing changes.
 */
export function recentAmong(db: object, folderId: number, uids: number[], claim: boolean): number[] {
  const marks = marksOf(db);
  const mark = marks.get(folderId);
  if (mark === undefined) return [];
  const recent = uids.filter((u) => u > mark);
  if (claim && recent.length) marks.set(folderId, Math.max(mark, ...recent));
  return recent;
}

/** The lowest UID that can be recent in the folder now (above every UID when this process has no mark yet). */
export function recentFloor(db: object, folderId: number): number {
  const mark = marksOf(db).get(folderId);
  return mark === undefined ? Number.MAX_SAFE_INTEGER : mark + 1;
}
