// The drive's route tree (001 §2 "Drive"), added under the app layout by web/src/app/router.tsx:
//   /drive                                          the entry: resolves the user's default folder, then its list
//   /drive/{folderId}/{page}[/{actionObj}]          a folder, or recent / important / share / search by name
//   /drive/share/{page}[/{actionObj}]               what the user has shared
//   /drive/shared[/{folderId}/{page}[/{actionObj}]] shared with the user (bare: -3)
//   /drive/external/...                             the external drive (web/src/modules/drive/external/)
// A non-numeric folder id, or a folder that cannot be fetched or is not a root or directory, goes to the drive
// home; a bad page becomes 1. The screens load lazily (drive.route.tsx, list.route.tsx). The router chunk
// imports this file: no zod, no queries at load (they come with a dynamic import).
import { createRoute, redirect } from "@tanstack/react-router";
import { folderIdOf, GOOGLE_FOLDER_ID, SPECIAL_FOLDERS } from "@shared/drive/constants.ts";
import type { appRoute as AppRoute } from "../../app/router.tsx";
import type { RouterContext } from "../../app/router.tsx";
import { parseAction, parsePage } from "./params.ts";
import { externalDriveRoutes } from "./external/routes.ts";

const home = () => redirect({ to: "/drive", replace: true });

/** A real folder the caller may open (GET {id}): a root or a directory; anything else goes home. */
async function checkFolder(context: RouterContext, id: number) {
  const { itemQuery, FOLDER_LIKE } = await import("./queries.ts");
  const folder = await context.queryClient.ensureQueryData(itemQuery(id)).catch(() => null);
  if (!folder || !FOLDER_LIKE.has(folder.fileType)) throw home();
}

export function driveRouteTree(appRoute: typeof AppRoute) {
  const staticData = { module: "drive" as const, titleKey: "common:module.drive" };
  const layout = createRoute({ getParentRoute: () => appRoute, path: "/drive", staticData })
    .lazy(() => import("./drive.route.tsx").then((m) => m.Route));
  const index = createRoute({
    getParentRoute: () => layout,
    path: "/",
    beforeLoad: async ({ context }) => {
      const { defaultQuery } = await import("./queries.ts");
      const folder = await context.queryClient.ensureQueryData(defaultQuery);
      throw redirect({ to: "/drive/$folderId/$page", params: { folderId: String(folder.id), page: "1" }, replace: true });
    },
  });

  const pageFix = (params: Record<string, string>, base: string) => {
    const page = String(parsePage(params.page));
    if (page === params.page) return;
    const actionObj = params.actionObj;
    throw redirect({ to: (actionObj === undefined ? base : `${base}/$actionObj`) as "/drive", params: { ...params, page } as never, replace: true });
  };

  const checkOwn = async ({ params, context }: { params: Record<string, string>; context: RouterContext }) => {
    const id = folderIdOf(params.folderId);
    if (id === null || id === GOOGLE_FOLDER_ID || id === 0 || id < SPECIAL_FOLDERS.search) throw home();
    if (id === SPECIAL_FOLDERS.search && !parseAction(params.actionObj).searchWord) throw home();
    if (id > 0) await checkFolder(context, id);
    pageFix(params, "/drive/$folderId/$page");
  };
  const folder = createRoute({ getParentRoute: () => layout, path: "$folderId/$page", beforeLoad: checkOwn })
    .lazy(() => import("./list.route.tsx").then((m) => m.FolderRoute));
  const folderAction = createRoute({ getParentRoute: () => layout, path: "$folderId/$page/$actionObj", beforeLoad: checkOwn })
    .lazy(() => import("./list.route.tsx").then((m) => m.FolderActionRoute));

  const checkShare = ({ params }: { params: Record<string, string> }) => pageFix(params, "/drive/share/$page");
  const share = createRoute({ getParentRoute: () => layout, path: "share/$page", beforeLoad: checkShare })
    .lazy(() => import("./list.route.tsx").then((m) => m.ShareRoute));
  const shareAction = createRoute({ getParentRoute: () => layout, path: "share/$page/$actionObj", beforeLoad: checkShare })
    .lazy(() => import("./list.route.tsx").then((m) => m.ShareActionRoute));

  const checkShared = async ({ params, context }: { params: Record<string, string>; context: RouterContext }) => {
    const id = /^-?\d{1,15}$/.test(params.folderId) ? Number(params.folderId) : null;
    if (id === null || (id <= 0 && id !== SPECIAL_FOLDERS.share)) throw home();
    if (id > 0) await checkFolder(context, id);
    pageFix(params, "/drive/shared/$folderId/$page");
  };
  const sharedBare = createRoute({
    getParentRoute: () => layout,
    path: "shared",
    beforeLoad: () => {
      throw redirect({ to: "/drive/shared/$folderId/$page", params: { folderId: String(SPECIAL_FOLDERS.share), page: "1" }, replace: true });
    },
  });
  const shared = createRoute({ getParentRoute: () => layout, path: "shared/$folderId/$page", beforeLoad: checkShared })
    .lazy(() => import("./list.route.tsx").then((m) => m.SharedRoute));
  const sharedAction = createRoute({ getParentRoute: () => layout, path: "shared/$folderId/$page/$actionObj", beforeLoad: checkShared })
    .lazy(() => import("./list.route.tsx").then((m) => m.SharedActionRoute));

  // The external drive's routes (web/src/modules/drive/external/routes.ts).
  const external = externalDriveRoutes(layout);

  return layout.addChildren([index, folder, folderAction, share, shareAction, sharedBare, shared, sharedAction, ...external]);
}
