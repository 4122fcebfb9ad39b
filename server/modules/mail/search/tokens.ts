// Search lexemes for mail: the lexeme design itself (two-character grams for Korean, Chinese and Japanese,
// words elsewhere, query terms, tsquery literals) lives in server/lib/search-tokens.ts, shared by every
// module's search; this file keeps what is mail's own: the fields of a message and their weights.
import { lexemes, vectorLiteral } from "../../../lib/search-tokens.ts";

export { lexemes, type QueryTerm, queryTerm, tsqueryOf } from "../../../lib/search-tokens.ts";

/** The text fields of a message, by the weight they are indexed under. */
export interface SearchFields {
  subject: string;
  /** From, To and Cc names and addresses. */
  addresses: string;
  body: string;
  attachmentNames: string;
}

/** The tsvector literal of a message's fields: A subject, B addresses, C body, D attachment names. */
export function searchVectorLiteral(f: SearchFields): string {
  return vectorLiteral([
    [lexemes(f.subject, 500), "A"],
    [lexemes(f.addresses, 1000), "B"],
    [lexemes(f.body.slice(0, 200_000)), "C"],
    [lexemes(f.attachmentNames, 500), "D"],
  ]);
}
