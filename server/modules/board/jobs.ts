// The boards' timed work (server/jobs/index.ts registers these): each folder adds its jobs here.
import type { AppDeps } from "../../lib/context.ts";
import type { Job } from "../../jobs/runner.ts";
import { purgeDeletedBoards } from "./boards/lifecycle.ts";
import { postJobs } from "./posts/jobs.ts";
import { digestJob } from "./digest/job.ts";
import { feelNoticeJob } from "./replies/feel-notices.ts";

export function boardJobs(deps: AppDeps): Job[] {
  return [
    { name: "board-purge", intervalMs: 60 * 60_000, tick: () => purgeDeletedBoards(deps) }, // deleted boards past RESTORE_DAYS
    ...postJobs(deps), // posts/: unclaimed uploads after a day, posts past the company's days in trash
    feelNoticeJob(deps), // replies/: reactions told to the author once their minute has passed
    digestJob(deps), // digest/: the daily digest mails from 08:00 (Seoul)
  ];
}
