// Texts of booking outcomes: the server's resource.* codes from resourceErrors (002 §8 "Resource": a 409 is the
// conflict message; other failures the failure message), the common texts for validation and the rest.
import i18next from "i18next";
import { ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

export function resourceErrorText(e: unknown): string {
  const code = codeOf(e);
  if (code.startsWith("resource.")) return errorText(code);
  if (e instanceof ApiError && e.status === 409) return errorText("resource.conflict");
  const field = e instanceof ApiError ? e.fieldErrors.map((f) => f.code).find((c) => c?.startsWith("resource.")) : undefined;
  if (field) return errorText(field);
  if (e instanceof ApiError && e.status < 500) return errorText(code, e.params);
  return i18next.t("resource:failed");
}

export function failed(e: unknown) {
  snackbar("ERROR", resourceErrorText(e));
}
