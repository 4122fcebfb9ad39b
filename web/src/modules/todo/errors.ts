// Texts of to-do's outcomes. A failed call shows its todo.* code's text (todoErrors: every code of
// shared/todo/errors.ts) when the server gave one, else the island's text for what failed (a key of todo.json or a
// part, e.g. "side.createFailed"), else the common text of its status. Successes are keys of the todo namespace too
// (002 §8 "To-do": todo:filters.saved "필터를 저장했습니다." …).
import i18next from "i18next";
import { codeOf, paramsOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

/** A text of the todo namespace ("side.created", "filters.saved" …). */
export const todoText = (key: string, params?: Record<string, unknown>) => i18next.t(`todo:${key}`, params ?? {});

/** The text of a failed call: its todo code's, else `fallback`'s (a todo key), else the common text. */
export function todoErrorText(e: unknown, fallback?: string): string {
  const code = codeOf(e);
  if (code.startsWith("todo.") && i18next.exists(`todoErrors:${code}`)) return errorText(code, paramsOf(e));
  if (!fallback || code === "common.validation" || code === "common.rate_limited") return errorText(code, paramsOf(e));
  return todoText(fallback);
}

/** The toast of a failed call. */
export function failed(e: unknown, fallback?: string) {
  snackbar("ERROR", todoErrorText(e, fallback));
}

/** The toast of a failed call that names only what failed (002 §8's filter texts): the island's text always. */
export function failedAs(key: string) {
  snackbar("ERROR", todoText(key));
}

/** The toast of a success (a todo key); `carry` when the action navigates. */
export function succeeded(key: string, opts: { carry?: boolean; params?: Record<string, unknown> } = {}) {
  snackbar("SUCCESS", todoText(key, opts.params), { carry: opts.carry });
}
