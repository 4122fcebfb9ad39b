// What any request's input must be before a module sees it, for every module alike: the server's request
// readers enforce it once (server/lib/request-input.ts: the URL of every request, every body read through
// readBody, the text fields of streamed forms), the UI may check it too. No imports.

/**
 * The most items a list in one request may carry (ids to act on, mostly). PostgreSQL binds at most 65,535
 * parameters in one statement and a list of ids is bound one parameter per id, sometimes more than once in a
 * statement: this stays well below, so no statement built from a request's list can pass the limit.
 */
export const MAX_LIST_ITEMS = 10_000;

/**
 * Text PostgreSQL can store: no NUL character (U+0000, refused in text and jsonb) and no lone UTF-16 surrogate
 * (\ud800 alone is no Unicode character: jsonb refuses it, text would silently change it).
 */
export function isStorableText(s: string): boolean {
  return !s.includes("\u0000") && s.isWellFormed();
}

/** The field error of text that is not storable. */
export const UNSTORABLE_TEXT_MESSAGE = "must not contain NUL characters or lone surrogates";
/** The field error of a list longer than MAX_LIST_ITEMS. */
export const TOO_MANY_ITEMS_MESSAGE = `at most ${MAX_LIST_ITEMS} items`;
