// The calendar's route tree (001 §2), added under the app layout by web/src/app/router.tsx: /cal goes to the
// month view of today; /cal/{type}/{focus} shows a view; a bad type becomes month, a bad date today (the
// route is replaced, so the address always names what is shown). The screens load lazily (calendar.route.tsx).
import { createRoute, redirect } from "@tanstack/react-router";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import { normalizeParams } from "./view-range.ts";

export function calendarRouteTree(appRoute: typeof AppRoute) {
  const layout = createRoute({
    getParentRoute: () => appRoute,
    path: "/cal",
    staticData: { module: "calendar", titleKey: "common:module.calendar" },
  }).lazy(() => import("./calendar.route.tsx").then((m) => m.Route));
  const index = createRoute({
    getParentRoute: () => layout,
    path: "/",
    beforeLoad: () => {
      const p = normalizeParams(undefined, undefined);
      throw redirect({ to: "/cal/$type/$focus", params: p, replace: true });
    },
  });
  const typeOnly = createRoute({
    getParentRoute: () => layout,
    path: "$type",
    beforeLoad: ({ params }) => {
      const p = normalizeParams((params as { type?: string }).type, undefined);
      throw redirect({ to: "/cal/$type/$focus", params: p, replace: true });
    },
  });
  const view = createRoute({
    getParentRoute: () => layout,
    path: "$type/$focus",
    beforeLoad: ({ params }) => {
      const { type, focus } = params as { type: string; focus: string };
      const p = normalizeParams(type, focus);
      if (p.type !== type || p.focus !== focus) throw redirect({ to: "/cal/$type/$focus", params: p, replace: true });
    },
  });
  return layout.addChildren([index, typeOnly, view]);
}
