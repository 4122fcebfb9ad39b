// The content extraction job: files stored as content_state 'pending' (search/content.ts) are read from the
// blob store after the upload (never in its request), their text extracted (extract.ts, bounded) and indexed
// in drive_item_contents with the same lexemes as names (server/lib/search-tokens.ts); the state becomes
// 'done' or 'failed'. One file per transaction, claimed with FOR UPDATE SKIP LOCKED, so any number of
// instances may run it.
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../../lib/context.ts";
import { lexemes, vectorLiteral } from "../../../lib/search-tokens.ts";
import { normalizeSearchText } from "./columns.ts";
import { extractContent } from "./extract.ts";

/** Lexemes of one file's content at most. */
const CONTENT_LEXEMES = 20_000;
const BATCH = 20;

/** One pass: up to `max` pending files; answers how many were handled. */
export async function extractPending(deps: AppDeps, max = BATCH): Promise<number> {
  let done = 0;
  for (; done < max; done++) {
    const handled = await deps.db.transaction(async (tx) => {
      const [row] = await tx.execute<{ id: string; company_id: string; blob_key: string | null; extension: string }>(sql`
        select id, company_id, blob_key, extension from drive_items where content_state = 'pending'
        order by id limit 1 for update skip locked`);
      if (!row) return false;
      let text: string | null = null;
      if (row.blob_key) {
        try {
          text = await extractContent(row.extension, await deps.blobs.get(row.blob_key));
        } catch (e) {
          deps.log.warn(`drive: content of item ${row.id} could not be read`, e);
        }
      }
      if (text) {
        await tx.execute(sql`
          insert into drive_item_contents (item_id, company_id, search_text, search_vector)
          values (${row.id}, ${row.company_id}, ${normalizeSearchText(text)},
            ${vectorLiteral([[lexemes(text, CONTENT_LEXEMES), "B"]])}::tsvector)
          on conflict (item_id) do update set search_text = excluded.search_text, search_vector = excluded.search_vector`);
      }
      await tx.execute(sql`update drive_items set content_state = ${text === null ? "failed" : "done"} where id = ${row.id}`);
      return true;
    });
    if (!handled) break;
  }
  return done;
}
