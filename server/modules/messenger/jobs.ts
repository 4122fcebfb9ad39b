// The messenger's timed work (hourly): files uploaded but never sent are removed after a day; presence rows of
// instances that stopped without closing their sockets are removed once stale for an hour.
import type { AppDeps } from "../../lib/context.ts";
import type { Job } from "../../jobs/runner.ts";
import { purgeUnsentFiles } from "./files.ts";
import { purgeStalePresence } from "./presence.ts";

export function messengerJobs(deps: AppDeps): Job[] {
  return [
    { name: "messenger-unsent-files", intervalMs: 60 * 60_000, tick: () => purgeUnsentFiles(deps) },
    { name: "messenger-stale-presence", intervalMs: 60 * 60_000, tick: () => purgeStalePresence(deps) },
  ];
}
