// Browser notifications (the Web Notifications API) for calendar alarms: asked for only when the user acts (the
// calendar's alarm settings, or the first save of an event with an alarm: once, remembered in this browser),
// never on page load.
export type NotifyPermission = NotificationPermission | "unsupported";

const ASKED_KEY = "gw.calendar.notifyAsked";

export function notifyPermission(): NotifyPermission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** Asks the browser (from a user's action); answers the permission then. */
export async function askNotifyPermission(): Promise<NotifyPermission> {
  if (typeof Notification === "undefined") return "unsupported";
  localStorage.setItem(ASKED_KEY, "1");
  if (Notification.permission !== "default") return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** On saving an event with alarms: asks once per browser, only while the user has not decided yet. */
export function askNotifyOnce(): void {
  if (notifyPermission() !== "default" || localStorage.getItem(ASKED_KEY)) return;
  void askNotifyPermission();
}
