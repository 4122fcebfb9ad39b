// Narrow screens (phones, ≤768 px): the one width at which the top bar folds its search and secondary icons
// away and mail forces split view, tabs and popups off (web/src/modules/mail/open.ts).
import { useSyncExternalStore } from "react";

export const NARROW_QUERY = "(max-width: 768px)";

function subscribe(cb: () => void) {
  const mq = matchMedia(NARROW_QUERY);
  mq.addEventListener("change", cb);
  return () => mq.removeEventListener("change", cb);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(NARROW_QUERY).matches);
}
