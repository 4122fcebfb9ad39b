// The wiki's /wiki/docs/$docId route(s), added to the island's layout by ../routes.ts.
// deno-lint-ignore no-explicit-any
export function wikiDocRoutes(_layout: any) {
  return [] as never[];
}
