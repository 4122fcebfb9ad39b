// The board island's write routes, added to the board layout by ../routes.ts (see ../paths.ts for the addresses):
//   /board/write/{actionObj}   the post editor in the shell; actionObj { boardId, postId?, mailId? }
//   /board/write               → /board/write/{} (a new post, no board chosen)
// The popup editor is ./popup-routes.ts. This file imports no zod.
import { createRoute, redirect } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function boardWriteRoutes(layout: any) {
  return [
    createRoute({
      getParentRoute: () => layout,
      path: "write",
      beforeLoad: () => {
        throw redirect({ to: "/board/write/$actionObj" as "/board", params: { actionObj: "{}" } as never, replace: true });
      },
    }),
    createRoute({ getParentRoute: () => layout, path: "write/$actionObj" })
      .lazy(() => import("./write.route.tsx").then((m) => m.Route)),
  ];
}
