// The HOME_CHANGED notice to the caller's other tabs and devices (the modules the caller uses:
// company/service.ts usedModules).
import { HOME_CHANGED, homeTopic } from "../../../shared/home/api.ts";
import type { Caller } from "../../lib/context.ts";

export async function announce(caller: Caller, part: "widgets" | "bookmarks" | "notepad"): Promise<void> {
  await caller.deps.realtime.publish(homeTopic(caller.auth.username), HOME_CHANGED, { part });
}
