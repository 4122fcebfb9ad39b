// The board's header saved whole (PUT board/{id}/header: add, rename, resize, reorder, remove a column, a
// STATUS column's labels), shown at once and put back with "wrong column info" (409 todo.header_invalid) or
// another refusal's text. A new column carries a temporary key starting with "_" until the server names it.
import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { HeaderColumn, HeaderColumnInput } from "@shared/todo/boards.ts";
import * as todoApi from "../api.ts";
import { snapshot, updateEntries } from "./cache.ts";
import { refused } from "./feedback.ts";

let temp = 0;
/** A key for a column not yet saved. */
export const newColumnKey = () => `_new${++temp}`;
export const isSavedColumn = (c: HeaderColumn) => !c.value.startsWith("_");

export const headerInput = (header: readonly HeaderColumn[]): HeaderColumnInput[] =>
  header.map((c) => ({
    value: isSavedColumn(c) ? c.value : undefined,
    type: c.type,
    name: c.name,
    width: c.width,
    connectedColumn: c.connectedColumn,
    options: c.type === "STATUS" ? c.options : [],
  }));

/** Saves the whole header → saved or not. */
export function useHeaderMutation(boardId: number) {
  const qc = useQueryClient();
  return useCallback(async (next: HeaderColumn[]): Promise<boolean> => {
    const restore = snapshot(qc, boardId);
    updateEntries(qc, boardId, (e) => ({ ...e, header: next }));
    try {
      const header = await todoApi.putHeader(boardId, headerInput(next));
      updateEntries(qc, boardId, (e) => ({ ...e, header }));
      return true;
    } catch (e) {
      restore();
      refused(e);
      return false;
    }
  }, [qc, boardId]);
}
