// The post page's routes (001 §2 /board/view/{postId}/{actionObj}; see ../paths.ts), added to the board layout by
// ../routes.ts. actionObj { boardId, viewType, page } says where "back to the list" goes; without it the list
// is the post's own board. Zod-free; the screen loads lazily.
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function boardViewRoutes(layout: any) {
  const screen = () => import("./view.route.tsx").then((m) => m.Route);
  return [
    createRoute({ getParentRoute: () => layout, path: "view/$postId" }).lazy(screen),
    createRoute({ getParentRoute: () => layout, path: "view/$postId/$actionObj" }).lazy(screen),
  ] as const;
}
