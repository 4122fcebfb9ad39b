// The messenger's timed work: files uploaded but never sent are removed after a day (hourly).
import type { AppDeps } from "../../lib/context.ts";
import type { Job } from "../../jobs/runner.ts";
import { purgeUnsentFiles } from "./files.ts";

export function messengerJobs(deps: AppDeps): Job[] {
  return [{ name: "messenger-unsent-files", intervalMs: 60 * 60_000, tick: () => purgeUnsentFiles(deps) }];
}
