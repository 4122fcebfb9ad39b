// Before a secure mail is opened: who sent it, when, the password hint, and the password form (focused on
// arrival, Enter opens, the password can be shown). A wrong password is said at the field and the field is
// selected for another try; a lock or a vanished link hands the page to its state.
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SECURE_MAX_FAILURES_PER_ADDRESS, type SecureMailContent, type SecureMailInfo } from "@shared/mail/compose.ts";
import { errorText } from "../../../lib/i18n.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { MailIcon } from "../icons.tsx";
import { codeOf, paramsOf } from "../../../lib/api.ts";
import { retryAfterText } from "../../../lib/retry-after.ts";
import { secureApi } from "./api.ts";

/** Date and time in the page language, as the reader shows them. */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (ms: number) => format.format(ms);
}

export function SenderSummary({ info }: { info: SecureMailInfo }) {
  const { t } = useTranslation("mail");
  const time = useFormatTime();
  return (
    <dl className="sm-summary">
      <dt>{t("secure.from")}</dt>
      <dd>
        {info.from.name && <span className="mr-address-name">{info.from.name}</span>}
        {info.from.name ? <span className="sm-muted">{` <${info.from.address}>`}</span> : info.from.address}
      </dd>
      <dt>{t("secure.sent")}</dt>
      <dd>{time(info.sentTimeMillis)}</dd>
      <dt>{t("secure.hint")}</dt>
      <dd className="sm-hint">{info.hint || <span className="sm-muted">{t("secure.noHint")}</span>}</dd>
    </dl>
  );
}

const EYE = "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z";
const EYE_OFF = "M17.9 17.9A10.4 10.4 0 0 1 12 19c-6.4 0-10-7-10-7a18.5 18.5 0 0 1 4.1-5M9.9 5.2A9.3 9.3 0 0 1 12 5c6.4 0 10 7 10 7a18.7 18.7 0 0 1-2.2 3.2M14.1 14.2a3 3 0 1 1-4.2-4.2M2 2l20 20";

export function PasswordForm({ token, onOpened, onLocked, onGone }: {
  token: string;
  onOpened(mail: SecureMailContent, password: string): void;
  onLocked(): void;
  onGone(): void;
}) {
  const { t } = useTranslation("mail");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  const [visible, setVisible] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The message sits at the field (aria-describedby, announced); the field is selected for a new try. */
  const refuse = (text: string) => {
    setFieldError(text);
    input.current?.focus();
    input.current?.select();
  };

  async function submit() {
    if (busy) return;
    setError(null);
    if (!password) return refuse(t("secure.password.required"));
    setFieldError(null);
    setBusy(true);
    try {
      const mail = await secureApi.open(token, password);
      onOpened(mail, password);
    } catch (e) {
      setBusy(false);
      const code = codeOf(e);
      if (code === "mail.secure_password_wrong") refuse(errorText(code));
      else if (code === "mail.secure_locked") onLocked();
      else if (code === "mail.secure_too_many_attempts") {
        setError([errorText(code), retryAfterText(paramsOf(e))].filter(Boolean).join(" "));
      }
      else if (code === "common.404") onGone();
      else setError(errorText(code));
    }
  }

  const describedBy = `${id}-help${fieldError ? ` ${id}-error` : ""}`;
  return (
    <form className="sm-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <p className="sm-lead">
        <MailIcon name="lock" size={18} />
        <span>{t("secure.lead")}</span>
      </p>
      <div className="field" data-invalid={fieldError ? true : undefined}>
        <label htmlFor={id} className="field-label">{t("secure.password.label")}</label>
        <div className="sm-password">
          <input ref={input} id={id} name="password" className="field-input native" type={visible ? "text" : "password"} value={password}
            onChange={(e) => (setPassword(e.target.value), setFieldError(null))} autoFocus autoComplete="off" spellCheck={false}
            autoCapitalize="off" maxLength={200} aria-invalid={fieldError ? true : undefined} aria-describedby={describedBy} />
          <button type="button" className="sm-reveal" aria-label={t("secure.password.show")} title={t("secure.password.show")}
            aria-pressed={visible} aria-controls={id} onClick={() => setVisible((v) => !v)}>
            <SvgIcon d={visible ? EYE_OFF : EYE} size={18} />
          </button>
        </div>
        <span id={`${id}-help`} className="field-description">{t("secure.password.help", { max: SECURE_MAX_FAILURES_PER_ADDRESS })}</span>
        {fieldError && <span id={`${id}-error`} className="field-error" role="alert">{fieldError}</span>}
      </div>
      {error && <p className="auth-error" role="alert">{error}</p>}
      <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>
        {busy ? t("secure.opening") : t("secure.open")}
      </button>
    </form>
  );
}
