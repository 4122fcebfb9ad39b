// The popup editor (/board/write/popup/{actionObj}), a signed-in page without the shell, added under the
// popup route by web/src/app/router.tsx. open.ts opens it (about 900 × 800).
import { createRoute } from "@tanstack/react-router";

const staticData = { module: "board" as const, titleKey: "common:module.board" };

// deno-lint-ignore no-explicit-any -- the parent route, whatever its exact type
export function boardPopupRoutes(popupRoute: any) {
  return [
    createRoute({ getParentRoute: () => popupRoute, path: "/board/write/popup/$actionObj", staticData })
      .lazy(() => import("./popup.route.tsx").then((m) => m.Route)),
  ];
}
