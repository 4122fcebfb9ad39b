// The boards' timed work (server/jobs/index.ts registers these): each folder adds its jobs here.
import type { AppDeps } from "../../lib/context.ts";
import type { Job } from "../../jobs/runner.ts";

export function boardJobs(_deps: AppDeps): Job[] {
  return [];
}
