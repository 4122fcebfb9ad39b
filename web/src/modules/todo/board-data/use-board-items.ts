// A board's items as the views show them: the entry's first page of each group plus the pages loaded after it
// ("load more" per group: GET board/{id}/group/{groupId}/items), grouped by group in order. The later pages
// live in the query cache (cache.ts PagesState), so the optimistic mutations change them as they change the
// entry, and a refresh of the board (realtime, invalidation) fetches the loaded pages again.
import { useCallback, useMemo, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { BoardEntry, TodoGroup } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";
import { type BoardParams, groupItems as fetchGroupItems } from "../api.ts";
import { emptyPages, pagesKey, type PagesState } from "./cache.ts";
import { bySortOrder, groupItems } from "./order.ts";
import { refused } from "./feedback.ts";

export interface BoardItems {
  /** The board's groups in order. */
  groups: TodoGroup[];
  /** Top-level items of each group in order (the entry's and the loaded pages'). */
  itemsByGroup: Map<number, TodoItem[]>;
  /** More items of the group follow on the server. */
  more: Record<number, boolean>;
  /** Groups whose next page is on its way. */
  loadingMore: ReadonlySet<number>;
  loadMore(groupId: number): Promise<void>;
}

export const paramsKeyOf = (p: BoardParams) => JSON.stringify({ o: p.organId ?? null, f: p.filterId ?? null, r: p.filters ?? null });

export function useBoardItems({ boardId, entry, params }: { boardId: number; entry: BoardEntry; params: BoardParams }): BoardItems {
  const qc = useQueryClient();
  const pk = paramsKeyOf(params);
  const entryRef = useRef(entry);
  entryRef.current = entry;
  const paramsRef = useRef(params);
  paramsRef.current = params;

  const pages = useQuery({
    queryKey: pagesKey(boardId, pk),
    // A refresh: the same number of items again after each group's last entry item.
    queryFn: async ({ signal }): Promise<PagesState> => {
      const now = qc.getQueryData<PagesState>(pagesKey(boardId, pk)) ?? emptyPages;
      const out: PagesState = { items: {}, more: {} };
      await Promise.all(Object.entries(now.items).map(async ([g, list]) => {
        if (list.length === 0) return;
        const groupId = Number(g);
        const inEntry = entryRef.current.items.filter((it) => it.groupId === groupId).sort(bySortOrder);
        const page = await fetchGroupItems(boardId, groupId, inEntry.at(-1)?.sortOrder ?? "", { ...paramsRef.current, limit: Math.min(500, list.length) }, signal);
        out.items[groupId] = page.items;
        out.more[groupId] = page.more;
      }));
      return out;
    },
    initialData: emptyPages,
    staleTime: Infinity,
  });
  const data = pages.data ?? emptyPages;

  const groups = useMemo(() => [...entry.groups].sort(bySortOrder), [entry.groups]);
  const itemsByGroup = useMemo(() => groupItems(groups, [entry.items, ...Object.values(data.items)]), [groups, entry.items, data.items]);
  const more = useMemo(() => {
    const out: Record<number, boolean> = {};
    for (const g of groups) out[g.id] = data.more[g.id] ?? entry.moreItems[String(g.id)] ?? false;
    return out;
  }, [groups, data.more, entry.moreItems]);

  const [loadingMore, setLoadingMore] = useState<ReadonlySet<number>>(new Set());
  const busy = useRef(new Set<number>());
  const itemsRef = useRef(itemsByGroup);
  itemsRef.current = itemsByGroup;

  const loadMore = useCallback(async (groupId: number) => {
    if (busy.current.has(groupId)) return;
    busy.current.add(groupId);
    setLoadingMore(new Set(busy.current));
    try {
      const after = itemsRef.current.get(groupId)?.at(-1)?.sortOrder ?? "";
      const page = await fetchGroupItems(boardId, groupId, after, paramsRef.current);
      qc.setQueryData<PagesState>(pagesKey(boardId, pk), (p = emptyPages) => ({
        items: { ...p.items, [groupId]: [...(p.items[groupId] ?? []), ...page.items] },
        more: { ...p.more, [groupId]: page.more },
      }));
    } catch (e) {
      refused(e);
    } finally {
      busy.current.delete(groupId);
      setLoadingMore(new Set(busy.current));
    }
  }, [qc, boardId, pk]);

  return { groups, itemsByGroup, more, loadingMore, loadMore };
}
