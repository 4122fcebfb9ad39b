// Texts of the approval's outcomes: the server's approval.* codes (002 §5, §8; shared/approval/errors.ts) from
// the approvalErrors namespace, the common texts for the rest; the toast of a failed call with a fallback text
// for a code the catalogue has no own words for (결재에 실패했습니다., 문서 목록을 불러오는데 실패했습니다).
import { ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

/** The text of a failed call: its approval code's, else `fallbackCode`'s when given, else the common text. */
export function approvalErrorText(e: unknown, fallbackCode?: string): string {
  const code = codeOf(e);
  if (code.startsWith("approval.") || !fallbackCode) return errorText(code, e instanceof ApiError ? e.params : {});
  return errorText(fallbackCode);
}

/** The toast of a failed call. */
export function failed(e: unknown, fallbackCode?: string) {
  snackbar("ERROR", approvalErrorText(e, fallbackCode));
}

/** A conflict that a fresh read settles (another approver acted, the document changed). */
export const isStale = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && (e.code === "approval.version_conflict" || e.code === "approval.line_not_pending");
