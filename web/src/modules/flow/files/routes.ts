// Flow's files routes, added to the island's layout by ../routes.ts: the attachment viewer
// /flow/projects/{projectId}/tasks/{taskId}/file/{fileId}/view (002 §2). Zod-free; the screen loads lazily.
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function flowFileRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "projects/$projectId/tasks/$taskId/file/$fileId/view" })
      .lazy(() => import("./viewer.route.tsx").then((m) => m.Route)),
  ] as const;
}
