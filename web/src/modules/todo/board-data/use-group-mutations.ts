// The board's groups, changed optimistically (002 §4) and put back with the error snackbar when the server
// refuses: add (first in the board, as the server puts it), rename, colour, move before/after another group,
// delete with its items (409 todo.last_group for the board's only group: its text, the group back).
import { useMemo } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { TodoGroup } from "@shared/todo/boards.ts";
import * as todoApi from "../api.ts";
import { cachedGroups, snapshot, updateEntries } from "./cache.ts";
import { keyNextTo } from "./order.ts";
import { refused } from "./feedback.ts";

export interface GroupMutations {
  create(title: string, color?: string): Promise<TodoGroup | null>;
  rename(group: TodoGroup, title: string): Promise<boolean>;
  color(group: TodoGroup, color: string): Promise<boolean>;
  move(group: TodoGroup, targetGroupId: number, position: "BEFORE" | "AFTER"): Promise<boolean>;
  remove(group: TodoGroup): Promise<boolean>;
}

export function useGroupMutations(boardId: number): GroupMutations {
  const qc = useQueryClient();
  return useMemo(() => {
    const setGroup = (id: number, fn: (g: TodoGroup) => TodoGroup) =>
      updateEntries(qc, boardId, (e) => ({ ...e, groups: e.groups.map((g) => (g.id === id ? fn(g) : g)) }));
    /** Runs the optimistic change, then the call; puts everything back when it fails. */
    const attempt = async <T>(change: () => void, call: () => Promise<T>, merge: (answer: T) => void): Promise<boolean> => {
      const restore = snapshot(qc, boardId);
      change();
      try {
        merge(await call());
        return true;
      } catch (e) {
        restore();
        refused(e);
        return false;
      }
    };
    return {
      async create(title, color) {
        try {
          const g = await todoApi.createGroup(boardId, title, color);
          updateEntries(qc, boardId, (e) => ({ ...e, groups: [...e.groups.filter((x) => x.id !== g.id), g], moreItems: { ...e.moreItems, [String(g.id)]: false } }));
          return g;
        } catch (e) {
          refused(e);
          return null;
        }
      },
      rename: (group, title) =>
        attempt(() => setGroup(group.id, (g) => ({ ...g, title })), () => todoApi.renameGroup(boardId, group.id, title), (g) => setGroup(g.id, () => g)),
      color: (group, color) =>
        attempt(() => setGroup(group.id, (g) => ({ ...g, color })), () => todoApi.colorGroup(boardId, group.id, color), (g) => setGroup(g.id, () => g)),
      move: (group, targetGroupId, position) =>
        attempt(
          () => {
            const sortOrder = keyNextTo(cachedGroups(qc, boardId), group.id, targetGroupId, position);
            setGroup(group.id, (g) => ({ ...g, sortOrder }));
          },
          () => todoApi.moveGroup(boardId, group.id, targetGroupId, position),
          (groups) => updateEntries(qc, boardId, (e) => ({ ...e, groups: e.groups.map((g) => groups.find((x) => x.id === g.id) ?? g) })),
        ),
      remove: (group) =>
        attempt(
          () => updateEntries(qc, boardId, (e) => ({ ...e, groups: e.groups.filter((g) => g.id !== group.id), items: e.items.filter((it) => it.groupId !== group.id) })),
          () => todoApi.deleteGroup(group.id),
          () => {},
        ),
    };
  }, [qc, boardId]);
}
