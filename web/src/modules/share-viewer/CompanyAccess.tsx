// COMPANY links for a visitor who is not an employee of the link's company: sign in (the viewer is kept as
// the return path), or prove a company address by a mailed code and open with the verificationId.
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isValidEmail } from "@shared/users.ts";
import { errorText } from "../../lib/i18n.ts";
import { NativeField } from "../../ui/NativeField.tsx";
import { codeOf, linkApi, type OpenLink, paramsOf } from "./api.ts";
import { clock, Message, NS, useSecondsLeft } from "./parts.tsx";
import { keepReturnPath } from "../../lib/return-path.ts";

export function CompanyAccess({ token, signedIn, open }: { token: string; signedIn: boolean; open: OpenLink }) {
  const { t } = useTranslation(NS);
  return (
    <div className="link-company">
      <p className="link-state-title">{errorText(signedIn ? "shareLink.company_only" : "shareLink.sign_in_required")}</p>
      {!signedIn && (
        <p>
          <Link to="/login" className="btn btn-primary" onClick={() => keepReturnPath(`/link/viewer/${token}`)}>{t("company.signIn")}</Link>
        </p>
      )}
      <EmailVerification token={token} open={open} />
    </div>
  );
}

function EmailVerification({ token, open }: { token: string; open: OpenLink }) {
  const { t } = useTranslation(NS);
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [code, setCode] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resendIn = useSecondsLeft(resendAt);

  async function send() {
    const address = email.trim().toLowerCase();
    setError(null);
    if (!isValidEmail(address)) return setEmailError(t("company.emailInvalid"));
    setEmailError(null);
    setBusy(true);
    try {
      const r = await linkApi.sendCode(token, address);
      setSentTo(address);
      setResendAt(Date.now() + r.resendAfterSeconds * 1000);
    } catch (e) {
      const c = codeOf(e);
      const retry = Number(paramsOf(e).retryAfterSeconds) || 0;
      if (retry) setResendAt(Date.now() + retry * 1000);
      if (c === "shareLink.code_too_soon") setSentTo(address);
      setError(errorText(c, paramsOf(e)));
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    if (!sentTo) return;
    setError(null);
    if (!/^\d{6}$/.test(code.trim())) return setCodeError(t("company.codeFormat"));
    setCodeError(null);
    setBusy(true);
    try {
      const r = await linkApi.validate(token, sentTo, code.trim());
      const failed = await open({ verificationId: r.verificationId });
      if (failed) setError(errorText(failed.code, failed.params));
    } catch (e) {
      const c = codeOf(e);
      const left = paramsOf(e).attemptsLeft;
      if (c === "shareLink.code_invalid" && typeof left === "number") setCodeError(t("company.codeWrong", { count: left }));
      else setCodeError(errorText(c));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="link-verify" aria-labelledby="link-verify-title">
      <h2 id="link-verify-title" className="link-verify-title">{t("company.verifyHeading")}</h2>
      <p className="link-muted">{t("company.verifyLead")}</p>
      <form className="auth-form" noValidate onSubmit={(e) => (e.preventDefault(), void send())}>
        <NativeField label={t("company.email")} type="email" name="email" value={email} autoComplete="email" maxLength={254}
          readOnly={!!sentTo} onChange={(v) => (setEmail(v), setEmailError(null))} errorMessage={emailError ?? undefined} />
        {sentTo
          ? <button type="button" className="btn btn-secondary" onClick={() => (setSentTo(null), setCode(""), setCodeError(null))}>{t("company.change")}</button>
          : (
            <button type="submit" className="btn btn-secondary" disabled={busy || resendIn > 0}>
              {resendIn > 0 ? t("company.wait", { time: clock(resendIn) }) : t("company.send")}
            </button>
          )}
      </form>
      {sentTo && (
        <form className="auth-form" noValidate onSubmit={(e) => (e.preventDefault(), void verify())}>
          <p className="link-muted" role="status">{t("company.sent", { email: sentTo })}</p>
          <NativeField label={t("company.code")} name="code" value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={6}
            autoFocus onChange={(v) => (setCode(v), setCodeError(null))} errorMessage={codeError ?? undefined} />
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy}>{busy ? t("action.opening") : t("company.verifyOpen")}</button>
        </form>
      )}
      <Message text={error} />
    </section>
  );
}
