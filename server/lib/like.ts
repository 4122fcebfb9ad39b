// LIKE patterns from user input or stored names: %, _ and \ are matched literally (PostgreSQL's default escape
// is \). Every LIKE of the server builds its pattern here.

export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Pattern for "contains word", for ILIKE. */
export function containsPattern(word: string): string {
  return `%${escapeLike(word)}%`;
}

/** Pattern for "starts with word", for ILIKE. */
export function prefixPattern(word: string): string {
  return `${escapeLike(word)}%`;
}
