// To-do's board routes (002 §2 "todo_board", "todo_board_action"), added to the island's layout by ../routes.ts:
// /todo/{workspaceId}/{boardId} and /todo/{workspaceId}/{boardId}/{actionObj}, one screen (board.route.tsx).
import { createRoute } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function todoBoardRoutes(layout: any) {
  return [
    createRoute({ getParentRoute: () => layout, path: "$workspaceId/$boardId" })
      .lazy(() => import("./board.route.tsx").then((m) => m.Route)),
    createRoute({ getParentRoute: () => layout, path: "$workspaceId/$boardId/$actionObj" })
      .lazy(() => import("./board.route.tsx").then((m) => m.ActionRoute)),
  ] as const;
}
