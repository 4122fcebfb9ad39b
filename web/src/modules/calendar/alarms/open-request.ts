// "Open" on an alarm notice, which may be pressed anywhere in the app: the event is left here and the calendar
// goes to it (calendar.route.tsx takes it when it is shown, or at once when it already is): its day, its popup.
import type { EventItem } from "@shared/calendar/events.ts";

let pending: EventItem | null = null;
const listeners = new Set<() => void>();

export function requestOpen(item: EventItem) {
  pending = item;
  for (const l of listeners) l();
}

/** The event waiting to be opened, once (null when there is none). */
export function takeOpenRequest(): EventItem | null {
  const item = pending;
  pending = null;
  return item;
}

export function onOpenRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
