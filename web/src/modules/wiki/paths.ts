// The wiki's addresses (001 §2 "Wiki"), zod-free (router-level code imports it):
//   /wiki                   the wiki's home: the last read document, or the start screen (recent, favourites)
//   /wiki/docs/{id}         a document or database; a link to it is {origin}/#/wiki/docs/{id}
//   /wiki/search/{keyword}  search results (ours: the spec's search is a call, this gives it an address)
//   /wiki/trash             the trash (ours, likewise)
export const docPath = (id: number) => `/wiki/docs/${id}`;

/** The document id a path segment names, or null. */
export function docIdOf(segment: string | undefined): number | null {
  return segment && /^\d{1,15}$/.test(segment) && Number(segment) > 0 ? Number(segment) : null;
}
