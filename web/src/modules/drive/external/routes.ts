// The external drive's routes (001 §2), added under the drive's layout by web/src/modules/drive/routes.ts:
//   /drive/external/{externalType}                       the connect screen; with a token: the my tab
//   /drive/external/{externalType}/{tabId}               my | shared (another tab id: my)
//   /drive/external/{externalType}/{tabId}/{folderId}    a folder (one that cannot be fetched or is not a
//                                                        folder: the drive home)
//   /drive/external/{externalType}/search/{actionObj}    a search (actionObj: JSON of ExternalSearch)
// A type the company has not enabled (useGoogleDrive; the token call's 404) goes to the drive home; the list
// routes without a stored token go to the connect screen. Zod-free: the router chunk imports this file; the
// queries come with a dynamic import.
import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { EXTERNAL_CATEGORIES, EXTERNAL_DRIVE_TYPES, EXTERNAL_TABS, type ExternalDriveType, type ExternalSearch } from "@shared/drive/external.ts";
import { SEARCH_MIN_LENGTH } from "@shared/drive/constants.ts";
import type { RouterContext } from "../../../app/router.tsx";

const home = () => redirect({ to: "/drive", replace: true });
const connectPath = "/drive/external/$externalType" as "/drive";
const tabPath = "/drive/external/$externalType/$tabId" as "/drive";
export const EXTERNAL_PATHS = {
  connect: connectPath,
  tab: tabPath,
  folder: "/drive/external/$externalType/$tabId/$folderId" as "/drive",
  search: "/drive/external/$externalType/search/$actionObj" as "/drive",
};

/** The actionObj of a search route, or null when it is not one (bad JSON, no filter, a term under 2 characters). */
export function parseSearch(text: string | undefined): ExternalSearch | null {
  let v: unknown;
  try {
    v = JSON.parse(text ?? "");
  } catch {
    return null;
  }
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  const out: ExternalSearch = {};
  const term = (x: unknown) => (typeof x === "string" && x.trim().length >= SEARCH_MIN_LENGTH ? x.trim().slice(0, 200) : undefined);
  const day = (x: unknown) => (typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x) ? x : undefined);
  if (term(o.name)) out.name = term(o.name);
  if (term(o.fullText)) out.fullText = term(o.fullText);
  if (typeof o.category === "string" && (EXTERNAL_CATEGORIES as readonly string[]).includes(o.category)) out.category = o.category as ExternalSearch["category"];
  if (day(o.from)) out.from = day(o.from);
  if (day(o.to)) out.to = day(o.to);
  if (out.from && out.to && out.from > out.to) return null;
  return Object.keys(out).length ? out : null;
}

async function tokenOf(context: RouterContext, type: string) {
  if (!(EXTERNAL_DRIVE_TYPES as readonly string[]).includes(type)) throw home();
  const { tokenQuery } = await import("./api.ts");
  const token = await context.queryClient.fetchQuery(tokenQuery(type as ExternalDriveType)).catch(() => null);
  if (!token) throw home();
  return token;
}

/** The list routes: enabled and connected, else the connect screen. */
async function connected(context: RouterContext, type: string) {
  const token = await tokenOf(context, type);
  if (!token.connected) throw redirect({ to: connectPath, params: { externalType: type } as never, replace: true });
}

// deno-lint-ignore no-explicit-any -- the drive's layout route, whatever its exact type
export function externalDriveRoutes(layout: any) {
  const connect = createRoute({
    getParentRoute: () => layout,
    path: "external/$externalType",
    beforeLoad: async ({ params, context }) => {
      const { externalType } = params as { externalType: string };
      const token = await tokenOf(context as RouterContext, externalType);
      if (token.connected) throw redirect({ to: tabPath, params: { externalType, tabId: "my" } as never, replace: true });
    },
    component: lazyRouteComponent(() => import("./external.route.tsx"), "ExternalConnect"),
  });
  const search = createRoute({
    getParentRoute: () => layout,
    path: "external/$externalType/search/$actionObj",
    beforeLoad: async ({ params, context }) => {
      const { externalType, actionObj } = params as { externalType: string; actionObj: string };
      await connected(context as RouterContext, externalType);
      if (!parseSearch(actionObj)) throw redirect({ to: tabPath, params: { externalType, tabId: "my" } as never, replace: true });
    },
    component: lazyRouteComponent(() => import("./external.route.tsx"), "ExternalList"),
  });
  const tab = createRoute({
    getParentRoute: () => layout,
    path: "external/$externalType/$tabId",
    beforeLoad: async ({ params, context }) => {
      const { externalType, tabId } = params as { externalType: string; tabId: string };
      await connected(context as RouterContext, externalType);
      if (!(EXTERNAL_TABS as readonly string[]).includes(tabId)) throw redirect({ to: tabPath, params: { externalType, tabId: "my" } as never, replace: true });
    },
    component: lazyRouteComponent(() => import("./external.route.tsx"), "ExternalList"),
  });
  const folder = createRoute({
    getParentRoute: () => layout,
    path: "external/$externalType/$tabId/$folderId",
    beforeLoad: async ({ params, context }) => {
      const { externalType, tabId, folderId } = params as { externalType: string; tabId: string; folderId: string };
      await connected(context as RouterContext, externalType);
      if (!(EXTERNAL_TABS as readonly string[]).includes(tabId) || !/^[\w-]{1,200}$/.test(folderId)) throw home();
      const { filesQuery } = await import("./api.ts");
      const { ApiError } = await import("../../../lib/api.ts");
      try {
        await (context as RouterContext).queryClient.ensureInfiniteQueryData(filesQuery({ tab: tabId as "my", folderId }));
      } catch (e) {
        // Not a folder, gone, or not the user's to see: the drive home (001 §2). Google failing: the list says so.
        if (e instanceof ApiError && e.status === 404) throw home();
      }
    },
    component: lazyRouteComponent(() => import("./external.route.tsx"), "ExternalList"),
  });
  return [connect, search, tab, folder];
}
