// Whether the config drawer is open. Kept outside the list, because a change made in the drawer may swap the
// list for another one (split view with the first mail opens the view route): the drawer stays open meanwhile.
import { useSyncExternalStore } from "react";

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  listeners.forEach((l) => l());
}

export const openConfigDrawer = () => set(true);
export const closeConfigDrawer = () => set(false);

export function useConfigDrawerOpen(): boolean {
  return useSyncExternalStore((cb) => (listeners.add(cb), () => void listeners.delete(cb)), () => open);
}

/** The attribute marking the button that opens the drawer: focus returns to it (or to its successor). */
export const DRAWER_TRIGGER_ATTR = "data-config-drawer-trigger";
