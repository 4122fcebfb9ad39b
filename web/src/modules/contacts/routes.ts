// The address book's route tree (001 §2), added under the app layout by web/src/app/router.tsx:
//   /contact                                         the user's first page (contact config firstPage)
//   /contact/list/{contactGroupId}/{page}[/{actionObj}]  the card list of a group
//   /contact/config/{tabType}                        settings (tab "list" by default)
//   /contact/print/{contactGroupId}/{page}/{actionObj}   the print view
// An invalid group id goes to `contact`; a bad page becomes 1. The screens load lazily (contact.route.tsx).
import { createRoute, redirect } from "@tanstack/react-router";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import { isGroupParam, parseAction, parsePage } from "./params.ts";

const CONFIG_TABS = ["list"];

export function contactRouteTree(appRoute: typeof AppRoute) {
  const staticData = { module: "contact" as const, titleKey: "common:module.contact", settingsPath: "/contact/config/list" };
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/contact", staticData })
    .lazy(() => import("./contact.route.tsx").then((m) => m.Route));
  const index = createRoute({
    getParentRoute: () => layout,
    path: "/",
    beforeLoad: async ({ context }) => {
      const { firstGroup } = await import("./queries.ts");
      const groupId = await firstGroup(context.queryClient);
      throw redirect({ to: "/contact/list/$groupId/$page", params: { groupId, page: "1" }, replace: true });
    },
  });
  const check = ({ params }: { params: Record<string, string> }) => {
    if (!isGroupParam(params.groupId)) throw redirect({ to: "/contact", replace: true });
    const page = String(parsePage(params.page));
    const action = parseAction(params.actionObj);
    if (params.groupId === "search" && !action.searchWord) {
      throw redirect({ to: "/contact/list/$groupId/$page", params: { groupId: "all", page: "1" }, replace: true });
    }
    if (page !== params.page) {
      throw redirect(
        params.actionObj === undefined
          ? { to: "/contact/list/$groupId/$page", params: { groupId: params.groupId, page }, replace: true }
          : { to: "/contact/list/$groupId/$page/$actionObj", params: { groupId: params.groupId, page, actionObj: params.actionObj }, replace: true },
      );
    }
  };
  const list = createRoute({ getParentRoute: () => layout, path: "list/$groupId/$page", beforeLoad: check })
    .lazy(() => import("./list.route.tsx").then((m) => m.ListRoute));
  const listAction = createRoute({ getParentRoute: () => layout, path: "list/$groupId/$page/$actionObj", beforeLoad: check })
    .lazy(() => import("./list.route.tsx").then((m) => m.ListActionRoute));
  const config = createRoute({
    getParentRoute: () => layout,
    path: "config/$tabType",
    beforeLoad: ({ params }) => {
      if (!CONFIG_TABS.includes(params.tabType)) throw redirect({ to: "/contact/config/$tabType", params: { tabType: "list" }, replace: true });
    },
  }).lazy(() => import("./config/config.route.tsx").then((m) => m.Route));
  const configIndex = createRoute({
    getParentRoute: () => layout,
    path: "config",
    beforeLoad: () => {
      throw redirect({ to: "/contact/config/$tabType", params: { tabType: "list" }, replace: true });
    },
  });
  const print = createRoute({
    getParentRoute: () => appRoute,
    path: "/contact/print/$groupId/$page/$actionObj",
    staticData,
    beforeLoad: ({ params }) => {
      if (!isGroupParam(params.groupId)) throw redirect({ to: "/contact", replace: true });
    },
  }).lazy(() => import("./print/print.route.tsx").then((m) => m.Route));
  return [layout.addChildren([index, list, listAction, config, configIndex]), print] as const;
}
