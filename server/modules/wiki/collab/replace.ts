// When a document's text is replaced other than by its live editors (a PATCH of text, a rollback, a restore,
// an import into an existing document), the live state must follow: an open room (on any instance) takes the
// new content as an ordinary Yjs change, so open editors see it; with no room open, the stored Yjs state is
// dropped and the next editor to open the document seeds it from the stored HTML.
// The docs service calls this after its transaction committed. (collab/ completes it for open rooms.)
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../../lib/context.ts";

export async function replaceLiveContent(deps: AppDeps, docId: number): Promise<void> {
  await deps.db.execute(sql`update wiki_docs set ydoc = null where id = ${docId}`);
}
