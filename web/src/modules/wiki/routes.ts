// The wiki island's route tree (001 §2 "Wiki"; the addresses: paths.ts), added under the app layout by
// web/src/app/router.tsx. Each part mounts its own routes (home/, doc/, search/, trash/); the screens load
// lazily; this file imports no zod.
import { createRoute } from "@tanstack/react-router";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import { wikiDocRoutes } from "./doc/routes.ts";
import { wikiHomeRoutes } from "./home/routes.ts";
import { wikiSearchRoutes } from "./search/routes.ts";
import { wikiTrashRoutes } from "./trash/routes.ts";

const staticData = { module: "wiki" as const, titleKey: "common:module.wiki" };

export function wikiRouteTree(appRoute: typeof AppRoute) {
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/wiki", staticData })
    .lazy(() => import("./wiki.route.tsx").then((m) => m.Route));
  return layout.addChildren([
    ...wikiHomeRoutes(layout),
    ...wikiDocRoutes(layout),
    ...wikiSearchRoutes(layout),
    ...wikiTrashRoutes(layout),
  ]);
}
