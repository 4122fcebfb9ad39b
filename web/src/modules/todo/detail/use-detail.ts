// The item detail's data (GET item/{itemId}/{boardId}/detail) and its changes: content, checklist, files and
// comments (shared/todo/details.ts). Each change calls the server, then writes its answer into the detail's
// cache and the item's counters on the board (002 §3 existContent, checkListCnt, attachCnt, commentCnt), so the
// table and kanban cards follow at once. A failure shows 002 §8's text and rejects, so the work UI keeps what
// was typed (ui/work/*). A 404 (the item was deleted meanwhile) closes the panel.
import { useMemo } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChecklistEntry, ItemComment, ItemDetail, ItemFile } from "@shared/todo/details.ts";
import * as todoApi from "../api.ts";
import { detailQuery, todoKeys } from "../queries.ts";
import { patchItem } from "../board-data/cache.ts";
import { failAndThrow, isItemGone } from "./feedback.ts";

export function useItemDetail(itemId: number, boardId: number) {
  return useQuery({ ...detailQuery(itemId, boardId), retry: (n, e) => !isItemGone(e) && n < 2 });
}

/** The counters an item's detail implies. */
const countersOf = (d: ItemDetail) => ({
  existContent: d.content.trim() !== "",
  checkListCnt: d.checkList.length,
  checkListDoneCnt: d.checkList.filter((c) => c.checked).length,
  attachCnt: d.fileList.length,
  commentCnt: d.commentList.length,
});

export function useDetailActions(itemId: number, boardId: number, onGone: () => void) {
  const qc = useQueryClient();
  return useMemo(() => {
    const key = todoKeys.detail(itemId);
    /** Writes the detail and the board item's counters. */
    const update = (fn: (d: ItemDetail) => ItemDetail) => {
      const now = qc.getQueryData<ItemDetail>(key);
      if (!now) return;
      const next = fn(now);
      const counters = countersOf(next);
      qc.setQueryData(key, { ...next, ...counters });
      patchItem(qc, boardId, itemId, (it) => ({ ...it, ...counters }));
    };
    /** A failure's text; a vanished item closes the panel. */
    const fail = (what: Parameters<typeof failAndThrow>[0]) => (e: unknown): never => {
      if (isItemGone(e)) onGone();
      return failAndThrow(what)(e);
    };
    const setEntry = (c: ChecklistEntry) => update((d) => ({ ...d, checkList: d.checkList.map((x) => (x.id === c.id ? c : x)) }));
    const setComment = (c: ItemComment) => update((d) => ({ ...d, commentList: d.commentList.map((x) => (x.id === c.id ? c : x)) }));
    return {
      saveContent: (content: string) =>
        todoApi.saveContent(itemId, boardId, content).then((r) => update((d) => ({ ...d, content: r.content })), fail("content")),
      addChecklist: (title: string) =>
        todoApi.addChecklist(itemId, boardId, title).then((list) => update((d) => ({ ...d, checkList: list })), fail("checklistAdd")),
      renameChecklist: (id: number, title: string) => todoApi.renameChecklist(itemId, boardId, id, title).then(setEntry, fail("checklistRename")),
      checkChecklist: (id: number, checked: boolean) => todoApi.checkChecklist(itemId, boardId, id, checked).then(setEntry, fail("checklistCheck")),
      deleteChecklist: (id: number) =>
        todoApi.deleteChecklist(itemId, boardId, id).then(() => update((d) => ({ ...d, checkList: d.checkList.filter((x) => x.id !== id) })),
          fail("checklistDelete")),
      fileUploaded: (f: ItemFile) => update((d) => ({ ...d, fileList: [...d.fileList.filter((x) => x.key !== f.key), f] })),
      deleteFile: (key: number) =>
        todoApi.deleteItemFile(itemId, boardId, key).then(() => update((d) => ({ ...d, fileList: d.fileList.filter((x) => x.key !== key) })), (e) => {
          // 404 todo.file_not_found: it is gone anyway.
          if ((e as { code?: string })?.code === "todo.file_not_found") update((d) => ({ ...d, fileList: d.fileList.filter((x) => x.key !== key) }));
          return fail("fileDelete")(e);
        }),
      addComment: (content: string) =>
        todoApi.addComment(itemId, boardId, content).then((c) => update((d) => ({ ...d, commentList: [...d.commentList, c] })), fail("commentAdd")),
      editComment: (id: number, content: string) => todoApi.editComment(itemId, boardId, id, content).then(setComment, fail("commentEdit")),
      deleteComment: (id: number) =>
        todoApi.deleteComment(itemId, boardId, id).then(() => update((d) => ({ ...d, commentList: d.commentList.filter((x) => x.id !== id) })),
          fail("commentDelete")),
    };
  }, [qc, itemId, boardId, onGone]);
}

export type DetailActions = ReturnType<typeof useDetailActions>;
