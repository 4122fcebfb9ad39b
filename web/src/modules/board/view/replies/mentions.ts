// The reply composer's @mentions. The box shows "@김매니저"; each chosen colleague is remembered, and the text
// sent carries "@[김매니저](user:12)" (shared/board/replies.ts REPLY_MENTION) for every "@name" still in it.
// Colleagues come from the company directory the other pickers use (GET api/users/members).
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { DirectoryMember } from "@shared/organizations.ts";
import type { Page } from "@shared/paging.ts";
import { api } from "../../../../lib/api.ts";
import { mentionToken, replyParts } from "../format.ts";

export const MENTION_CHOICES = 8;

export const memberSearchQuery = (word: string) =>
  queryOptions({
    queryKey: ["board", "mentionMembers", word],
    queryFn: ({ signal }) =>
      api<Page<DirectoryMember>>("/api/users/members", { signal, query: { searchWord: word || undefined, page: 0, pageSize: MENTION_CHOICES } }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export interface Mentioned {
  name: string;
  id: number;
}

/** The "@word" being typed just before the caret (no space in it), or null. */
export function mentionAt(text: string, caret: number): { start: number; word: string } | null {
  const m = /(^|\s)@([^\s@]{0,20})$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[2].length - 1, word: m[2] } : null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text to send: every "@name" of a chosen colleague becomes its mention token (longer names first). */
export function toSent(shown: string, chosen: Mentioned[]): string {
  let out = shown;
  for (const m of [...chosen].sort((a, b) => b.name.length - a.name.length)) {
    out = out.replace(new RegExp(`(^|[^\\w\\]])@${escape(m.name)}(?![\\w(])`, "gu"), (_, pre: string) => `${pre}${mentionToken(m.name, m.id)}`);
  }
  return out;
}

/** A stored reply's text as the box shows it ("@name") and the mentions it holds. */
export function toShown(sent: string): { text: string; chosen: Mentioned[] } {
  const chosen: Mentioned[] = [];
  const text = replyParts(sent).map((p) => {
    if ("text" in p) return p.text;
    chosen.push({ name: p.mention, id: p.userId });
    return `@${p.mention}`;
  }).join("");
  return { text, chosen };
}
