// The leave island's route tree (002 §2 "Leave"), added under the app layout by web/src/app/router.tsx:
//   /leave                     → /leave/members/{self}: the own dashboard
//   /leave/members/{id}?date   a member's dashboard (balances, allocations, usages, the last year's activity)
//   /leave/members?date&organId&includeChildren&page   the members dashboard (managers and HR)
//   /leave/application         the leave application (?usageId: edit an own PENDING leave)
//   /leave/pending             what waits for the caller's decision (approvers)
//   /leave/untracked?page      approved usages no allocation supports (HR)
//   /leave/setting             policy, leave types, HR data, accrual, reports, promotion notices (HR)
// The screens load lazily; this file stays zod-free (it imports only constants and the search parsers).
import { createRoute, redirect } from "@tanstack/react-router";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import { userDetailQuery } from "../../app/queries.ts";
import { parseApplicationSearch, parseDashboardSearch, parseMembersSearch, parsePageSearch } from "./search.ts";

const staticData = { module: "leave" as const, titleKey: "common:module.leave" };

export function leaveRouteTree(appRoute: typeof AppRoute) {
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/leave", staticData })
    .lazy(() => import("./leave.route.tsx").then((m) => m.Route));
  const index = createRoute({
    getParentRoute: () => layout,
    path: "/",
    beforeLoad: async ({ context }) => {
      const me = await context.queryClient.ensureQueryData(userDetailQuery);
      throw redirect({ to: "/leave/members/$id", params: { id: String(me.id) }, replace: true });
    },
  });
  const dashboard = createRoute({
    getParentRoute: () => layout,
    path: "members/$id",
    validateSearch: parseDashboardSearch,
    beforeLoad: async ({ context, params, search }) => {
      if (!/^[1-9]\d*$/.test(params.id)) {
        const me = await context.queryClient.ensureQueryData(userDetailQuery);
        throw redirect({ to: "/leave/members/$id", params: { id: String(me.id) }, search, replace: true });
      }
    },
  }).lazy(() => import("./dashboard/dashboard.route.tsx").then((m) => m.Route));
  const members = createRoute({ getParentRoute: () => layout, path: "members", validateSearch: parseMembersSearch })
    .lazy(() => import("./members/members.route.tsx").then((m) => m.Route));
  const application = createRoute({ getParentRoute: () => layout, path: "application", validateSearch: parseApplicationSearch })
    .lazy(() => import("./application/application.route.tsx").then((m) => m.Route));
  const pending = createRoute({ getParentRoute: () => layout, path: "pending" })
    .lazy(() => import("./pending/pending.route.tsx").then((m) => m.Route));
  const untracked = createRoute({ getParentRoute: () => layout, path: "untracked", validateSearch: parsePageSearch })
    .lazy(() => import("./members/untracked.route.tsx").then((m) => m.Route));
  const setting = createRoute({ getParentRoute: () => layout, path: "setting" })
    .lazy(() => import("./settings/settings.route.tsx").then((m) => m.Route));
  return layout.addChildren([index, dashboard, members, application, pending, untracked, setting]);
}
