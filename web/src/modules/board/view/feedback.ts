// The post page's messages (001 §8 "Boards"): the spec's texts of board:messages where it numbers them (20 reads
// and reactions, 25/26 delete, 27 replies, 30 reply delete, 32 reaction, 33/34 the post, 122 upload, 129–132 the
// notice toggle) and the island's (read_ok …); a failure the server names with a board.* code shows that code's
// text (boardErrors: board.8, board.18 on a 403, board.reply_not_found, board.123 …); the page's own texts
// (copying the link, reminders, replies written or edited) are board:view.msg.*.
import i18next from "i18next";
import { ApiError, codeOf } from "../../../lib/api.ts";
import { snackbar, type SnackOptions } from "../../../app/feedback/snackbar.tsx";
import { boardErrorText, boardMessage } from "../errors.ts";

/** The page's keys that are board:messages keys (the spec's numbers, the island's own). */
const MESSAGES: Record<string, string> = {
  feelLoadFailed: "20", deleteFailed: "25", deleted: "26", repliesLoadFailed: "27", replyDeleteFailed: "30", feelFailed: "32",
  loadFailed: "33", notFound: "34", uploadFailed: "122", noticeOn: "129", noticeOnFailed: "130", noticeOff: "131",
  noticeOffFailed: "132", markedRead: "read_ok", markedUnread: "unread_ok", readFailed: "read_failed", moveFailed: "move_failed",
};

const text = (key: string, vars?: Record<string, unknown>) =>
  MESSAGES[key] ? boardMessage(MESSAGES[key], vars) : i18next.t(`board:view.msg.${key}`, vars ?? {});

/** The text of a failed call: the server's board.* reason when it has a text, no permission on a 403, else `key`'s. */
export function failureText(e: unknown, key: string): string {
  const code = codeOf(e);
  if (code.startsWith("board.") && i18next.exists(`boardErrors:${code}`)) return boardErrorText(e);
  if (e instanceof ApiError && e.status === 403) return boardMessage("8");
  return text(key);
}

export function failed(e: unknown, key: string, opts?: SnackOptions) {
  snackbar("ERROR", failureText(e, key), opts);
}

export function done(key: string, vars?: Record<string, unknown>, opts?: SnackOptions) {
  snackbar("SUCCESS", text(key, vars), opts);
}

/** Why a post did not open: 403 board.18/board.8, 404 board.34 (it does not exist), otherwise board.33. */
export function postLoadText(e: unknown): string {
  if (e instanceof ApiError && e.status === 403) return failureText(e, "loadFailed");
  if (e instanceof ApiError && e.status === 404) return text("notFound");
  return text("loadFailed");
}

/** An upload's failure: too large (413 board.123), no space left (507 board.124), otherwise board.122. */
export function uploadFailureText(e: unknown): string {
  return failureText(e, "uploadFailed");
}

/** A text of the page by its key (board:messages where the spec has it). */
export const messageText = text;
