// The personal approval settings (002 §2 "config (redirects to config/preset)"), mounted under the approval
// layout by web/src/modules/approval/routes.ts:
//   config          → config/preset
//   config/preset   saved approval lines (list, rename, edit, delete, bulk delete)
//   config/deputy   the deputy (대결) while the user is away
// Zod-free; the screens load lazily.
import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";

// deno-lint-ignore no-explicit-any -- the approval layout route, whatever its exact type
export function settingsRoutes(parent: any) {
  const config = createRoute({
    getParentRoute: () => parent,
    path: "config",
    beforeLoad: () => {
      throw redirect({ to: "/approval/config/preset" as "/", replace: true });
    },
  });
  const preset = createRoute({
    getParentRoute: () => parent,
    path: "config/preset",
    component: lazyRouteComponent(() => import("./PresetsPage.tsx"), "PresetsPage"),
  });
  const deputy = createRoute({
    getParentRoute: () => parent,
    path: "config/deputy",
    component: lazyRouteComponent(() => import("./DeputyPage.tsx"), "DeputyPage"),
  });
  return [config, preset, deputy];
}
