// Realtime of the wiki, after the write committed and best effort (shared/wiki/constants.ts): WIKI_CHANGED
// { docId, parentId (0 at the top), kind } on the company's topic. Open trees, pages and lists refetch through
// the API, which answers only what the caller may read.
import { WIKI_CHANGED, type WikiChangeKind, wikiTopic } from "../../../shared/wiki/constants.ts";
import type { AppDeps } from "../../lib/context.ts";

export async function publishWikiChanged(
  deps: AppDeps,
  companyId: number,
  change: { docId: number; parentId: number | null; kind: WikiChangeKind },
): Promise<void> {
  try {
    await deps.realtime.publish(wikiTopic(companyId), WIKI_CHANGED, { docId: change.docId, parentId: change.parentId ?? 0, kind: change.kind });
  } catch (e) {
    deps.log.error("wiki: publishing a change failed", e);
  }
}
