// The customer address book's route tree (001 §2), added by web/src/app/router.tsx:
//   /customer                                         the first group the user reads (entry)
//   /customer/list/{type}/{groupId}/{toggleType?}/{historyObj?}/{cardObj?}   a group's cards or history (params.ts)
//   /customer/config/{tabType}                        settings (tab "list" by default): deleted groups, book admins
//   /customer/print/{groupId}/{page}/{actionObj}      the print view
//   /customer/mail/{groupId}/{historyId}              popup: a mail kept in a history (under the app's popup route)
// Hidden, like every module, when the company has it off (useCustomer → usedModules "customer").
import { createRoute, redirect } from "@tanstack/react-router";
import type { appRoute as AppRoute, popupRoute as PopupRoute } from "../../app/router.tsx";
import { LIST_TYPES, parseGroupId } from "./params.ts";

const CONFIG_TABS = ["list"];

export function customerRouteTree(appRoute: typeof AppRoute) {
  const staticData = { module: "customer" as const, titleKey: "common:module.customer", settingsPath: "/customer/config/list" };
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/customer", staticData })
    .lazy(() => import("./customer.route.tsx").then((m) => m.Route));
  const index = createRoute({
    getParentRoute: () => layout,
    path: "/",
    beforeLoad: async ({ context }) => {
      const { treeQuery } = await import("./queries.ts");
      const tree = await context.queryClient.ensureQueryData(treeQuery).catch(() => []);
      throw redirect({
        to: "/customer/list/$type/$groupId/$toggleType/$historyObj",
        params: { type: "group", groupId: String(tree[0]?.id ?? 0), toggleType: "CARD", historyObj: "{}" },
        replace: true,
      });
    },
  });
  const check = ({ params }: { params: Record<string, string> }) => {
    if (!(LIST_TYPES as readonly string[]).includes(params.type) || parseGroupId(params.groupId) === null) {
      throw redirect({ to: "/customer", replace: true });
    }
  };
  const screen = () => import("./list.route.tsx").then((m) => m.ListRoute);
  const list = createRoute({ getParentRoute: () => layout, path: "list/$type/$groupId", beforeLoad: check }).lazy(screen);
  const list3 = createRoute({ getParentRoute: () => layout, path: "list/$type/$groupId/$toggleType", beforeLoad: check }).lazy(screen);
  const list4 = createRoute({ getParentRoute: () => layout, path: "list/$type/$groupId/$toggleType/$historyObj", beforeLoad: check }).lazy(screen);
  const list5 = createRoute({ getParentRoute: () => layout, path: "list/$type/$groupId/$toggleType/$historyObj/$cardObj", beforeLoad: check }).lazy(screen);
  const config = createRoute({
    getParentRoute: () => layout,
    path: "config/$tabType",
    beforeLoad: ({ params }) => {
      if (!CONFIG_TABS.includes(params.tabType)) throw redirect({ to: "/customer/config/$tabType", params: { tabType: "list" }, replace: true });
    },
  }).lazy(() => import("./config.route.tsx").then((m) => m.Route));
  const configIndex = createRoute({
    getParentRoute: () => layout,
    path: "config",
    beforeLoad: () => {
      throw redirect({ to: "/customer/config/$tabType", params: { tabType: "list" }, replace: true });
    },
  });
  const print = createRoute({ getParentRoute: () => appRoute, path: "/customer/print/$groupId/$page/$actionObj", staticData })
    .lazy(() => import("./print.route.tsx").then((m) => m.Route));
  return [layout.addChildren([index, list, list3, list4, list5, config, configIndex]), print] as const;
}

/** /customer/mail/{groupId}/{historyId}: the kept mail's popup, a signed-in page without the shell. */
export function customerPopupRoute(popupRoute: typeof PopupRoute) {
  return createRoute({
    getParentRoute: () => popupRoute,
    path: "/customer/mail/$groupId/$historyId",
    staticData: { module: "customer" as const, titleKey: "common:module.customer" },
  }).lazy(() => import("./mail.route.tsx").then((m) => m.Route));
}
