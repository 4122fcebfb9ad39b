// The SMART folder's "All / Promotion / Social" choice (issue 7): which smart-mailbox class the list shows.
// Held here, outside the list component, so it survives the list being remounted between the list route and
// the view route (split view, or back from the reader), and so the reader's previous/next (neighbours.ts)
// walk the same narrowed list. It belongs to one folder: opening another folder clears it.
import { useCallback, useSyncExternalStore } from "react";
import type { SmartCategory } from "@shared/mail/smart.ts";
import type { FolderRef } from "../route-params.ts";

let chosen: { folderId: string; category: SmartCategory } | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function set(next: typeof chosen) {
  chosen = next;
  for (const l of listeners) l();
}

/** The class chosen for this folder's list; undefined = all. */
export function useSmartCategory(folderId: FolderRef): SmartCategory | undefined {
  const key = String(folderId);
  return useSyncExternalStore(subscribe, () => (chosen && chosen.folderId === key ? chosen.category : undefined));
}

/** Chooses a class for this folder's list (undefined = all); the choice of any other folder is dropped. */
export function useSetSmartCategory(folderId: FolderRef) {
  const key = String(folderId);
  return useCallback((category: SmartCategory | undefined) => set(category ? { folderId: key, category } : null), [key]);
}

/** Forgets a choice made for another folder (called when a list opens a folder). */
export function keepSmartCategoryOf(folderId: FolderRef) {
  if (chosen && chosen.folderId !== String(folderId)) set(null);
}
