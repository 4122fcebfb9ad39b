// Resource booking's route tree (002 §2 "Resource booking"), added under the app layout by web/src/app/router.tsx:
//   /resource                        → /resource/{today}/ALL
//   /resource/{date}                 → /resource/{date}/ALL
//   /resource/{date}/{type}[?range=week]  the day (or its ISO week) of one type's resources (ALL: every type)
//   /resource/mine                   the user's own bookings
//   /resource/approvals              the bookings waiting for the user's decision (resources they approve)
// A date that is not a real YYYY-MM-DD becomes today; a type that is neither ALL, a built-in nor CUSTOM_<id>
// becomes ALL (a type the side pane does not offer — without resources, or a custom one that no longer exists — is
// sent to ALL by the screen, once the types are known). The
// screens load lazily; this file stays zod-free (the router chunk imports it).
import { createRoute, redirect } from "@tanstack/react-router";
import { ALL_TYPES, BUILTIN_RESOURCE_TYPES, CUSTOM_TYPE_PATTERN } from "@shared/resource/constants.ts";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import { today, validDay } from "./dates.ts";

export type GridRange = "day" | "week";
export interface GridSearch {
  range?: "week";
}

export const validType = (t: string) => t === ALL_TYPES || (BUILTIN_RESOURCE_TYPES as readonly string[]).includes(t) || CUSTOM_TYPE_PATTERN.test(t);

export function resourceRouteTree(appRoute: typeof AppRoute) {
  const staticData = { module: "resource" as const, titleKey: "common:module.resource" };
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/resource", staticData })
    .lazy(() => import("./resource.route.tsx").then((m) => m.Route));
  const index = createRoute({
    getParentRoute: () => layout,
    path: "/",
    beforeLoad: () => {
      throw redirect({ to: "/resource/$date/$type", params: { date: today(), type: ALL_TYPES }, replace: true });
    },
  });
  const dateOnly = createRoute({
    getParentRoute: () => layout,
    path: "$date",
    beforeLoad: ({ params }) => {
      throw redirect({ to: "/resource/$date/$type", params: { date: validDay(params.date) ?? today(), type: ALL_TYPES }, replace: true });
    },
  });
  const grid = createRoute({
    getParentRoute: () => layout,
    path: "$date/$type",
    validateSearch: (s: Record<string, unknown>): GridSearch => (s.range === "week" ? { range: "week" } : {}),
    beforeLoad: ({ params, search }) => {
      const date = validDay(params.date) ?? today();
      const type = validType(params.type) ? params.type : ALL_TYPES;
      if (date !== params.date || type !== params.type) throw redirect({ to: "/resource/$date/$type", params: { date, type }, search, replace: true });
    },
  }).lazy(() => import("./grid.route.tsx").then((m) => m.Route));
  const mine = createRoute({ getParentRoute: () => layout, path: "mine" })
    .lazy(() => import("./lists/lists.route.tsx").then((m) => m.MineRoute));
  const approvals = createRoute({ getParentRoute: () => layout, path: "approvals" })
    .lazy(() => import("./lists/lists.route.tsx").then((m) => m.ApprovalsRoute));
  return layout.addChildren([index, mine, approvals, dateOnly, grid]);
}
