// The board island's search route, added to the board layout by ../routes.ts (see ../paths.ts for the
// addresses): /board/search/{type}/{query}. The screen reads and checks the query (query.ts).
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function boardSearchRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "search/$type/$query" })
      .lazy(() => import("./search.route.tsx").then((m) => m.Route)),
  ];
}
