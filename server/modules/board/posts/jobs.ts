// The posts' timed work (registered in ../jobs.ts): uploads no post or reply claimed within UNCLAIMED_FILE_MS
// are removed, and posts in trash longer than their company's deletedPostMaxDuration days (board company
// config, 7 by default) are removed for good with their replies, reactions and files. Rows are claimed with
// FOR UPDATE SKIP LOCKED, so any number of instances may run them; the blob collector then removes bytes no
// row names, and the quota triggers give the uploaders their space back.
import { sql } from "drizzle-orm";
import { UNCLAIMED_FILE_MS } from "../../../../shared/board/constants.ts";
import { boardCompanyConfig } from "../../../../shared/company.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { Job } from "../../../jobs/runner.ts";

const BATCH = 500;
const DEFAULT_TRASH_DAYS = boardCompanyConfig.parse({}).deletedPostMaxDuration;

/** Removes uploads nobody claimed within UNCLAIMED_FILE_MS; answers how many. */
export async function sweepUnclaimedFiles(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UNCLAIMED_FILE_MS).toISOString();
  let total = 0;
  for (;;) {
    const rows = await deps.db.execute<{ id: string }>(sql`
      delete from board_files where id in (
        select id from board_files where post_id is null and reply_id is null and created_at < ${cutoff}::timestamptz
         limit ${BATCH} for update skip locked)
      returning id`);
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** Removes for good the posts past their company's time in trash; answers how many. */
export async function purgeTrash(deps: AppDeps): Promise<number> {
  const now = deps.clock.now().toISOString();
  let total = 0;
  for (;;) {
    const rows = await deps.db.execute<{ id: string }>(sql`
      delete from board_posts where id in (
        select p.id from board_posts p
          left join company_configs cc on cc.company_id = p.company_id and cc.module = 'board'
         where p.deleted_at is not null
           and p.deleted_at < ${now}::timestamptz
                 - make_interval(days => coalesce((cc.config->>'deletedPostMaxDuration')::int, ${DEFAULT_TRASH_DAYS}))
         limit ${BATCH} for update of p skip locked)
      returning id`);
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

export function postJobs(deps: AppDeps): Job[] {
  return [
    { name: "board-unclaimed-files", intervalMs: 60 * 60_000, tick: async () => void await sweepUnclaimedFiles(deps) },
    { name: "board-trash-purge", intervalMs: 60 * 60_000, tick: async () => void await purgeTrash(deps) },
  ];
}
