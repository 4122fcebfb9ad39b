// Realtime of to-do, after the write committed and best effort (shared/todo/constants.ts): TODO_CHANGED
// { workspaceId, boardId, kind, itemIds, byUserId } on the company's topic. Open screens refetch through the
// API, which answers only what the caller may see.
import { TODO_CHANGED, type TodoChangedPayload, todoItemIdsToWire, todoTopic } from "../../../shared/todo/constants.ts";
import type { Caller } from "../../lib/context.ts";

export async function publishTodoChanged(caller: Caller, change: Omit<TodoChangedPayload, "byUserId" | "itemIds"> & { itemIds?: number[] }): Promise<void> {
  const payload: TodoChangedPayload = { ...change, itemIds: (change.itemIds ?? []).slice(0, 100), byUserId: caller.auth.userId };
  // Flat on the wire (shared/todo/constants.ts todoItemIdsToWire): the realtime bus drops lists.
  const wire = { ...payload, itemIds: todoItemIdsToWire(payload.itemIds) };
  try {
    await caller.deps.realtime.publish(todoTopic(caller.auth.companyId), TODO_CHANGED, wire);
  } catch (e) {
    caller.deps.log.error("todo: publishing a change failed", e);
  }
}
