// Texts of leave outcomes: the server's leave.* codes from leaveErrors (002 §5, §8 "Leave"), a field's leave.*
// code when the validator gave one, the common texts for the rest.
import i18next from "i18next";
import { ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

export function leaveErrorText(e: unknown): string {
  const code = codeOf(e);
  if (code.startsWith("leave.")) return errorText(code);
  const field = e instanceof ApiError ? e.fieldErrors.map((f) => f.code).find((c) => c?.startsWith("leave.")) : undefined;
  if (field) return errorText(field);
  if (e instanceof ApiError && e.status < 500) return errorText(code, e.params);
  return i18next.t("leave:failed");
}

export function failed(e: unknown) {
  snackbar("ERROR", leaveErrorText(e));
}
