// Realtime of the wiki (shared/wiki/constants.ts): WIKI_CHANGED { docId, parentId (0 at the top), kind } on the
// company's topic refetches what the island shows of it: the parent's level of the tree (every level when the tree's
// shape changed: the levels above show child counts), the document, favourites, recent, trash and search. A burst of events
// refetches once. The subscription lives while the island is shown.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { WIKI_CHANGED, wikiTopic } from "@shared/wiki/constants.ts";
import { useCompanyTopic } from "../../app/use-user-topic.ts";
import { useBurst } from "../../lib/use-burst.ts";
import { wikiKeys } from "./queries.ts";

interface Change {
  docId: number;
  parentId: number;
  kind: string;
}

const STRUCTURAL = new Set(["created", "moved", "removed", "restored", "purged", "permissions"]);

/** Refetches what the changes touch. */
export function refreshWiki(qc: QueryClient, changes: Change[]) {
  const keys = new Map<string, readonly unknown[]>();
  const add = (k: readonly unknown[]) => keys.set(JSON.stringify(k), k);
  for (const c of changes) {
    // A document made, moved, removed or restored changes its parent's childCount, shown in the level above
    // (not named by the event); a change of permissions changes what every level shows: every level refetches.
    add(STRUCTURAL.has(c.kind) ? ["wiki", "children"] : wikiKeys.children(c.parentId || null));
    add(["wiki", "children", c.docId]);
    // A move, removal or change of permissions reaches the document's whole sub-tree: an open descendant's
    // breadcrumbs, state and access change too (the open documents refetch; the others when shown again).
    add(STRUCTURAL.has(c.kind) ? ["wiki", "doc"] : wikiKeys.doc(c.docId));
    if (c.parentId) add(wikiKeys.doc(c.parentId));
  }
  for (const k of [wikiKeys.favorites, wikiKeys.recent, wikiKeys.lastRead, ["wiki", "trash"], ["wiki", "search"]]) add(k);
  for (const k of keys.values()) void qc.invalidateQueries({ queryKey: k });
}

export function useWikiRealtime() {
  const qc = useQueryClient();
  const push = useBurst<Change>(150, (changes) => refreshWiki(qc, changes));
  useCompanyTopic(wikiTopic, (event, data) => {
    if (event !== WIKI_CHANGED) return;
    const d = data as Partial<Change>;
    if (typeof d.docId !== "number") return;
    push({ docId: d.docId, parentId: typeof d.parentId === "number" ? d.parentId : 0, kind: String(d.kind ?? "") });
  });
}
