// Dates and mentions as the post page shows them.
import { REPLY_MENTION } from "@shared/board/replies.ts";
import { dateFormat } from "../../../lib/intl-format.ts";

/** A date and time in the UI language (2026. 3. 9. 오후 2:05). */
export function dateTime(ms: number, lng: string): string {
  return dateFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(ms);
}

export type TextPart = { text: string } | { mention: string; userId: number };

/** A reply's plain text cut into text and mentions ("@[김매니저](user:12)" → the name). */
export function replyParts(text: string): TextPart[] {
  const out: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(new RegExp(REPLY_MENTION.source, "g"))) {
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push({ mention: m[1], userId: Number(m[2]) });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** How a mention is written into a reply's text. */
export const mentionToken = (name: string, userId: number) => `@[${name.replace(/[\]\n]/g, " ").slice(0, 60)}](user:${userId})`;
