// The search keyword's rule (shared/wiki/constants.ts: SEARCH_KEYWORD_MIN to SEARCH_KEYWORD_MAX characters,
// counted as the server counts them: after NFC and trimming). Answers the refusal's wikiErrors code, or null.
import { SEARCH_KEYWORD_MAX, SEARCH_KEYWORD_MIN } from "@shared/wiki/constants.ts";
import { WIKI_ERRORS } from "@shared/wiki/errors.ts";

export function normalizeKeyword(raw: string): string {
  return raw.normalize("NFC").trim();
}

export function keywordProblem(raw: string): string | null {
  const n = [...normalizeKeyword(raw)].length;
  return n < SEARCH_KEYWORD_MIN || n > SEARCH_KEYWORD_MAX ? WIKI_ERRORS.keywordInvalid : null;
}
