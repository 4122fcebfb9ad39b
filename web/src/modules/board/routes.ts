// The board island's route tree (001 §2 "Boards"; the addresses: paths.ts), added under the app layout by
// web/src/app/router.tsx. The write, config and search parts mount their own routes (write/, config/,
// search/); the popup editor is write/popup-routes.ts. The screens load lazily; this file imports no zod.
import { createRoute } from "@tanstack/react-router";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import { boardConfigRoutes } from "./config/routes.ts";
import { boardSearchRoutes } from "./search/routes.ts";
import { boardWriteRoutes } from "./write/routes.ts";

const staticData = { module: "board" as const, titleKey: "common:module.board", settingsPath: "/board/config/manage" };

export function boardRouteTree(appRoute: typeof AppRoute) {
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/board", staticData })
    .lazy(() => import("./board.route.tsx").then((m) => m.Route));
  return layout.addChildren([...boardWriteRoutes(layout), ...boardConfigRoutes(layout), ...boardSearchRoutes(layout)]);
}
