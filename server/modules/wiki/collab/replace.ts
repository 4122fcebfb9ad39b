// When a document's text is replaced other than by its live editors (a PATCH of text, a rollback, a restore,
// an import into an existing document), the live state must follow. The docs service calls this after its
// transaction committed.
//   - A room open on this instance takes the stored HTML as a diff (replaceYContent: carets survive where text
//     is kept); the change goes out as an ordinary one: to its sockets, as a row to the other instances, saved.
//   - Otherwise the stored live state (ydoc and update rows) takes the same diff, stored at once, and the diff
//     is appended as a row and announced, so a room open on another instance receives it as an ordinary update.
//     (Changed from "clear ydoc": clearing it under a room open on another instance would let the next room
//     seed a second, separate copy of the text, which the two would then merge into a doubled text.)
//   - With no live state stored (ydoc null) nothing is to do: the next room seeds from the stored HTML.
import { sql } from "drizzle-orm";
import * as Y from "yjs";
import type { AppDeps } from "../../../lib/context.ts";
import { htmlToJson, replaceYContent } from "../content/html.ts";
import { COLLAB_UPDATE, collabTopic } from "./room.ts";
import { collabRooms } from "./rooms.ts";
import { appendUpdate, applyRows, mergeStoredState } from "./store.ts";

export async function replaceLiveContent(deps: AppDeps, docId: number): Promise<void> {
  const [row] = await deps.db.execute<{ text: string; has_ydoc: boolean }>(
    sql`select text, ydoc is not null as has_ydoc from wiki_docs where id = ${docId}`,
  );
  if (!row) return;
  const json = htmlToJson(row.text);
  if (await collabRooms(deps).replace(docId, json)) return;
  if (!row.has_ydoc) return;
  const updateId = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.execute<{ ydoc: unknown }>(sql`select ydoc from wiki_docs where id = ${docId} for update`);
    if (!locked?.ydoc) return null;
    const doc = new Y.Doc();
    try {
      Y.applyUpdate(doc, new Uint8Array(locked.ydoc as ArrayBufferLike));
      await applyRows(tx, doc, docId, 0); // carets skipped
      const before = Y.encodeStateVector(doc);
      replaceYContent(doc, json);
      const diff = Y.encodeStateAsUpdate(doc, before);
      await mergeStoredState(tx, docId, Y.encodeStateAsUpdate(doc));
      return await appendUpdate(tx, docId, diff);
    } finally {
      doc.destroy();
    }
  });
  if (updateId !== null) await deps.realtime.publish(collabTopic(docId), COLLAB_UPDATE, { docId, updateId });
}
