// The smart mailbox clean-up job (shared/mail/smart.ts): categorised mail that has been in SMART longer
// than SMART_TRASH_DAYS moves to its owner's trash (prevFolderId = SMART, category cleared), in batches
// claimed with FOR UPDATE SKIP LOCKED so several instances never move one twice. Folder counters follow
// by the mails triggers.
import { sql } from "drizzle-orm";
import { SMART_CLEANUP_BATCH, SMART_TRASH_DAYS } from "../../../../shared/mail/smart.ts";
import type { AppDeps } from "../../../lib/context.ts";

/** Moves every due mail; answers how many moved. */
export async function trashOldSmartMail(deps: AppDeps, batch = SMART_CLEANUP_BATCH): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - SMART_TRASH_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const moved = await deps.db.execute(sql`
      with due as (
        select m.id, m.folder_id, t.id as trash_id from mails m
        join mail_folders s on s.id = m.folder_id and s.folder_type = 'SMART'
        join mail_folders t on t.user_id = m.user_id and t.folder_type = 'DELETED'
        where m.category is not null and m.received_at < ${cutoff.toISOString()}::timestamptz
        order by m.received_at limit ${batch}
        for update of m skip locked)
      update mails set folder_id = due.trash_id, prev_folder_id = due.folder_id, category = null
      from due where mails.id = due.id
      returning mails.id`);
    const n = (moved as unknown as unknown[]).length;
    total += n;
    if (n < batch) return total;
  }
}
