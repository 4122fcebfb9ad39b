// Flow's /flow/projects route (the project list), added to the island's layout by ../routes.ts. Zod-free; the
// screen loads lazily.
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function flowProjectRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "projects" }).lazy(() => import("./projects.route.tsx").then((m) => m.Route)),
  ] as const;
}
