// The module islands the shell knows: each is a lazily loaded route tree. Later issues add mail, calendar,
// and the rest here; the side panel, apps menu and first-screen choice only offer modules that have one.
import type { ModuleType, ServiceConfig, UserInfo } from "@shared/users.ts";

export interface Island {
  module: ModuleType;
  /** Entry path of the module. */
  path: string;
  /** common:module.<key> */
  labelKey: string;
  icon: string;
}

export const ISLANDS: Island[] = [
  { module: "home", path: "/home", labelKey: "home", icon: "home" },
  { module: "mail", path: "/mail", labelKey: "mail", icon: "mail" },
  { module: "calendar", path: "/cal", labelKey: "calendar", icon: "calendar" },
  { module: "contact", path: "/contact", labelKey: "contact", icon: "contact" },
  { module: "customer", path: "/customer", labelKey: "customer", icon: "customer" },
  { module: "drive", path: "/drive", labelKey: "drive", icon: "drive" },
  { module: "resource", path: "/resource", labelKey: "resource", icon: "resource" },
  { module: "approval", path: "/approval", labelKey: "approval", icon: "approval" },
  { module: "leave", path: "/leave", labelKey: "leave", icon: "leave" },
  { module: "board", path: "/board", labelKey: "board", icon: "board" },
  { module: "wiki", path: "/wiki", labelKey: "wiki", icon: "wiki" },
  { module: "workflow", path: "/todo", labelKey: "workflow", icon: "todo" },
  { module: "flow", path: "/flow", labelKey: "flow", icon: "flow" },
];

/** Whether this installation has the module's screens (an island): settings for one that has none are not offered. */
export function isInstalled(module: ModuleType): boolean {
  return ISLANDS.some((i) => i.module === module);
}

export const ACCOUNT_HOME = "/account/info";

/** Where "the first-screen module" leads: the user's choice when it exists and is allowed, else mail, else the first allowed island, else account settings. */
export function firstScreenPath(me: Pick<UserInfo, "usedModules">, config?: Pick<ServiceConfig, "firstScreenModuleType">): string {
  const allowed = ISLANDS.filter((i) => me.usedModules.includes(i.module));
  const pick = allowed.find((i) => i.module === config?.firstScreenModuleType) ?? allowed.find((i) => i.module === "mail") ?? allowed[0];
  return pick?.path ?? ACCOUNT_HOME;
}
