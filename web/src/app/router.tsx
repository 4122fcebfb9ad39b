// Hash routes (000 §2). Public: /login, /signup, /404, the share link viewer, the secure mail page, the
// large-file download page, external sign-in return points. Everything else sits under the guarded app
// layout: no token → /login; user info loaded once; a module the user may not use → the first-screen module.
// Each module is an island: its route component, styles and strings load lazily.
import { createHashHistory, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Navigate, Outlet, redirect, type RouterHistory } from "@tanstack/react-router";
import type { QueryClient } from "@tanstack/react-query";
import type { ModuleType, UserInfo } from "@shared/users.ts";
import { keepReturnPath } from "../lib/return-path.ts";
import { hasSession } from "../lib/session.ts";
import { loadModuleErrorTexts } from "../lib/i18n.ts";
import { Snackbar } from "./feedback/snackbar.tsx";
import { ConfirmDialog } from "./feedback/confirm.tsx";
import { Splash } from "./feedback/splash.tsx";
import { NotFound } from "./NotFound.tsx";
import { firstScreenPath } from "./modules.ts";
import { serviceConfigQuery, userDetailQuery } from "./queries.ts";
import { calendarRouteTree } from "../modules/calendar/routes.ts";
import { contactRouteTree } from "../modules/contacts/routes.ts";
import { customerPopupRoute, customerRouteTree } from "../modules/customers/routes.ts";
import { driveRouteTree } from "../modules/drive/routes.ts";
import { resourceRouteTree } from "../modules/resource/routes.ts";
import { approvalPopupRoutes, approvalRouteTree } from "../modules/approval/routes.ts";
import { leaveRouteTree } from "../modules/leave/routes.ts";
import { homeRouteTree } from "../modules/home/routes.ts";
import { messengerLinkRoute } from "../modules/messenger/link-route.ts";
import { boardRouteTree } from "../modules/board/routes.ts";
import { wikiRouteTree } from "../modules/wiki/routes.ts";
import { todoRouteTree } from "../modules/todo/routes.ts";
import { flowPopupRoutes, flowRouteTree } from "../modules/flow/routes.ts";
import { boardPopupRoutes } from "../modules/board/write/popup-routes.ts";

export interface RouterContext {
  queryClient: QueryClient;
}

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** The module a route belongs to, checked against the user's used modules. */
    module?: ModuleType;
    /** The page sets its own document title (account settings, administration); others show the company's. */
    fixedTitle?: boolean;
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <Snackbar />
      <ConfirmDialog />
    </>
  ),
  // Unknown paths lead to /404 (000 §2).
  notFoundComponent: () => <Navigate to="/404" replace />,
});

async function firstScreen(qc: QueryClient) {
  const [me, config] = await Promise.all([qc.ensureQueryData(userDetailQuery), qc.ensureQueryData(serviceConfigQuery)]);
  return firstScreenPath(me, config);
}

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/login" });
  },
});

/** A signed-in visit to login or sign-up goes to the first-screen module. */
async function leaveIfSignedIn({ context }: { context: RouterContext }) {
  if (!hasSession()) return;
  let to: string;
  try {
    to = await firstScreen(context.queryClient);
  } catch {
    return; // the session was not usable: stay on the public page
  }
  throw redirect({ to });
}

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  beforeLoad: leaveIfSignedIn,
  pendingComponent: Splash,
}).lazy(() => import("../modules/auth/login.route.tsx").then((m) => m.Route));

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/signup",
  beforeLoad: leaveIfSignedIn,
  pendingComponent: Splash,
}).lazy(() => import("../modules/auth/signup.route.tsx").then((m) => m.Route));

// The public share link viewer (000 §2): no sign-in needed; COMPANY links use the session when there is one.
const linkViewerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/link/viewer/$params",
  pendingComponent: Splash,
}).lazy(() => import("../modules/share-viewer/viewer.route.tsx").then((m) => m.Route));

// The page a secure mail's notice links to (server/modules/mail/compose/secure.ts builds the link): public,
// the same for a signed-in visitor, and outside the mail layout (its static "secure" outranks $folderId).
const mailSecureRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/mail/secure/$token",
  loader: loadModuleErrorTexts,
  pendingComponent: Splash,
}).lazy(() => import("../modules/mail/secure.route.tsx").then((m) => m.Route));

