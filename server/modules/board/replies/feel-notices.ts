// FEEL notices: a post's author hears of reactions at most once a minute (FEEL_NOTICE_INTERVAL_MS). A reaction
// by someone else marks the post pending (board_post_notices.feel_pending); right after it, the author is told
// when the last notice is a minute old; otherwise the reactions of that minute wait, grouped, for the job,
// which tells the author once the minute has passed. A claim clears feel_pending and stamps feel_noticed_at in
// one statement (rows locked, SKIP LOCKED), so of several instances only one tells.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { FEEL_NOTICE_INTERVAL_MS } from "../../../../shared/board/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { Job } from "../../../jobs/runner.ts";
import { sendBoardNotices } from "../realtime.ts";

export async function feelPending(db: DbOrTx, companyId: number, postId: number): Promise<void> {
  await db.execute(sql`
    insert into board_post_notices (post_id, company_id, feel_pending) values (${postId}, ${companyId}, true)
    on conflict (post_id) do update set feel_pending = true`);
}

/** Claims the pending posts (one, or all that are due) and tells their authors; answers how many. */
async function claimAndTell(deps: AppDeps, postId: number | null): Promise<number> {
  const now = deps.clock.now();
  const due = new Date(now.getTime() - FEEL_NOTICE_INTERVAL_MS).toISOString();
  const rows = await deps.db.execute<{ post_id: string; company_id: string; user_id: string; live: boolean }>(sql`
    with claimed as (
      select n.post_id from board_post_notices n
       where n.feel_pending and (n.feel_noticed_at is null or n.feel_noticed_at <= ${due}::timestamptz)
         ${postId === null ? sql`` : sql`and n.post_id = ${postId}`}
       order by n.post_id limit 500 for update skip locked
    )
    update board_post_notices n set feel_pending = false, feel_noticed_at = ${now.toISOString()}::timestamptz
      from claimed, board_posts p
     where n.post_id = claimed.post_id and p.id = n.post_id
    returning n.post_id, p.company_id, p.user_id, p.deleted_at is null as live`);
  for (const r of rows) {
    if (!r.live) continue;
    await sendBoardNotices(deps, Number(r.company_id), null, [{ userId: Number(r.user_id), kind: "FEEL", postId: Number(r.post_id) }]);
  }
  return rows.length;
}

/** Right after a reaction: the author is told now unless told within the last minute. Never throws. */
export async function tellAuthor(deps: AppDeps, postId: number): Promise<void> {
  try {
    await claimAndTell(deps, postId);
  } catch (e) {
    deps.log.error("board: a reaction notice failed", e);
  }
}

/** The job's pass: reactions that waited out the minute. */
export const flushFeelNotices = (deps: AppDeps) => claimAndTell(deps, null);

export function feelNoticeJob(deps: AppDeps): Job {
  return { name: "board-feel-notices", intervalMs: 20_000, tick: () => flushFeelNotices(deps) };
}
