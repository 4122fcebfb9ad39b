// The home island's route (002 §2 "/home": the dashboard with widgets, bookmarks and notepad), added under the
// app layout by web/src/app/router.tsx; its screen, styles and strings load lazily.
import { createRoute } from "@tanstack/react-router";
import type { appRoute as AppRoute } from "../../app/router.tsx";

const staticData = { module: "home" as const, titleKey: "common:module.home" };

export function homeRouteTree(appRoute: typeof AppRoute) {
  return createRoute({ getParentRoute: () => appRoute, path: "/home", staticData })
    .lazy(() => import("./home.route.tsx").then((m) => m.Route));
}
