// The board island's route tree (001 §2 "Boards"; the addresses: paths.ts), added under the app layout by
// web/src/app/router.tsx:
//   /board                        → /board/all
//   /board/{boardId}              a board or a special folder (list/list.route.tsx); an unknown one goes to
//   /board/{boardId}/{actionObj}  /board with a validation notice (the screen decides: it needs the tree)
// The write, config and search parts mount their own routes (write/, config/, search/); the popup editor is
// write/popup-routes.ts. The screens load lazily; this file imports no zod.
import { createRoute, redirect } from "@tanstack/react-router";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import { boardConfigRoutes } from "./config/routes.ts";
import { boardSearchRoutes } from "./search/routes.ts";
import { boardViewRoutes } from "./view/routes.ts";
import { boardWriteRoutes } from "./write/routes.ts";

const staticData = { module: "board" as const, titleKey: "common:module.board", settingsPath: "/board/config/manage" };

export function boardRouteTree(appRoute: typeof AppRoute) {
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/board", staticData })
    .lazy(() => import("./board.route.tsx").then((m) => m.Route));
  const index = createRoute({
    getParentRoute: () => layout,
    path: "/",
    beforeLoad: () => {
      throw redirect({ to: "/board/$boardId" as "/board", params: { boardId: "all" } as never, replace: true });
    },
  });
  const list = createRoute({ getParentRoute: () => layout, path: "$boardId" })
    .lazy(() => import("./list/list.route.tsx").then((m) => m.ListRoute));
  const listAction = createRoute({ getParentRoute: () => layout, path: "$boardId/$actionObj" })
    .lazy(() => import("./list/list.route.tsx").then((m) => m.ListActionRoute));
  return layout.addChildren([
    index,
    list,
    listAction,
    ...boardWriteRoutes(layout),
    ...boardConfigRoutes(layout),
    ...boardSearchRoutes(layout),
    ...boardViewRoutes(layout),
  ]);
}
