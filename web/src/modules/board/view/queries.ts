// What the post page refreshes after its own changes (keys of ../queries.ts).
import type { QueryClient } from "@tanstack/react-query";
import { boardKeys } from "../queries.ts";

/** After a reply is written, edited or deleted: the replies, their children and the counts. */
export function refreshReplies(qc: QueryClient, postId: number) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ["board", "replies", postId] }),
    qc.invalidateQueries({ queryKey: ["board", "children"] }),
    qc.invalidateQueries({ queryKey: boardKeys.replyCount(postId) }),
    qc.invalidateQueries({ queryKey: boardKeys.post(postId) }),
  ]);
}

/** After the user's read state of a post changes: the side pane's unread counts and the lists' bold titles. */
export function refreshReadState(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: boardKeys.tree }),
    qc.invalidateQueries({ queryKey: ["board", "posts"] }),
    qc.invalidateQueries({ queryKey: ["board", "notices"] }),
  ]);
}
