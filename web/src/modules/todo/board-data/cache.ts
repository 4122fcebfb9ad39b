// The board's items where react-query keeps them, changed in place by the optimistic mutations: the entries
// (["todo","board",boardId,params]: every filter's entry of the board), the later pages of each group
// (["todo","groupItems",boardId,params]: PagesState) and the sub-item lists (["todo","sub",groupId,parentId]).
// An item is in one of them at a time: top-level items in the entry or a page, sub-items in their parent's list.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { BoardEntry, TodoGroup } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";
import { todoKeys } from "../queries.ts";
import { bySortOrder, type ItemPlace } from "./order.ts";

/** The items of a group after the entry's, page by page, and whether more follow. */
export interface PagesState {
  items: Record<number, TodoItem[]>;
  more: Record<number, boolean>;
}
export const emptyPages: PagesState = { items: {}, more: {} };

export const pagesKey = (boardId: number, paramsKey: string) => [...todoKeys.groupItems(boardId), paramsKey] as const;
const isSubKey = (k: QueryKey) => k[0] === "todo" && k[1] === "sub";

/** Every cached entry of the board, changed by `fn` (undefined: left as it is). */
export function updateEntries(qc: QueryClient, boardId: number, fn: (e: BoardEntry) => BoardEntry | undefined) {
  for (const [key, e] of qc.getQueriesData<BoardEntry>({ queryKey: todoKeys.board(boardId) })) {
    if (!e || !Array.isArray(e.items)) continue;
    const next = fn(e);
    if (next && next !== e) qc.setQueryData(key, next);
  }
}

export function updatePages(qc: QueryClient, boardId: number, fn: (p: PagesState) => PagesState) {
  for (const [key, p] of qc.getQueriesData<PagesState>({ queryKey: todoKeys.groupItems(boardId) })) {
    if (p) qc.setQueryData(key, fn(p));
  }
}

/** Every cached sub-item list holding items of the board. */
function updateSubs(qc: QueryClient, boardId: number, fn: (list: TodoItem[], key: QueryKey) => TodoItem[]) {
  for (const [key, list] of qc.getQueriesData<TodoItem[]>({ predicate: (q) => isSubKey(q.queryKey) })) {
    if (!list) continue;
    const groupId = key[2] as number;
    // A list belongs to the board when one of its items does, or when its group is the board's.
    if (list.length > 0 ? list[0].boardId !== boardId : !groupOfBoard(qc, boardId, groupId)) continue;
    const next = fn(list, key);
    if (next !== list) qc.setQueryData(key, next);
  }
}

function groupOfBoard(qc: QueryClient, boardId: number, groupId: number): boolean {
  return qc.getQueriesData<BoardEntry>({ queryKey: todoKeys.board(boardId) }).some(([, e]) => e?.groups?.some((g) => g.id === groupId));
}

/** Changes one item wherever it is cached (`fn` undefined: unchanged). */
export function patchItem(qc: QueryClient, boardId: number, id: number, fn: (it: TodoItem) => TodoItem) {
  const map = (list: TodoItem[]) => {
    const i = list.findIndex((it) => it.id === id);
    if (i < 0) return list;
    const next = list.slice();
    next[i] = fn(list[i]);
    return next;
  };
  updateEntries(qc, boardId, (e) => {
    const items = map(e.items);
    return items === e.items ? e : { ...e, items };
  });
  updatePages(qc, boardId, (p) => mapPages(p, map));
  updateSubs(qc, boardId, (list) => map(list));
}

function mapPages(p: PagesState, map: (list: TodoItem[]) => TodoItem[]): PagesState {
  let changed = false;
  const items: Record<number, TodoItem[]> = {};
  for (const [g, list] of Object.entries(p.items)) {
    items[Number(g)] = map(list);
    if (items[Number(g)] !== list) changed = true;
  }
  return changed ? { ...p, items } : p;
}

/** The item as cached now (entries first, then pages, then sub-item lists). */
export function findItem(qc: QueryClient, boardId: number, id: number): TodoItem | undefined {
  for (const [, e] of qc.getQueriesData<BoardEntry>({ queryKey: todoKeys.board(boardId) })) {
    const it = e?.items?.find((x) => x.id === id);
    if (it) return it;
  }
  for (const [, p] of qc.getQueriesData<PagesState>({ queryKey: todoKeys.groupItems(boardId) })) {
    for (const list of Object.values(p?.items ?? {})) {
      const it = list.find((x) => x.id === id);
      if (it) return it;
    }
  }
  for (const [, list] of qc.getQueriesData<TodoItem[]>({ predicate: (q) => isSubKey(q.queryKey) })) {
    const it = list?.find((x) => x.id === id && x.boardId === boardId);
    if (it) return it;
  }
  return undefined;
}

