// The wiki's timed work (server/jobs/index.ts registers these): each folder adds its jobs here.
import type { AppDeps } from "../../lib/context.ts";
import type { Job } from "../../jobs/runner.ts";

export function wikiJobs(_deps: AppDeps): Job[] {
  return [];
}
