// Texts of the address book's outcomes: the server's contact.* reasons (contactErrors, lib/error-namespaces.ts)
// when it names one, the common texts for the rest (403, 404, validation), else the action's own failure toast
// of 001 §8 (contact.51 .. contact.70, 88, 89; shared/contacts/errors.ts CONTACT_TOAST_CODES).
import i18next from "i18next";
import { CONTACT_TOAST_CODES } from "@shared/contacts/errors.ts";
import { ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

export type Toast = keyof typeof CONTACT_TOAST_CODES;

const known = (code: string | undefined) => !!code && code.startsWith("contact.") && i18next.exists(`contactErrors:${code}`);

export function contactErrorText(e: unknown, fallback?: Toast): string {
  const code = codeOf(e);
  if (known(code)) return i18next.t(`contactErrors:${code}`);
  const field = e instanceof ApiError ? e.fieldErrors.flatMap((f) => [f.code, f.message]).find(known) : undefined;
  if (field) return i18next.t(`contactErrors:${field}`);
  if (fallback && (!(e instanceof ApiError) || e.status >= 500 || e.status === 400)) {
    return i18next.t(`contactErrors:${CONTACT_TOAST_CODES[fallback]}`);
  }
  return errorText(code, e instanceof ApiError ? e.params : {});
}

/** The toast of a failed call. */
export function failed(e: unknown, fallback?: Toast) {
  snackbar("ERROR", contactErrorText(e, fallback));
}

/** The toast of a call that went through (contact.52, .54, ...). */
export function done(toast: Toast) {
  snackbar("SUCCESS", i18next.t(`contactErrors:${CONTACT_TOAST_CODES[toast]}`));
}