/** Removes items (and, withSubs, the sub-items of removed parents) from every cache; parents lose the count. */
export function removeItems(qc: QueryClient, boardId: number, ids: ReadonlySet<number>, withSubs = true) {
  const gone = new Set(ids);
  const parents = new Map<number, number>();
  const hit = (it: TodoItem) => gone.has(it.id) || (withSubs && gone.has(it.parentId));
  const drop = (list: TodoItem[]) => {
    if (!list.some(hit)) return list;
    return list.filter((it) => {
      if (!hit(it)) return true;
      if (gone.has(it.id) && it.parentId !== 0 && !gone.has(it.parentId)) parents.set(it.parentId, (parents.get(it.parentId) ?? 0) + 1);
      return false;
    });
  };
  updateSubs(qc, boardId, (list) => drop(list));
  updateEntries(qc, boardId, (e) => {
    const items = drop(e.items);
    return items === e.items ? e : { ...e, items };
  });
  updatePages(qc, boardId, (p) => mapPages(p, drop));
  for (const [parentId, n] of parents) patchItem(qc, boardId, parentId, (it) => ({ ...it, subCnt: Math.max(0, it.subCnt - n) }));
}

/** Puts an item (new, or taken out of its old place first) where its groupId/parentId say: a top-level item into
 *  every entry of the board, a sub-item into its parent's list when that is loaded; the parent's count follows. */
export function insertItem(qc: QueryClient, boardId: number, item: TodoItem) {
  if (item.parentId === 0) {
    updateEntries(qc, boardId, (e) => e.groups.some((g) => g.id === item.groupId) ? { ...e, items: [...e.items, item].sort(bySortOrder) } : e);
  } else {
    const key = todoKeys.sub(item.groupId, item.parentId);
    const list = qc.getQueryData<TodoItem[]>(key);
    if (list) qc.setQueryData(key, [...list, item].sort(bySortOrder));
    patchItem(qc, boardId, item.parentId, (p) => ({ ...p, subCnt: p.subCnt + 1 }));
  }
}

/** Moves a cached item to a new place (the views sort by sortOrder); the item as it is now, or undefined. */
export function relocateItem(qc: QueryClient, boardId: number, id: number, place: ItemPlace, fields?: TodoItem): TodoItem | undefined {
  const now = findItem(qc, boardId, id);
  if (!now && !fields) return undefined;
  const moved: TodoItem = { ...(now ?? fields!), ...(fields ?? {}), ...place };
  // Its sub-items stay in their list (they follow it on the server; under a new group their list is fetched
  // again).
  if (now) removeItems(qc, boardId, new Set([id]), false);
  insertItem(qc, boardId, moved);
  return moved;
}

/** A board's sub-item list (in order), when loaded. */
export const cachedSubs = (qc: QueryClient, groupId: number, parentId: number) => qc.getQueryData<TodoItem[]>(todoKeys.sub(groupId, parentId));

/** The board's groups in order (the first entry cached). */
export function cachedGroups(qc: QueryClient, boardId: number): TodoGroup[] {
  const e = qc.getQueriesData<BoardEntry>({ queryKey: todoKeys.board(boardId) }).find(([, e]) => e?.groups)?.[1];
  return e ? [...e.groups].sort(bySortOrder) : [];
}

/** Every cache of the board as it is now, to put back when a change is refused. */
export function snapshot(qc: QueryClient, boardId: number): () => void {
  const saved = [
    ...qc.getQueriesData({ queryKey: todoKeys.board(boardId) }),
    ...qc.getQueriesData({ queryKey: todoKeys.groupItems(boardId) }),
    ...qc.getQueriesData({ predicate: (q) => isSubKey(q.queryKey) }),
  ];
  return () => {
    for (const [key, data] of saved) qc.setQueryData(key, data);
  };
}

/** An item's siblings in order: a parent's loaded sub-items, or a group's loaded top-level items. */
export function cachedSiblings(qc: QueryClient, boardId: number, groupId: number, parentId: number): TodoItem[] {
  if (parentId !== 0) return [...(cachedSubs(qc, groupId, parentId) ?? [])].sort(bySortOrder);
  const seen = new Set<number>();
  const out: TodoItem[] = [];
  const take = (list: readonly TodoItem[] | undefined) => {
    for (const it of list ?? []) {
      if (it.groupId !== groupId || it.parentId !== 0 || seen.has(it.id)) continue;
      seen.add(it.id);
      out.push(it);
    }
  };
  for (const [, e] of qc.getQueriesData<BoardEntry>({ queryKey: todoKeys.board(boardId) })) take(e?.items);
  for (const [, p] of qc.getQueriesData<PagesState>({ queryKey: todoKeys.groupItems(boardId) })) take(p?.items[groupId]);
  return out.sort(bySortOrder);
}
