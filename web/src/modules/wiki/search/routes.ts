// The wiki's /wiki/search/$keyword route, added to the island's layout by ../routes.ts (the screen checks the
// keyword: search/keyword.ts).
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function wikiSearchRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "search/$keyword" })
      .lazy(() => import("./search.route.tsx").then((m) => m.Route)),
  ];
}
