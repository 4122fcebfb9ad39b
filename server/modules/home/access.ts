// What the home services share: the modules the caller's account uses (as the user info answers them) and the
// HOME_CHANGED notice to the caller's other tabs and devices.
import { usedModulesOf } from "../../../shared/company.ts";
import { HOME_CHANGED, homeTopic } from "../../../shared/home/api.ts";
import type { ModuleType } from "../../../shared/users.ts";
import type { Caller } from "../../lib/context.ts";
import { companyInfo } from "../company/service.ts";

/** The caller's usedModules (server/modules/users/service.ts userInfo answers the same). */
export async function usedModules(caller: Caller): Promise<Set<ModuleType>> {
  return new Set(usedModulesOf(await companyInfo(caller.deps, caller.auth.companyId)));
}

export async function announce(caller: Caller, part: "widgets" | "bookmarks" | "notepad"): Promise<void> {
  await caller.deps.realtime.publish(homeTopic(caller.auth.username), HOME_CHANGED, { part });
}
