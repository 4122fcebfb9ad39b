// The searchable form of an item's name (server/lib/search-tokens.ts: two-character grams for Korean, words
// for the rest): search_vector for the index, search_text (NFKC, lower case) to check its candidates.
import { lexemes, vectorLiteral } from "../../../lib/search-tokens.ts";

export function normalizeSearchText(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

export function nameSearchColumns(name: string): { searchText: string; searchVector: string } {
  return { searchText: normalizeSearchText(name), searchVector: vectorLiteral([[lexemes(name, 200), "A"]]) };
}
