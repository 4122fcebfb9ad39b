// Realtime of the boards, after the write committed and best effort (shared/board/constants.ts):
// BOARD_CHANGED { boardId, postId? } on the company's topic (open trees and lists refetch), and BOARD_NOTICE
// { kind, postId, replyId? } on each person's own topic (a followed board's new post, a mention, a reply, a
// reaction, a must-read reminder). Notices never go to the person who caused them. Each notice but a reaction
// (FEEL) is also recorded in the bell (issue 32: board.post/mention/reply/remind, linking /board/view/{postId},
// the reply's text as excerpt; objectKey "board:{postId}", forgotten when the post goes to trash).
import { sql } from "drizzle-orm";
import { BOARD_CHANGED, BOARD_NOTICE, type BoardNoticeKind, boardTopic, boardUserTopic } from "../../../shared/board/constants.ts";
import { REPLY_MENTION } from "../../../shared/board/replies.ts";
import type { NotificationKind } from "../../../shared/notifications/kinds.ts";
import { postLink } from "../../lib/app-links.ts";
import type { AppDeps } from "../../lib/context.ts";
import { bigintArray } from "../../lib/sql-array.ts";
import { forgetObject, notify } from "../notifications/notify.ts";

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
  await recordBoardNotices(deps, companyId, actorId, wanted);
}

const BELL_KINDS: Partial<Record<BoardNoticeKind, NotificationKind>> = {
  POST: "board.post", MENTION: "board.mention", REPLY: "board.reply", REMIND: "board.remind",
};

/** The bell's rows of the notices (notify() sends its own realtime frame and mail); FEEL is not recorded. */
async function recordBoardNotices(deps: AppDeps, companyId: number, actorId: number | null, notices: BoardNotice[]): Promise<void> {
  const kept = notices.filter((n) => BELL_KINDS[n.kind]);
  if (!kept.length) return;
  try {
    const postIds = [...new Set(kept.map((n) => n.postId))];
    const replyIds = [...new Set(kept.flatMap((n) => n.replyId ? [n.replyId] : []))];
    const posts = new Map((await deps.db.execute<{ id: string; title: string }>(sql`
      select id, title from board_posts where company_id = ${companyId} and id = any(${bigintArray(postIds)})`))
      .map((r) => [Number(r.id), r.title]));
    const replies = new Map(replyIds.length ? (await deps.db.execute<{ id: string; content: string }>(sql`
      select id, content from board_replies where company_id = ${companyId} and id = any(${bigintArray(replyIds)})`))
      .map((r) => [Number(r.id), r.content.replace(REPLY_MENTION, "@$1")]) : []);
    // One notify() per kind, post and reply: the same words for everyone it names.
    const groups = new Map<string, { kind: NotificationKind; postId: number; replyId?: number; userIds: number[] }>();
    for (const n of kept) {
      const key = `${n.kind}:${n.postId}:${n.replyId ?? ""}`;
      const g = groups.get(key) ?? { kind: BELL_KINDS[n.kind]!, postId: n.postId, replyId: n.replyId, userIds: [] };
      g.userIds.push(n.userId);
      groups.set(key, g);
    }
    for (const g of groups.values()) {
      const title = posts.get(g.postId);
      if (title === undefined) continue;
      await notify(deps, companyId, {
        kind: g.kind, userIds: g.userIds, actorId, title, excerpt: g.replyId ? replies.get(g.replyId) ?? null : null,
        link: postLink(g.postId), objectKey: `board:${g.postId}`,
      });
    }
  } catch (e) {
    deps.log.error("board: recording notices failed", e);
  }
}

/** The bell's rows of a post that went to trash removed. */
export async function forgetBoardPost(deps: AppDeps, companyId: number, postId: number): Promise<void> {
  await forgetObject(deps, companyId, `board:${postId}`);
}
