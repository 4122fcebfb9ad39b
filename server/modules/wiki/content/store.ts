// Writes a document's title and text (every writer goes through here: PATCH, the live editor's save, rollback,
// import, restore of a version): the sanitised HTML, its plain text and search lexemes, who changed it when,
// and its version, coalesced: a save by the same person within VERSION_COALESCE_MS of the newest version
// updates that version instead of adding one. Runs in the caller's transaction.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { TEXT_MAX, VERSION_COALESCE_MS } from "../../../../shared/wiki/constants.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { lexemes, vectorLiteral } from "../../../lib/search-tokens.ts";
import { htmlToJson, jsonToHtml, jsonToPlain } from "./html.ts";

/** A document's search vector: the title (weight A) and its plain text (weight B). */
export const docVector = (title: string, plain: string) => vectorLiteral([[lexemes(title, 400), "A"], [lexemes(plain), "B"]]);

/** The stored forms of some HTML: sanitised HTML and its plain text (413 wiki.text_too_large past TEXT_MAX). */
export function contentOf(html: string): { html: string; plain: string } {
  const json = htmlToJson(html);
  const out = jsonToHtml(json);
  if (out.length > TEXT_MAX) throw new AppError(413, WIKI_ERRORS.textTooLarge);
  return { html: out, plain: jsonToPlain(json) };
}

export interface ContentChange {
  title?: string;
  /** HTML as given (sanitised here), or already stored forms from contentOf. */
  html?: string | { html: string; plain: string };
}

/**
 * Sets what `change` holds on the document and records the version. Returns false when nothing differed
 * (no version, no updated_at change).
 */
export async function writeContent(tx: DbOrTx, docId: number, userId: number, change: ContentChange, at: Date): Promise<boolean> {
  const [cur] = await tx.execute<{ company_id: string; title: string; text: string; plain: string }>(sql`
    select company_id, title, text, plain from wiki_docs where id = ${docId} for update`);
  if (!cur) throw new AppError(404, WIKI_ERRORS.notFound);
  const title = change.title ?? cur.title;
  const content = change.html === undefined
    ? { html: cur.text, plain: cur.plain }
    : typeof change.html === "string" ? contentOf(change.html) : change.html;
  if (title === cur.title && content.html === cur.text) return false;
  await tx.execute(sql`
    update wiki_docs set title = ${title}, text = ${content.html}, plain = ${content.plain},
           search_vector = ${docVector(title, content.plain)}::tsvector, updated_at = ${at.toISOString()}::timestamptz, updated_by = ${userId}
     where id = ${docId}`);
  const [last] = await tx.execute<{ id: string; user_id: string | null; updated_at: Date }>(sql`
    select id, user_id, updated_at from wiki_versions where doc_id = ${docId} order by created_at desc, id desc limit 1`);
  if (last && Number(last.user_id) === userId && at.getTime() - new Date(last.updated_at).getTime() < VERSION_COALESCE_MS) {
    await tx.execute(sql`update wiki_versions set title = ${title}, text = ${content.html}, updated_at = ${at.toISOString()}::timestamptz where id = ${last.id}`);
  } else {
    await tx.execute(sql`
      insert into wiki_versions (company_id, doc_id, title, text, user_id, created_at, updated_at)
      values (${Number(cur.company_id)}, ${docId}, ${title}, ${content.html}, ${userId}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
  }
  return true;
}
