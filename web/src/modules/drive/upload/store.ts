// The upload queue of 001 §3 "Upload item" and §4 "Drive": items (key, id, name, size, loaded, progress,
// status 0 waiting, 1 uploading, 2 done) sent one after another; a cancel or a failure puts the item back to 0
// with its reason. A file over MAX_FILE_SIZE is refused before sending (drive.74, the size shown). A picked or
// dropped folder keeps its structure: its folders are found or made under the target first (POST create).
// The store lives outside React so the minimised bar and the dialog show the same queue.
import { useSyncExternalStore } from "react";
import { MAX_FILE_SIZE } from "@shared/drive/constants.ts";
import { ApiError } from "../../../lib/api.ts";
import * as driveApi from "../api.ts";
import type { PickedFile } from "./walk.ts";
import { type UploadHandle, uploadFile, UploadAborted } from "./transport.ts";

export type UploadStatus = 0 | 1 | 2;

export interface UploadItem {
  key: number;
  /** The drive item once uploaded. */
  id: number | null;
  name: string;
  size: number;
  loaded: number;
  progress: number;
  status: UploadStatus;
  /** Why an item is back at 0: "cancelled" or an error (ApiError). */
  outcome?: "cancelled" | ApiError;
  /** When it finished (epoch ms). */
  doneAt?: number;
  file: File;
  folderId: number;
  dir: string;
}

interface State {
  items: UploadItem[];
  /** When the current run started sending, and the bytes sent before it (remaining time). */
  startedAt: number;
  open: boolean;
  minimised: boolean;
  /** The folder the dialog's picker and drop zone upload into. */
  target: number | null;
}

let state: State = { items: [], startedAt: 0, open: false, minimised: false, target: null };
let nextKey = 1;
let current: { key: number; handle: UploadHandle | null } | null = null;
const listeners = new Set<() => void>();
const doneListeners = new Set<(folderId: number) => void>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}
function patch(key: number, p: Partial<UploadItem>) {
  set({ items: state.items.map((i) => (i.key === key ? { ...i, ...p } : i)) });
}

export function useUploads(): State {
  return useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => state);
}

/** Called after each finished file (the lists refetch). */
export function onUploaded(l: (folderId: number) => void) {
  doneListeners.add(l);
  return () => void doneListeners.delete(l);
}

export function enqueue(folderId: number, files: PickedFile[]) {
  const added: UploadItem[] = files.map(({ file, dir }) => {
    const item: UploadItem = { key: nextKey++, id: null, name: file.name, size: file.size, loaded: 0, progress: 0, status: 0, file, folderId, dir };
    if (file.size > MAX_FILE_SIZE) item.outcome = new ApiError(413, "drive.74", { params: { size: MAX_FILE_SIZE } } as never);
    return item;
  });
  const idle = !state.items.some((i) => i.status === 1);
  set({
    items: [...state.items.filter((i) => (i.status !== 2 && !i.outcome) || !idle), ...added],
    open: true,
    minimised: false,
    target: folderId,
    startedAt: idle ? 0 : state.startedAt,
  });
  void pump();
}

export const setMinimised = (minimised: boolean) => set({ minimised });

/** Opens the dialog for picking files into a folder (the queue, if any, stays). */
export const openUpload = (target: number) => set({ open: true, minimised: false, target });

/** Cancels one item: the one sending is aborted, a waiting one is marked cancelled. */
export function cancel(key: number) {
  const item = state.items.find((i) => i.key === key);
  if (!item || item.status === 2) return;
  if (current?.key === key) current.handle?.abort();
  patch(key, { status: 0, loaded: 0, progress: 0, outcome: "cancelled" });
}

/** Closing the dialog: whatever is not done is cancelled, and the list is cleared. */
export function closeAll() {
  for (const i of state.items) if (i.status !== 2 && !i.outcome) cancel(i.key);
  set({ items: [], open: false, minimised: false, startedAt: 0, target: null });
}

export const pending = (items: UploadItem[]) => items.filter((i) => i.status !== 2 && !i.outcome);

/** Seconds left for what is waiting or sending, from the speed so far; null before there is a speed. */
export function remainingSeconds(s: State, now: number): number | null {
  const live = s.items.filter((i) => !i.outcome);
  const sent = live.reduce((n, i) => n + (i.status === 2 ? 0 : i.loaded), 0) + live.filter((i) => i.status === 2 && (i.doneAt ?? 0) >= s.startedAt).reduce((n, i) => n + i.size, 0);
  const left = live.reduce((n, i) => n + (i.status === 2 ? 0 : i.size - i.loaded), 0);
  const elapsed = (now - s.startedAt) / 1000;
  if (!s.startedAt || elapsed <= 0.2 || sent <= 0) return null;
  return Math.ceil(left / (sent / elapsed));
}

// Folders made or found for "top/sub" under a target, per run.
const folderCache = new Map<string, number>();

async function folderFor(target: number, dir: string): Promise<number> {
  let parent = target;
  let path = `${target}`;
  for (const name of dir.split("/").filter(Boolean)) {
    path += `/${name}`;
    const known = folderCache.get(path);
    if (known) {
      parent = known;
      continue;
    }
    const existing = (await driveApi.children(parent)).find((c) => c.fileName === name);
    const made = existing ?? (await driveApi.createFolder(name, parent));
    folderCache.set(path, made.id);
    parent = made.id;
  }
  return parent;
}

let pumping = false;
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      const next = state.items.find((i) => i.status === 0 && !i.outcome);
      if (!next) break;
      if (!state.startedAt) set({ startedAt: Date.now() });
      current = { key: next.key, handle: null };
      patch(next.key, { status: 1 });
      try {
        const folderId = next.dir ? await folderFor(next.folderId, next.dir) : next.folderId;
        if (state.items.find((i) => i.key === next.key)?.outcome) continue; // cancelled while its folder was made
        const handle = uploadFile(next.file, folderId, (loaded) => {
          if (current?.key !== next.key || state.items.find((i) => i.key === next.key)?.status !== 1) return;
          patch(next.key, { loaded, progress: next.size ? Math.min(99, Math.floor((loaded / next.size) * 100)) : 99 });
        });
        current.handle = handle;
        const id = await handle.promise;
        patch(next.key, { id, status: 2, loaded: next.size, progress: 100, doneAt: Date.now() });
        doneListeners.forEach((l) => l(folderId));
      } catch (e) {
        if (e instanceof UploadAborted) continue;
        const err = e instanceof ApiError ? e : new ApiError(0, "common.500");
        // Over the quota only this file is refused: a smaller one after it may still fit (the server decides).
        patch(next.key, { status: 0, loaded: 0, progress: 0, outcome: err });
      }
    }
  } finally {
    current = null;
    pumping = false;
    folderCache.clear();
  }
}
