// The daily digest (board_user_configs.digest): from DIGEST_HOUR (Asia/Seoul) each day, every person who asked
// for it and has not had that day's digest gets one mail of what happened since their last one (collect.ts);
// nothing is sent when nothing happened. A pass claims people in batches (FOR UPDATE SKIP LOCKED) and moves
// their last_digest_at to now in the same statement, so any number of instances share the work and nobody
// gets two; a mail that fails is logged and not sent again (the next digest starts from this one). A person
// who has just turned the digest on (no last_digest_at yet) is only stamped: their first digest tells what
// happened from then on, at the next DIGEST_HOUR.
import { sql } from "drizzle-orm";
import { DIGEST_HOUR } from "../../../../shared/board/constants.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { Job } from "../../../jobs/runner.ts";
import { collectDigest, isEmpty } from "./collect.ts";
import { digestMail } from "./mail.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SEOUL_OFFSET = 9 * HOUR;
const BATCH = 50;

/** The latest DIGEST_HOUR:00 in Seoul at or before `now`: a digest older than it is due. */
export function digestBoundary(now: Date): Date {
  const local = now.getTime() + SEOUL_OFFSET;
  let at = Math.floor(local / DAY) * DAY + DIGEST_HOUR * HOUR - SEOUL_OFFSET;
  if (at > now.getTime()) at -= DAY;
  return new Date(at);
}

interface Claimed extends Record<string, unknown> {
  user_id: string;
  company_id: string;
  role: string;
  username: string;
  name: string;
  language_type: string;
  since_ms: string | null;
}

async function claim(deps: AppDeps, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  return await deps.db.execute<Claimed>(sql`
    with due as (
      select c.user_id, c.last_digest_at from board_user_configs c
        join users u on u.id = c.user_id and u.company_id = c.company_id and u.status = 'ACTIVE'
        join companies co on co.id = c.company_id and co.use_board
       where c.digest and (c.last_digest_at is null or c.last_digest_at < ${digestBoundary(now).toISOString()}::timestamptz)
       order by c.user_id limit ${BATCH}
         for update of c skip locked
    )
    update board_user_configs c set last_digest_at = ${at}::timestamptz
      from due, users u
     where c.user_id = due.user_id and u.id = c.user_id
    returning c.user_id, c.company_id, u.role, u.username, u.display_name as name, u.language_type,
      (extract(epoch from due.last_digest_at) * 1000)::bigint as since_ms`);
}

/** One pass: the digests due now; answers how many mails went out. */
export async function sendDigests(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  for (;;) {
    const batch = await claim(deps, now);
    for (const u of batch) {
      if (u.since_ms === null) continue;
      const since = new Date(Number(u.since_ms));
      try {
        const d = await collectDigest(deps.db, { userId: Number(u.user_id), companyId: Number(u.company_id), role: u.role }, since, now);
        if (isEmpty(d)) continue;
        await deps.mailer.send(digestMail(deps, { to: u.username, language: u.language_type, name: u.name }, d));
        sent++;
      } catch (e) {
        deps.log.error(`board: the digest of ${u.username} failed`, e);
      }
    }
    if (batch.length < BATCH) return sent;
  }
}

export function digestJob(deps: AppDeps): Job {
  return { name: "board-digest", intervalMs: 5 * 60_000, tick: () => sendDigests(deps) };
}
