// The wiki's /wiki/search/$keyword route(s), added to the island's layout by ../routes.ts.
// deno-lint-ignore no-explicit-any
export function wikiSearchRoutes(_layout: any) {
  return [] as never[];
}
