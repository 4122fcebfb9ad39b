// Narrow screens (phones): the width at which the top bar folds its search and secondary icons away. The same
// width as mail's small-screen rule (web/src/modules/mail/open.ts), so both change together.
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
