// Leave events (001 §3-§4: isLeave with READY / CONFIRMED / DENIED) in the calendar's views: the state an item
// shows (data-leave) and the words added to its accessible name.
import type { EventItem } from "@shared/calendar/events.ts";

export type LeaveState = "READY" | "CONFIRMED" | "DENIED";

export function leaveState(item: Pick<EventItem, "isLeave" | "leaveStatus">): LeaveState | undefined {
  if (!item.isLeave) return undefined;
  return item.leaveStatus === "CONFIRMED" || item.leaveStatus === "DENIED" ? item.leaveStatus : "READY";
}

/** "휴가 · 승인 대기" for a leave item, "" otherwise. */
export function leaveLabel(item: Pick<EventItem, "isLeave" | "leaveStatus">, t: (k: string) => string): string {
  const s = leaveState(item);
  return s ? `${t("calendar:leave.label")} · ${t(`calendar:leave.status.${s}`)}` : "";
}
