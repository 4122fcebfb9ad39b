// The icon of a notification's module (kindModule of its kind: "approval", "todo", "share", ...).
import type { IconName } from "../../ui/icons.tsx";

const CHAT = "M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z";
const ICONS: Record<string, IconName> = {
  approval: "approval", leave: "leave", resource: "resource", calendar: "calendar", board: "board", flow: "flow",
  todo: "todo", workflow: "todo", share: "link", mail: "mail", contact: "contact", drive: "drive", wiki: "wiki",
};

/** An Icon name, or the path of an icon the shell's set lacks (the messenger's speech bubble). */
export function moduleIcon(module: string): { name: IconName } | { d: string } {
  return ICONS[module] ? { name: ICONS[module] } : module === "messenger" ? { d: CHAT } : { name: "help" };
}
