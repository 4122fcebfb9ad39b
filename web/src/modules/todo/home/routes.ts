// To-do's /todo route, added to the island's layout by ../routes.ts: the workspace list, or the remembered
// workspace (replacing the address) unless ?list=1 asks for the list itself.
import { createRoute } from "@tanstack/react-router";

export interface TodoHomeSearch {
  list?: 1;
}
export const parseHomeSearch = (s: Record<string, unknown>): TodoHomeSearch => (s.list === 1 || s.list === "1" ? { list: 1 } : {});

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function todoHomeRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "/", validateSearch: parseHomeSearch })
      .lazy(() => import("./home.route.tsx").then((m) => m.Route)),
  ] as const;
}
