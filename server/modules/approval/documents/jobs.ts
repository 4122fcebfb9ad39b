// Timed work of electronic approval: uploads no draft claimed within a day are removed (files.ts
// sweepUnclaimed; rows taken with FOR UPDATE SKIP LOCKED so any number of instances may run it; the blob
// collector then removes bytes no row names).
import type { AppDeps } from "../../../lib/context.ts";
import type { Job } from "../../../jobs/runner.ts";
import { sweepUnclaimed } from "./files.ts";

export function approvalJobs(deps: AppDeps): Job[] {
  return [{ name: "approval-unclaimed-files", intervalMs: 60 * 60_000, tick: async () => void await sweepUnclaimed(deps) }];
}
