// The live editor's stored state (shared/wiki/collab.ts): wiki_docs.ydoc (the merged Yjs state) and
// wiki_doc_updates (each instance's updates, kept a few minutes so other instances and later rooms take them).
//
// Invariant: the stored ydoc merged with every row of wiki_doc_updates of the document is the whole live state.
// So a room seeds from both, a save merges its state INTO the stored one (never a blind overwrite: another
// instance may have saved what this one has not received), and the prune merges old rows before deleting them.
// A room that finds ydoc null seeds from the stored HTML and stores that seed at once (only if still null), so
// every instance builds on the same Yjs structure and no two seeds of one text are ever merged.
//
// A row may also carry carets (an awareness update of y-protocols) from one instance to the others: such a row
// starts with AWARENESS_MARK (as a Yjs update, a count of 2^35 clients: never a real one) and is never merged
// into the document; the prune deletes it with the rest.
import { sql } from "drizzle-orm";
import * as Y from "yjs";
import { applyAwarenessUpdate, type Awareness } from "y-protocols/awareness";
import type { DbOrTx } from "../../../../db/client.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { htmlToJson, jsonToYDoc } from "../content/html.ts";

/** Rows of wiki_doc_updates older than this are merged into ydoc and deleted by the prune job. */
export const UPDATE_ROWS_KEEP_MS = 5 * 60_000;

export const AWARENESS_MARK = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x7f]);

/** The row's bytes for an awareness update. */
export const awarenessRow = (update: Uint8Array) => {
  const out = new Uint8Array(AWARENESS_MARK.length + update.length);
  out.set(AWARENESS_MARK);
  out.set(update, AWARENESS_MARK.length);
  return out;
};

/** The awareness update a row carries, or null for a document update. */
export function awarenessOf(row: Uint8Array): Uint8Array | null {
  if (row.length < AWARENESS_MARK.length || AWARENESS_MARK.some((b, i) => row[i] !== b)) return null;
  return row.subarray(AWARENESS_MARK.length);
}

const bytes = (v: unknown): Uint8Array | null => (v == null ? null : new Uint8Array(v as ArrayBufferLike));

export interface LoadedDoc {
  companyId: number;
  /** The document's whole live state. */
  doc: Y.Doc;
  /** The highest wiki_doc_updates id applied (0 when none). */
  lastUpdateId: number;
}

/**
 * The live state of a document: its stored ydoc and every update row, or (ydoc null) a seed from its stored
 * HTML, stored at once. Null when the document does not exist.
 */
export async function loadLiveDoc(db: DbOrTx, docId: number): Promise<LoadedDoc | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await db.execute<{ company_id: string; ydoc: unknown; text: string }>(
      sql`select company_id, ydoc, text from wiki_docs where id = ${docId}`,
    );
    if (!row) return null;
    const stored = bytes(row.ydoc);
    let doc: Y.Doc;
    if (stored) {
      doc = new Y.Doc();
      Y.applyUpdate(doc, stored);
    } else {
      doc = jsonToYDoc(htmlToJson(row.text));
      const seeded = await db.execute(sql`
        update wiki_docs set ydoc = ${Y.encodeStateAsUpdate(doc)} where id = ${docId} and ydoc is null returning id`);
      // Another room seeded it first: build on that one (two seeds of one text would double it when merged).
      if (!seeded.length) continue;
    }
    const lastUpdateId = await applyRows(db, doc, docId, 0);
    return { companyId: Number(row.company_id), doc, lastUpdateId };
  }
  throw new Error(`wiki collab: could not load the live state of document ${docId}`);
}

/**
 * Applies the document's update rows with id > `after` (or exactly `ids`) to `doc`, and their carets to
 * `awareness` when given (else skipped); answers the highest id.
 */
export async function applyRows(
  db: DbOrTx,
  doc: Y.Doc,
  docId: number,
  after: number,
  opts: { ids?: number[]; origin?: unknown; awareness?: Awareness } = {},
): Promise<number> {
  const { ids, origin, awareness } = opts;
  const rows = await db.execute<{ id: string; update: unknown }>(ids
    ? sql`select id, update from wiki_doc_updates where doc_id = ${docId} and id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) order by id`
    : sql`select id, update from wiki_doc_updates where doc_id = ${docId} and id > ${after} order by id`);
  let last = after;
  if (rows.length) {
    doc.transact(() => {
      for (const r of rows) {
        const update = bytes(r.update)!;
        const carets = awarenessOf(update);
        if (!carets) Y.applyUpdate(doc, update, origin);
        else if (awareness) applyAwarenessUpdate(awareness, carets, origin);
        last = Math.max(last, Number(r.id));
      }
    }, origin);
  }
  return last;
}

/** Appends an update (one or several merged); answers its row id. */
export async function appendUpdate(db: DbOrTx, docId: number, update: Uint8Array): Promise<number> {
  const [row] = await db.execute<{ id: string }>(sql`
    insert into wiki_doc_updates (doc_id, update) values (${docId}, ${update}) returning id`);
  return Number(row.id);
}

/** Merges `state` into the stored ydoc (run in the transaction that locked the document's row). */
export async function mergeStoredState(tx: DbOrTx, docId: number, state: Uint8Array): Promise<void> {
  const [row] = await tx.execute<{ ydoc: unknown }>(sql`select ydoc from wiki_docs where id = ${docId}`);
  if (!row) return;
  const stored = bytes(row.ydoc);
  const merged = stored ? Y.mergeUpdates([stored, state]) : state;
  await tx.execute(sql`update wiki_docs set ydoc = ${merged} where id = ${docId}`);
}

/**
 * The prune job's pass: for each document with update rows older than UPDATE_ROWS_KEEP_MS, merges them into
 * its ydoc and deletes them (documents locked one at a time, skipping any a save holds). Answers rows deleted.
 */
export async function pruneUpdateRows(deps: AppDeps): Promise<number> {
  // created_at is the database's now(): the cut is taken there too.
  const docs = await deps.db.execute<{ doc_id: string; max_id: string }>(sql`
    select doc_id, max(id) as max_id from wiki_doc_updates
     where created_at < now() - make_interval(secs => ${UPDATE_ROWS_KEEP_MS / 1000}) group by doc_id limit 200`);
  let deleted = 0;
  for (const d of docs) {
    deleted += await deps.db.transaction(async (tx) => {
      const [locked] = await tx.execute<{ ydoc: unknown }>(sql`
        select ydoc from wiki_docs where id = ${d.doc_id} for update skip locked`);
      if (!locked) return 0;
      const rows = await tx.execute<{ update: unknown }>(sql`
        select update from wiki_doc_updates where doc_id = ${d.doc_id} and id <= ${d.max_id} order by id`);
      const stored = bytes(locked.ydoc);
      if (stored) {
        const updates = rows.map((r) => bytes(r.update)!).filter((u) => !awarenessOf(u));
        const merged = Y.mergeUpdates([stored, ...updates]);
        await tx.execute(sql`update wiki_docs set ydoc = ${merged} where id = ${d.doc_id}`);
      }
      const gone = await tx.execute(sql`delete from wiki_doc_updates where doc_id = ${d.doc_id} and id <= ${d.max_id} returning id`);
      return gone.length;
    });
  }
  return deleted;
}
