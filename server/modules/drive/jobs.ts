// Timed work of the drive: items in the trash for more than TRASH_DAYS (001 §4: 7 days) are deleted for good
// (trash/service.ts purgeTrash, rows claimed with FOR UPDATE SKIP LOCKED so any number of instances may run
// it), and the content of new text, PDF and Office files is extracted for the search (search/extract-job.ts).
import { TRASH_DAYS } from "../../../shared/drive/constants.ts";
import type { AppDeps } from "../../lib/context.ts";
import type { Job } from "../../jobs/runner.ts";
import { extractPending } from "./search/extract-job.ts";
import { purgeTrash } from "./trash/service.ts";

export function driveJobs(deps: AppDeps): Job[] {
  return [
    { name: "drive-trash-purge", intervalMs: 60 * 60_000, tick: async () => void await purgeTrash(deps, TRASH_DAYS) },
    { name: "drive-content-extract", intervalMs: 15_000, tick: async () => void await extractPending(deps) },
  ];
}
