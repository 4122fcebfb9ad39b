// The wiki's /wiki/trash route, added to the island's layout by ../routes.ts.
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function wikiTrashRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "trash" })
      .lazy(() => import("./trash.route.tsx").then((m) => m.Route)),
  ];
}
