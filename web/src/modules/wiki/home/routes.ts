// The wiki's /wiki route(s), added to the island's layout by ../routes.ts.
// deno-lint-ignore no-explicit-any
export function wikiHomeRoutes(_layout: any) {
  return [] as never[];
}
