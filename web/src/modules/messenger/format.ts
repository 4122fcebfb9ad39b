// Times and previews as the messenger shows them.
import type { TFunction } from "i18next";
import type { MessageKind } from "@shared/messenger/constants.ts";
import { parseSystemText } from "@shared/messenger/constants.ts";

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Today: the time; this year: month and day; else the date. */
export function shortTime(ms: number, lng: string): string {
  const d = new Date(ms);
  const now = new Date();
  if (sameDay(d, now)) return d.toLocaleTimeString(lng, { hour: "numeric", minute: "2-digit" });
  if (d.getFullYear() === now.getFullYear()) return d.toLocaleDateString(lng, { month: "short", day: "numeric" });
  return d.toLocaleDateString(lng, { year: "numeric", month: "numeric", day: "numeric" });
}

export const clockTime = (ms: number, lng: string) => new Date(ms).toLocaleTimeString(lng, { hour: "numeric", minute: "2-digit" });
export const dayLabel = (ms: number, lng: string) =>
  new Date(ms).toLocaleDateString(lng, { year: "numeric", month: "long", day: "numeric", weekday: "long" });
export const dayKey = (ms: number) => new Date(ms).toDateString();

/** A SYSTEM message's text in the user's language. */
export function systemLine(text: string, t: TFunction<"messenger">): string {
  const s = parseSystemText(text);
  if (!s) return text;
  const p = s.params;
  return t(s.key as "system.created", { names: (p.names ?? []).join(", "), by: p.by ?? "", name: p.name ?? "", count: p.names?.length ?? 0 });
}

/** The room list's line for the last message. */
export function previewText(m: { senderName: string | null; preview: string; kind: MessageKind }, t: TFunction<"messenger">): string {
  if (m.kind === "SYSTEM") return systemLine(m.preview, t);
  const body = m.preview || t("message.deleted");
  return m.senderName ? `${m.senderName}: ${body}` : body;
}
