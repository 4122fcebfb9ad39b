// The post's attachments: the files kept from the post being edited (or prepared from a mail), and new files
// uploaded one after another (001 §4 "Upload": 0 waiting → 1 uploading → 2 done; a cancel or a failure goes
// back to 0). At most FILES_PER_POST in all: files past it are refused before any upload with board.17's text;
// a file over FILE_MAX_BYTES is refused with board.123's; a full storage (507) answers board.124's.
import { useCallback, useEffect, useRef, useState } from "react";
import { FILE_MAX_BYTES, FILES_PER_POST } from "@shared/board/constants.ts";
import type { BoardFile } from "@shared/board/posts.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { boardErrorText } from "../errors.ts";
import { UploadAborted, uploadAttachment, type UploadHandle } from "./uploader.ts";

export interface Attachment {
  key: string;
  name: string;
  size: number;
  /** 0 waiting, 1 uploading, 2 done. */
  status: 0 | 1 | 2;
  loaded: number;
  fileId: number | null;
  /** Already on the post being edited: removing it deletes it from the post on save. */
  kept: boolean;
  /** Why it is not uploaded. */
  error: string | null;
  file: File | null;
}

let seq = 0;
const keyOf = () => `a${++seq}`;

export const fromBoardFile = (f: BoardFile, kept: boolean): Attachment => ({
  key: keyOf(), name: f.name, size: f.size, status: 2, loaded: f.size, fileId: f.id, kept, error: null, file: null,
});

/** Why an upload failed: board.123 (too large), board.124 (no space), else board.122's text. */
const failText = (e: unknown) => boardErrorText(e, "122");

export function useAttachments(initial: Attachment[]) {
  const [list, setList] = useState<Attachment[]>(initial);
  const [removedIds, setRemovedIds] = useState<number[]>([]);
  const handles = useRef(new Map<string, UploadHandle>());
  const initialKeys = useRef(new Set(initial.map((a) => a.key)));
  const listRef = useRef(list);
  listRef.current = list;

  const patch = useCallback((key: string, p: Partial<Attachment>) => setList((l) => l.map((a) => (a.key === key ? { ...a, ...p } : a))), []);

  // One upload at a time: when none runs, the first waiting file starts.
  useEffect(() => {
    if (list.some((a) => a.status === 1)) return;
    const next = list.find((a) => a.status === 0 && a.file && !a.error);
    if (!next?.file) return;
    const handle = uploadAttachment(next.file, (loaded) => patch(next.key, { loaded }));
    handles.current.set(next.key, handle);
    patch(next.key, { status: 1, loaded: 0 });
    handle.promise.then(
      (f) => patch(next.key, { status: 2, fileId: f.id, loaded: next.size }),
      (e) => {
        if (e instanceof UploadAborted) return;
        const error = failText(e);
        patch(next.key, { status: 0, loaded: 0, error });
        snackbar("ERROR", `${next.name}: ${error}`);
      },
    ).finally(() => handles.current.delete(next.key));
  }, [list, patch]);

  // Leaving the form stops what is still uploading.
  useEffect(() => () => handles.current.forEach((h) => h.abort()), []);

  const add = useCallback((files: File[]) => {
    if (!files.length) return;
    const room = FILES_PER_POST - listRef.current.length;
    const tooBig = files.filter((f) => f.size > FILE_MAX_BYTES);
    const fitting = files.filter((f) => f.size <= FILE_MAX_BYTES);
    if (tooBig.length) snackbar("VALIDATION", `${tooBig[0].name}: ${errorText("board.123")}`);
    if (fitting.length > room) snackbar("VALIDATION", errorText("board.17"));
    const taken = fitting.slice(0, Math.max(0, room)).map((f): Attachment => ({
      key: keyOf(), name: f.name.normalize("NFC"), size: f.size, status: 0, loaded: 0, fileId: null, kept: false, error: null, file: f,
    }));
    if (taken.length) setList((l) => [...l, ...taken]);
  }, []);

  const cancel = useCallback((key: string) => {
    handles.current.get(key)?.abort();
    setList((l) => l.filter((a) => a.key !== key));
  }, []);

  const remove = useCallback((key: string) => {
    const a = listRef.current.find((x) => x.key === key);
    if (!a) return;
    handles.current.get(key)?.abort();
    if (a.kept && a.fileId) setRemovedIds((ids) => [...ids, a.fileId!]);
    setList((l) => l.filter((x) => x.key !== key));
  }, []);

  const retry = useCallback((key: string) => patch(key, { error: null, status: 0, loaded: 0 }), [patch]);

  return {
    list,
    add,
    cancel,
    remove,
    retry,
    /** Files removed from the post being edited. */
    removedIds,
    uploading: list.some((a) => a.status !== 2 && !a.error),
    failed: list.some((a) => a.error),
    /** New files to attach (uploaded, not yet on the post). */
    newIds: list.filter((a) => a.status === 2 && !a.kept && a.fileId).map((a) => a.fileId!),
    /** Files added or removed since the form opened. */
    changed: removedIds.length > 0 || list.length !== initialKeys.current.size || list.some((a) => !initialKeys.current.has(a.key)),
  };
}

export type AttachmentOps = ReturnType<typeof useAttachments>;
