// The board island's config routes, added to the board layout by ../routes.ts (see ../paths.ts for the addresses):
//   /board/config               → /board/config/manage
//   /board/config/{tabType}     the settings (CONFIG_TABS: manage, tag, hidden, mail, view, trash); an unknown tab
//                               shows manage (config.route.tsx decides). This file imports no zod.
import { createRoute, redirect } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function boardConfigRoutes(layout: any) {
  return [
    createRoute({
      getParentRoute: () => layout,
      path: "config",
      beforeLoad: () => {
        throw redirect({ to: "/board/config/$tabType" as "/board", params: { tabType: "manage" } as never, replace: true });
      },
    }),
    createRoute({ getParentRoute: () => layout, path: "config/$tabType" })
      .lazy(() => import("./config.route.tsx").then((m) => m.Route)),
  ];
}