// The download page of a large attachment sent behind a password (the company's isLargeAttPw; the link is
// built in server/modules/mail/compose/assemble.ts): public, like the secure mail page.
const mailLargeFileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/mail/large/$token",
  loader: loadModuleErrorTexts,
  pendingComponent: Splash,
}).lazy(() => import("../modules/mail/large.route.tsx").then((m) => m.Route));

const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: "/404", component: NotFound });

/** The guard of every signed-in page: a session, the user info (loaded once), the module allowed. */
async function signedIn(context: RouterContext, matches: { staticData?: { module?: ModuleType } }[], href: string): Promise<{ me: UserInfo }> {
  if (!hasSession()) {
    keepReturnPath(href); // sign-in comes back here (lib/return-path.ts)
    throw redirect({ to: "/login" });
  }
  // The modules' own error texts come with the signed-in app (lib/error-namespaces.ts).
  const [me] = await Promise.all([context.queryClient.ensureQueryData(userDetailQuery), loadModuleErrorTexts()]);
  const module = matches.map((m) => m.staticData?.module).find(Boolean);
  if (module && !me.usedModules.includes(module)) throw redirect({ to: await firstScreen(context.queryClient) });
  return { me };
}

export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "app",
  beforeLoad: ({ context, matches, location }) => signedIn(context, matches, location.href),
  // The shell is an island of its own, so the public pages never load it.
  component: lazyRouteComponent(() => import("./shell/Shell.tsx"), "Shell"),
  pendingComponent: Splash,
});

const accountIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/account",
  beforeLoad: () => {
    throw redirect({ to: "/account/$tabType", params: { tabType: "info" } });
  },
});

export const ACCOUNT_TABS = ["info", "security", "account_history", "account", "service", "notifications"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const accountRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/account/$tabType",
  staticData: { titleKey: "common:module.account", fixedTitle: true },
  validateSearch: (s: Record<string, unknown>): { goQuota?: boolean } => (s.goQuota ? { goQuota: true } : {}),
  beforeLoad: ({ params }) => {
    if (!(ACCOUNT_TABS as readonly string[]).includes(params.tabType)) {
      throw redirect({ to: "/account/$tabType", params: { tabType: "info" } });
    }
  },
  pendingComponent: Splash,
}).lazy(() => import("../modules/account/account.route.tsx").then((m) => m.Route));

// The search across modules (issue 32): /search?q=, the top bar's search where a module has none of its own.
const searchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/search",
  staticData: { titleKey: "common:shell.search" },
  validateSearch: (s: Record<string, unknown>): { q?: string } => (typeof s.q === "string" || typeof s.q === "number" ? { q: String(s.q) } : {}),
  pendingComponent: Splash,
}).lazy(() => import("./search/search.route.tsx").then((m) => m.Route));

// Administration (ROLE_ADMIN only): users, organisations, company settings, in the same app and session.
export const ADMIN_SECTIONS = ["users", "organizations", "company", "announcements", "mail-senders", "external-services", "resources", "approval", "assistant", "home"] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
const adminIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin",
  beforeLoad: () => {
    throw redirect({ to: "/admin/$section", params: { section: "users" } });
  },
});
export const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/admin/$section",
  staticData: { titleKey: "common:shell.admin", fixedTitle: true },
  beforeLoad: async ({ context, params }) => {
    if ((await context.queryClient.ensureQueryData(userDetailQuery)).ROLE !== "ROLE_ADMIN") throw redirect({ to: "/404" });
    if (!(ADMIN_SECTIONS as readonly string[]).includes(params.section)) {
      throw redirect({ to: "/admin/$section", params: { section: "users" } });
    }
  },
  pendingComponent: Splash,
}).lazy(() => import("../modules/admin/admin.route.tsx").then((m) => m.Route));

// Mail (000 §2): `mail` resolves to the first-screen folder; list, view, write sit in the mail layout beside the
// folder tree; the popups (read, write, original) are signed-in pages without the shell.
const mailLayoutRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/mail",
  staticData: { module: "mail", titleKey: "common:module.mail", settingsPath: "/mail/config", ownSearch: true },
  pendingComponent: Splash,
}).lazy(() => import("../modules/mail/mail.route.tsx").then((m) => m.Route));
const mailIndexRoute = createRoute({
  getParentRoute: () => mailLayoutRoute,
  path: "/",
  beforeLoad: async ({ context }) => {
    const { firstMailFolder } = await import("../modules/mail/queries.ts");
    const folderId = await firstMailFolder(context.queryClient);
    throw redirect({ to: "/mail/$folderId/$page", params: { folderId, page: "1" }, replace: true });
  },
});
const mailListRoute = createRoute({ getParentRoute: () => mailLayoutRoute, path: "$folderId/$page" })
  .lazy(() => import("../modules/mail/list.route.tsx").then((m) => m.ListRoute));
