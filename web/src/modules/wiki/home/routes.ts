// The wiki's /wiki route, added to the island's layout by ../routes.ts: the last read document (replacing the
// address), or the start screen (home.route.tsx).
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function wikiHomeRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "/" })
      .lazy(() => import("./home.route.tsx").then((m) => m.Route)),
  ];
}
