// To-do's /todo/{workspaceId} route (002 §2 "todo_workspace"), added to the island's layout by ../routes.ts.
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function todoWorkspaceRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "$workspaceId" })
      .lazy(() => import("./workspace.route.tsx").then((m) => m.Route)),
  ] as const;
}
