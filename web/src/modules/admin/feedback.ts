// Server answers shown to the administrator: the translated error, with an explanation for the conflicts an
// administrator runs into (a reserved ID, the last administrator, their own account, a non-empty organisation).
import type { FormEvent } from "react";
import { ApiError, codeOf as apiCodeOf } from "../../lib/api.ts";
import i18n, { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

/** The code of a failure, or the code itself when given one. */
export function codeOf(e: unknown): string {
  return typeof e === "string" ? e : apiCodeOf(e);
}

/** The error text (of an error or a code), followed by what to do about it when admin:explain.<code> has a text. */
export function failureText(e: unknown): string {
  const code = codeOf(e);
  let text = errorText(code, e instanceof ApiError ? e.params : undefined);
  // A validation answer that names one field's rule: show that rule rather than the generic text.
  if (e instanceof ApiError && code === "common.validation") {
    const specific = e.fieldErrors.find((f) => f.code !== "common.validation");
    if (specific) text = errorText(specific.code);
  }
  const hint = `admin:explain.${code}`;
  return i18n.exists(hint) ? `${text} ${i18n.t(hint)}` : text;
}

export function notifyFailure(e: unknown) {
  snackbar("ERROR", failureText(e));
}

/** Field → translated message, from a validation answer's field errors (for showing next to inputs). */
export function fieldErrorsOf(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const f of e.fieldErrors) out[f.field.split(".")[0]] ??= errorText(f.code === "common.validation" ? "common.validation" : f.code);
  return out;
}

/**
 * A form's submit handler: runs `run` when `check` passes; otherwise moves focus to the first field marked
 * invalid (after the render that marks it), so its message is read out, and scrolls that field with its message
 * into view above the sticky save bar (admin.css gives .adm-form fields a scroll margin the bar's height).
 */
export function submitIf(check: () => boolean, run: () => void) {
  return (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (check()) run();
    else {
      requestAnimationFrame(() => {
        const invalid = form.querySelector<HTMLElement>("[aria-invalid=true] input, input[aria-invalid=true], [aria-invalid=true]");
        if (!invalid) return;
        invalid.focus({ preventScroll: true });
        (invalid.closest(".field") ?? invalid).scrollIntoView({ block: "nearest" });
      });
    }
  };
}
