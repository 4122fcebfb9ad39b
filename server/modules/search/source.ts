// One module's answer to the search across modules (shared/search.ts): each adapter in sources/ calls its
// module's own search service with the caller, so what it finds is what the module would show them.
import type { SearchHit } from "../../../shared/search.ts";
import type { Caller } from "../../lib/context.ts";

export interface SourceAnswer {
  hits: SearchHit[];
  total: number | null;
  moreLink: string | null;
}

export type SearchSource = (caller: Caller, keyword: string, size: number) => Promise<SourceAnswer>;

/** HTML (a highlighted text, a comment) as one line of plain text. */
export function plainLine(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
}

export const iso = (millis: number | null | undefined) => (millis ? new Date(millis).toISOString() : null);
