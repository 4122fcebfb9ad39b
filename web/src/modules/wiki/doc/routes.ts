// The wiki's /wiki/docs/$docId route (001 §2 "Wiki": a document link is {origin}/#/wiki/docs/{doc}), added to
// the island's layout by ../routes.ts. Zod-free; the screen loads lazily.
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function wikiDocRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "docs/$docId" }).lazy(() => import("./doc.route.tsx").then((m) => m.Route)),
  ] as const;
}
