// Phone width (≤600 px): the dashboard's widgets stack in one column and do not move.
import { useSyncExternalStore } from "react";

export const PHONE_QUERY = "(max-width: 600px)";

function subscribe(cb: () => void) {
  const mq = matchMedia(PHONE_QUERY);
  mq.addEventListener("change", cb);
  return () => mq.removeEventListener("change", cb);
}

export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, () => matchMedia(PHONE_QUERY).matches);
}
