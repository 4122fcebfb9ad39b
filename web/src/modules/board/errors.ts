// Texts of the boards' outcomes. A failed call shows its board.* code's text (boardErrors: every code of
// shared/board/errors.ts) when the server gave one, else the spec's message for what failed (001 §8: board.19
// "게시물 목록을 불러오지 못했습니다" …, under board:messages), else the common text of its status. Successes use
// the spec's messages too (messages.144 "선택한 게시물을 이동했습니다" …). The keys of board:messages:
//   1 list load failure · 2 / 3 board add fail / ok · 165 over the free plan's boards · 4 / 5 rename or update
//   fail / ok · 6 hide fail · 7 / 9 delete fail / ok · 8 unknown board (and 403 on board calls) · 10 / 12 cancel
//   delete fail / ok · 33, 34 post load failure · 18 / 19 post list 403 / other · 20 read and feel loads ·
//   21 / 22 post add fail / ok · 23 / 24 update · 25 / 26 delete · 27 reply load · 30 reply delete · 32 reaction ·
//   129–132 notice toggle (on ok, on fail, off ok, off fail) · 122 / 123 / 124 upload failure, too large, no
//   space · 144 / 145 trash move ok / fail · 147 permanent delete ok · and the island's own (follow_failed …).
import i18next from "i18next";
import { ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar, snackbarInOpener } from "../../app/feedback/snackbar.tsx";

/** A key of board:messages (a spec number such as "19", or one of the island's own keys). */
export type BoardMessage = string;

/** A message of board:messages in the current language. */
export const boardMessage = (key: BoardMessage, params?: Record<string, unknown>) => i18next.t(`board:messages.${key}`, params ?? {});

/** The text of a failed call: its board code's, else the message `fallback` names, else the common text. */
export function boardErrorText(e: unknown, fallback?: BoardMessage): string {
  const code = codeOf(e);
  const params = e instanceof ApiError ? e.params : {};
  if (code.startsWith("board.") && i18next.exists(`boardErrors:${code}`)) return errorText(code, params);
  if (!fallback || code === "common.validation" || code === "common.rate_limited") return errorText(code, params);
  return boardMessage(fallback);
}

/** The toast of a failed call. */
export function failed(e: unknown, fallback?: BoardMessage) {
  snackbar("ERROR", boardErrorText(e, fallback));
}

/** The toast of a success message of board:messages (in `opener`, the window that opened this popup, if given). */
export function succeeded(key: BoardMessage, opts: { carry?: boolean; params?: Record<string, unknown>; opener?: Window } = {}) {
  const text = boardMessage(key, opts.params);
  if (opts.opener) snackbarInOpener(opts.opener, "SUCCESS", text, { carry: opts.carry });
  else snackbar("SUCCESS", text, { carry: opts.carry });
}

/** A board the caller may not see, or that is not there: 403 or 404 with board.8 / board.18. */
export const isBoardGone = (e: unknown) => e instanceof ApiError && (e.status === 403 || e.status === 404);
