// The approval island's route tree (002 §2 "Approval"), added under the app layout by web/src/app/router.tsx:
//   /approval                                   → the approval home
//   /approval/home                              approval_home: counts, to approve, recent drafts, recent forms
//   /approval/config                            → config/preset (settings: web/src/modules/approval/settings/)
//   /approval/not-allowed, /approval/not-found  the targets of a 403 and a 404 on a document
//   /approval/doc/list/{boxKey}?page&size&…     approval_document_list: a box with its filters in the query
//   /approval/doc/list/{boxKey}/{docId}         a document in a box (…/edit: the drafting part's EDIT)
//   /approval/doc/preview/{docId}               approval_document_preview (reference documents, the ledger)
//   /approval/doc/print/{docId}                 the print view, without the shell (approvalPopupRoutes)
//   draft/*, form/select                        drafting (web/src/modules/approval/draft/routes.ts)
// An unknown box key goes home. The screens load lazily; this file imports no zod and no queries at load.
import { createRoute, redirect } from "@tanstack/react-router";
import type { appRoute as AppRoute, popupRoute as PopupRoute } from "../../app/router.tsx";
import { isBoxKey, parseBoxSearch } from "./paths.ts";
import { draftRoutes } from "./draft/routes.ts";
import { settingsRoutes } from "./settings/routes.ts";

const home = () => redirect({ to: "/approval/home", replace: true });
const staticData = { module: "approval" as const, titleKey: "common:module.approval", settingsPath: "/approval/config" };

export function approvalRouteTree(appRoute: typeof AppRoute) {
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/approval", staticData })
    .lazy(() => import("./approval.route.tsx").then((m) => m.Route));
  const index = createRoute({ getParentRoute: () => layout, path: "/", beforeLoad: () => { throw home(); } });
  const homeRoute = createRoute({ getParentRoute: () => layout, path: "home" })
    .lazy(() => import("./home/home.route.tsx").then((m) => m.Route));
  const notAllowed = createRoute({ getParentRoute: () => layout, path: "not-allowed" })
    .lazy(() => import("./status/status.route.tsx").then((m) => m.NotAllowedRoute));
  const notFound = createRoute({ getParentRoute: () => layout, path: "not-found" })
    .lazy(() => import("./status/status.route.tsx").then((m) => m.NotFoundRoute));
  const list = createRoute({
    getParentRoute: () => layout,
    path: "doc/list/$boxKey",
    validateSearch: parseBoxSearch,
    beforeLoad: ({ params }) => {
      if (!isBoxKey(params.boxKey)) throw home();
    },
  }).lazy(() => import("./list/list.route.tsx").then((m) => m.Route));
  const document = createRoute({
    getParentRoute: () => layout,
    path: "doc/list/$boxKey/$docId",
    beforeLoad: ({ params }) => {
      if (!isBoxKey(params.boxKey)) throw home();
    },
  }).lazy(() => import("./document/document.route.tsx").then((m) => m.BoxDocumentRoute));
  const preview = createRoute({ getParentRoute: () => layout, path: "doc/preview/$docId" })
    .lazy(() => import("./document/document.route.tsx").then((m) => m.PreviewRoute));

  return layout.addChildren([index, homeRoute, notAllowed, notFound, list, document, preview, ...draftRoutes(layout), ...settingsRoutes(layout)]);
}

/** The print view: a signed-in page without the shell. */
export function approvalPopupRoutes(popupRoute: typeof PopupRoute) {
  return [
    createRoute({ getParentRoute: () => popupRoute, path: "/approval/doc/print/$docId", staticData })
      .lazy(() => import("./print/print.route.tsx").then((m) => m.Route)),
  ];
}
