// The post page's messages (001 §8 "Boards"): failures name what failed (board.20 reads and reactions, board.25
// delete, board.27 replies, board.30 reply delete, board.32 reaction, board.130/132 notice toggle); any 403 is
// the no-permission text (board.8; board.18 where the server answers it, for a post the caller may not read).
// Texts: locales/<lng>/board/view.json "msg".
import i18next from "i18next";
import { ApiError, codeOf } from "../../../lib/api.ts";
import { snackbar, type SnackOptions } from "../../../app/feedback/snackbar.tsx";

/** The text of a failed call: no permission on a 403, else the action's own failure text (view.msg.<key>). */
export function failureText(e: unknown, key: string): string {
  if (e instanceof ApiError && e.status === 403) {
    return i18next.t(codeOf(e) === "board.18" ? "board:view.msg.noPostPermission" : "board:view.msg.noPermission");
  }
  return i18next.t(`board:view.msg.${key}`);
}

export function failed(e: unknown, key: string, opts?: SnackOptions) {
  snackbar("ERROR", failureText(e, key), opts);
}

export function done(key: string, vars?: Record<string, unknown>, opts?: SnackOptions) {
  snackbar("SUCCESS", i18next.t(`board:view.msg.${key}`, vars), opts);
}

/** Why a post did not open: 403 board.18/board.8, 404 board.34 (it does not exist), otherwise board.33. */
export function postLoadText(e: unknown): string {
  if (e instanceof ApiError && e.status === 403) return failureText(e, "loadFailed");
  if (e instanceof ApiError && e.status === 404) return i18next.t("board:view.msg.notFound");
  return i18next.t("board:view.msg.loadFailed");
}

/** An upload's failure: too large (413 board.123), no space left (507 board.124), otherwise board.122. */
export function uploadFailureText(e: unknown): string {
  if (e instanceof ApiError && (e.status === 413 || e.code === "board.123")) return i18next.t("board:view.msg.fileTooLarge");
  if (e instanceof ApiError && (e.status === 507 || e.code === "board.124")) return i18next.t("board:view.msg.noSpace");
  return failureText(e, "uploadFailed");
}
