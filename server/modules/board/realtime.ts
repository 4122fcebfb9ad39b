// Realtime of the boards, after the write committed and best effort (shared/board/constants.ts):
// BOARD_CHANGED { boardId, postId? } on the company's topic (open trees and lists refetch), and BOARD_NOTICE
// { kind, postId, replyId? } on each person's own topic (a followed board's new post, a mention, a reply, a
// reaction, a must-read reminder). Notices never go to the person who caused them.
import { sql } from "drizzle-orm";
import { BOARD_CHANGED, BOARD_NOTICE, type BoardNoticeKind, boardTopic, boardUserTopic } from "../../../shared/board/constants.ts";
import type { AppDeps } from "../../lib/context.ts";

export async function publishBoardChanged(deps: AppDeps, companyId: number, change: { boardId: number; postId?: number }): Promise<void> {
  try {
    await deps.realtime.publish(boardTopic(companyId), BOARD_CHANGED, change.postId ? { boardId: change.boardId, postId: change.postId } : { boardId: change.boardId });
  } catch (e) {
    deps.log.error("board: publishing a change failed", e);
  }
}

export interface BoardNotice {
  userId: number;
  kind: BoardNoticeKind;
  postId: number;
  replyId?: number;
}

/** Sends each notice to its person's topic (the actor's own notices are dropped). */
export async function sendBoardNotices(deps: AppDeps, companyId: number, actorId: number | null, notices: BoardNotice[]): Promise<void> {
  const wanted = notices.filter((n) => n.userId !== actorId);
  if (!wanted.length) return;
  try {
    const ids = [...new Set(wanted.map((n) => n.userId))];
    const rows = await deps.db.execute<{ id: string; username: string }>(sql`
      select id, username from users
       where company_id = ${companyId} and status = 'ACTIVE' and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    const names = new Map(rows.map((r) => [Number(r.id), r.username]));
    await Promise.all(wanted.flatMap((n) => {
      const username = names.get(n.userId);
      if (!username) return [];
      const data: Record<string, string | number> = n.replyId ? { kind: n.kind, postId: n.postId, replyId: n.replyId } : { kind: n.kind, postId: n.postId };
      return [deps.realtime.publish(boardUserTopic(username), BOARD_NOTICE, data)];
    }));
  } catch (e) {
    deps.log.error("board: sending notices failed", e);
  }
}
