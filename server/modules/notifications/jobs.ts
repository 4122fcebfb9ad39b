// The bell's timed work: notifications older than RETENTION_DAYS are removed once a day.
import type { AppDeps } from "../../lib/context.ts";
import type { Job } from "../../jobs/runner.ts";
import { purgeOld } from "./service.ts";

export function notificationJobs(deps: AppDeps): Job[] {
  return [{ name: "notifications-purge", intervalMs: 24 * 60 * 60_000, tick: () => purgeOld(deps) }];
}
