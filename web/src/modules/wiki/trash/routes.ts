// The wiki's /wiki/trash route(s), added to the island's layout by ../routes.ts.
// deno-lint-ignore no-explicit-any
export function wikiTrashRoutes(_layout: any) {
  return [] as never[];
}