const mailListActionRoute = createRoute({ getParentRoute: () => mailLayoutRoute, path: "$folderId/$page/$actionObj" })
  .lazy(() => import("../modules/mail/list.route.tsx").then((m) => m.ListActionRoute));
const mailViewRoute = createRoute({ getParentRoute: () => mailLayoutRoute, path: "view/$folderId/$page/$actionObj" })
  .lazy(() => import("../modules/mail/view.route.tsx").then((m) => m.Route));
const mailWriteRoute = createRoute({ getParentRoute: () => mailLayoutRoute, path: "write/$folderId/$page/$actionObj" })
  .lazy(() => import("../modules/mail/write.route.tsx").then((m) => m.Route));

const mailConfigRoute = createRoute({ getParentRoute: () => mailLayoutRoute, path: "config/$folderId/$page/$tabId" })
  .lazy(() => import("../modules/mail/config.route.tsx").then((m) => m.Route));
// The top bar's settings icon: mail settings, coming back to the first-screen folder.
const mailConfigIndexRoute = createRoute({
  getParentRoute: () => mailLayoutRoute,
  path: "config",
  beforeLoad: async ({ context }) => {
    const { firstMailFolder } = await import("../modules/mail/queries.ts");
    const folderId = await firstMailFolder(context.queryClient);
    throw redirect({ to: "/mail/config/$folderId/$page/$tabId", params: { folderId, page: "1", tabId: "list" }, replace: true });
  },
});

export const popupRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "popup",
  beforeLoad: ({ context, matches, location }) => signedIn(context, matches, location.href),
  pendingComponent: Splash,
});
const mailPopup = { module: "mail" as const, titleKey: "common:module.mail" };
const mailViewPopupRoute = createRoute({ getParentRoute: () => popupRoute, path: "/mail/view/popup/$json", staticData: mailPopup })
  .lazy(() => import("../modules/mail/popup.route.tsx").then((m) => m.ViewPopupRoute));
const mailWritePopupRoute = createRoute({ getParentRoute: () => popupRoute, path: "/mail/write/popup/$json", staticData: mailPopup })
  .lazy(() => import("../modules/mail/popup.route.tsx").then((m) => m.WritePopupRoute));
const mailOriginalRoute = createRoute({ getParentRoute: () => popupRoute, path: "/mail/view/original/$actionObj", staticData: mailPopup })
  .lazy(() => import("../modules/mail/popup.route.tsx").then((m) => m.OriginalRoute));

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  signupRoute,
  linkViewerRoute,
  mailSecureRoute,
  mailLargeFileRoute,
  notFoundRoute,
  appRoute.addChildren([
    accountIndexRoute, accountRoute, adminIndexRoute, adminRoute, searchRoute,
    messengerLinkRoute(appRoute, firstScreen, () => appHistory!),
    mailLayoutRoute.addChildren([mailIndexRoute, mailListRoute, mailListActionRoute, mailViewRoute, mailWriteRoute, mailConfigRoute, mailConfigIndexRoute]),
    homeRouteTree(appRoute),
    calendarRouteTree(appRoute),
    ...contactRouteTree(appRoute),
    ...customerRouteTree(appRoute),
    driveRouteTree(appRoute),
    resourceRouteTree(appRoute),
    approvalRouteTree(appRoute),
    leaveRouteTree(appRoute),
    boardRouteTree(appRoute),
    wikiRouteTree(appRoute),
    todoRouteTree(appRoute),
    flowRouteTree(appRoute),
  ]),
  popupRoute.addChildren([mailViewPopupRoute, mailWritePopupRoute, mailOriginalRoute, customerPopupRoute(popupRoute), ...approvalPopupRoutes(popupRoute), ...boardPopupRoutes(popupRoute), ...flowPopupRoutes(popupRoute)]),
]);

/** The app router's history (the messenger's links go back in it). */
let appHistory: RouterHistory | null = null;

export function createAppRouter(queryClient: QueryClient) {
  appHistory = createHashHistory();
  return createRouter({
    routeTree,
    history: appHistory,
    context: { queryClient },
    defaultPreload: "intent",
    defaultPendingMs: 150,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
