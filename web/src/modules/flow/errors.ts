// Texts of flow's outcomes. A failed call shows its flow.* code's text (flowErrors: every code of
// shared/flow/errors.ts) when the server gave one, else the island's text for what failed (a key of flow.json or
// a part, e.g. "filters.deleteFailed"), else the common text of its status. Successes are keys of the flow
// namespace too (002 §8 "Flow": members.invited 초대 메일을 발송하였습니다., members.resent 알림 메일을 보냈습니다.).
import i18next from "i18next";
import { codeOf, paramsOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

/** A text of the flow namespace ("common.saved", "members.invited" …). */
export const flowText = (key: string, params?: Record<string, unknown>) => i18next.t(`flow:${key}`, params ?? {});

/** The text of a failed call: its flow code's, else `fallback`'s (a flow key), else the common text. */
export function flowErrorText(e: unknown, fallback?: string): string {
  const code = codeOf(e);
  if (code.startsWith("flow.") && i18next.exists(`flowErrors:${code}`)) return errorText(code, paramsOf(e));
  if (!fallback || code === "common.validation" || code === "common.rate_limited") return errorText(code, paramsOf(e));
  return flowText(fallback);
}

/** The toast of a failed call. */
export function failed(e: unknown, fallback?: string) {
  snackbar("ERROR", flowErrorText(e, fallback));
}

/** The toast of a success (a flow key); `carry` when the action navigates. */
export function succeeded(key: string, opts: { carry?: boolean; params?: Record<string, unknown> } = {}) {
  snackbar("SUCCESS", flowText(key, opts.params), { carry: opts.carry });
}
