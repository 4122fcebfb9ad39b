// Texts of the customer book's outcomes (001 §8 "Contacts and customers"): the server's customer.* and
// contact.* reasons (customerErrors, contactErrors: lib/error-namespaces.ts) when it names one, 403 the
// no-permission text, else the action's own failure text (customers:toast.*); successes name the action.
import i18next from "i18next";
import { ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

const known = (code: string | undefined) => !!code && /^(customer|contact)\./.test(code) && i18next.exists(`${code.startsWith("customer.") ? "customerErrors" : "contactErrors"}:${code}`);
const textOf = (code: string) => i18next.t(`${code.startsWith("customer.") ? "customerErrors" : "contactErrors"}:${code}`);

/** The text of a failure: the server's reason, the no-permission text on a 403, else the action's text. */
export function customerErrorText(e: unknown, fallback?: string): string {
  const code = codeOf(e);
  if (known(code)) return textOf(code);
  const field = e instanceof ApiError ? e.fieldErrors.flatMap((f) => [f.code, f.message]).find(known) : undefined;
  if (field) return textOf(field);
  if (e instanceof ApiError && e.status === 403) return i18next.t("customerErrors:customer.no_permission");
  if (fallback && (!(e instanceof ApiError) || e.status >= 500 || e.status === 400 || e.status === 404)) return i18next.t(`customers:toast.${fallback}`);
  return errorText(code, e instanceof ApiError ? e.params : {});
}

/**
 * The toast of a failed call; `action` names the failure text (customers:toast.<action>). `carry`: the failure
 * sends the user elsewhere (a missing group goes back to the book's entry), so the message goes along.
 */
export function failed(e: unknown, action?: string, opts: { carry?: boolean } = {}) {
  snackbar("ERROR", customerErrorText(e, action), opts);
}

/** The toast of a call that went through (customers:toast.<action>). */
export function done(action: string, o?: Record<string, unknown>) {
  snackbar("SUCCESS", i18next.t(`customers:toast.${action}`, o));
}
