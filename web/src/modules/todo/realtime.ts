// Realtime of to-do (shared/todo/constants.ts): TODO_CHANGED { workspaceId, boardId (0: the workspace itself),
// kind, itemIds, byUserId } on the company's topic refetches what the island shows of it, by kind:
//   workspace   the workspace list, its followers and its board tree (a workspace made, renamed, deleted, followed)
//   board       the board tree and the board's entry (a board made, renamed, moved, deleted)
//   header, group, dependency   the board's entry and the next pages of its groups
//   kanban      the board's kanban columns and its entry
//   item        the board's entry and pages, the sub-items, and the open detail of the items named (none named: the
//               whole board)
//   detail      the named items' detail and the board's entry (the counters)
//   filter      nothing: saved filters are the caller's own, and the caller's own screen applied it
// The caller's own echo (byUserId) is skipped for what happens on a board (header, group, item, detail, kanban,
// dependency, filter): the view that made the change has applied it already (its copy changed at once, rolled back
// on failure), and a refetch racing its next change would undo it on the screen. Workspace and board-tree changes
// are taken whoever made them: the lists are small, and the caller's other tab (or a call made elsewhere) shows
// them too. A burst of events refetches once. The subscription lives while the island is shown.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { TODO_CHANGED, type TodoChangedPayload, todoItemIdsOfWire, todoTopic } from "@shared/todo/constants.ts";
import { userDetailQuery } from "../../app/queries.ts";
import { useCompanyTopic } from "../../app/use-user-topic.ts";
import { useBurst } from "../../lib/use-burst.ts";
import { todoKeys } from "./queries.ts";

/** The query keys a batch of changes touches (deduplicated). */
export function keysOfChanges(changes: TodoChangedPayload[]): (readonly unknown[])[] {
  const keys = new Map<string, readonly unknown[]>();
  const add = (k: readonly unknown[]) => keys.set(JSON.stringify(k), k);
  const board = (id: number) => {
    if (!id) return;
    add(todoKeys.board(id));
    add(todoKeys.groupItems(id));
  };
  for (const c of changes) {
    switch (c.kind) {
      case "workspace":
        add(todoKeys.workspaces);
        add(todoKeys.users(c.workspaceId));
        add(todoKeys.boards(c.workspaceId));
        break;
      case "board":
        add(todoKeys.workspaces); // its board count
        add(todoKeys.boards(c.workspaceId));
        board(c.boardId);
        break;
      case "header":
      case "group":
      case "dependency":
        board(c.boardId);
        break;
      case "kanban":
        if (c.boardId) add(todoKeys.kanban(c.boardId));
        board(c.boardId);
        break;
      case "item":
        board(c.boardId);
        add(["todo", "sub"]);
        if (c.itemIds.length === 0) add(["todo", "detail"]);
        for (const id of c.itemIds) add(todoKeys.detail(id));
        break;
      case "detail":
        board(c.boardId);
        if (c.itemIds.length === 0) add(["todo", "detail"]);
        for (const id of c.itemIds) add(todoKeys.detail(id));
        break;
      case "filter":
        break;
    }
  }
  return [...keys.values()];
}

/** Refetches what the changes touch. */
export function refreshTodo(qc: QueryClient, changes: TodoChangedPayload[]) {
  for (const k of keysOfChanges(changes)) void qc.invalidateQueries({ queryKey: k });
}

/** Kinds refetched even when the caller made them (see the header). */
const SHARED_KINDS = new Set(["workspace", "board"]);
const KINDS = new Set(["workspace", "board", "header", "group", "item", "detail", "filter", "kanban", "dependency"]);

/** The payload of an event, or null when it is not one of ours. */
function payloadOf(data: unknown): TodoChangedPayload | null {
  const d = data as (Omit<Partial<TodoChangedPayload>, "itemIds"> & { itemIds?: unknown }) | null;
  if (!d || typeof d.workspaceId !== "number" || typeof d.kind !== "string" || !KINDS.has(d.kind)) return null;
  return {
    workspaceId: d.workspaceId,
    boardId: typeof d.boardId === "number" ? d.boardId : 0,
    kind: d.kind,
    // On the wire "12,13" ("" : reload the board): todoItemIdsOfWire.
    itemIds: todoItemIdsOfWire(d.itemIds),
    byUserId: typeof d.byUserId === "number" ? d.byUserId : 0,
  };
}

export function useTodoRealtime() {
  const qc = useQueryClient();
  const myId = useQuery(userDetailQuery).data?.id ?? 0;
  const push = useBurst<TodoChangedPayload>(150, (changes) => refreshTodo(qc, changes));
  useCompanyTopic(todoTopic, (event, data) => {
    if (event !== TODO_CHANGED) return;
    const change = payloadOf(data);
    if (!change || (myId && change.byUserId === myId && !SHARED_KINDS.has(change.kind))) return;
    push(change);
  });
}
