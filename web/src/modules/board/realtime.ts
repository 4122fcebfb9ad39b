// Realtime of the boards (shared/board/constants.ts): BOARD_CHANGED { boardId, postId? } on the company's topic
// refetches everything the island shows (a burst refetches once); BOARD_NOTICE { kind, postId } on the user's
// own topic (a followed board's new post, a mention, a reply, reactions, a must-read reminder) becomes a notice
// with a link to the post (notify/). Both subscriptions live while the island is shown.
import { useQueryClient } from "@tanstack/react-query";
import { BOARD_CHANGED, BOARD_NOTICE, BOARD_NOTICE_KINDS, type BoardNoticeKind, boardTopic, boardUserTopic } from "@shared/board/constants.ts";
import { useCompanyTopic, useUserTopic } from "../../app/use-user-topic.ts";
import { useBurst } from "../../lib/use-burst.ts";
import { refreshBoards } from "./queries.ts";
import { pushNotice } from "./notify/notices.ts";

export function useBoardRealtime() {
  const qc = useQueryClient();
  const push = useBurst<true>(150, () => void refreshBoards(qc));
  useCompanyTopic(boardTopic, (event) => {
    if (event === BOARD_CHANGED) push(true);
  });

  useUserTopic(boardUserTopic, (event, data) => {
    if (event !== BOARD_NOTICE) return;
    const d = data as { kind?: string; postId?: number; replyId?: number };
    if (!BOARD_NOTICE_KINDS.includes(d.kind as BoardNoticeKind) || typeof d.postId !== "number") return;
    pushNotice({ kind: d.kind as BoardNoticeKind, postId: d.postId });
  });
}
