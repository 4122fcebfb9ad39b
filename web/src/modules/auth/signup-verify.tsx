// Step 1 of the sign-up: the email address, a 6-digit code sent to it, and the code checked.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { SIGNUP_CODE_TTL_MINUTES } from "@shared/auth.ts";
import { isValidEmail } from "@shared/users.ts";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { clock, codeOf, type Msg, msg, NS, paramsOf, say, signupApi, useAnnouncer, useSecondsLeft } from "./signup-common.tsx";

interface Sent {
  email: string;
  /** null when the server said a code went out recently but the page did not see it (reload). */
  expiresAt: number | null;
}

export function VerifyEmailStep({ initialEmail, initialError, onVerified }: {
  initialEmail: string;
  initialError?: Msg | null;
  onVerified: (email: string, token: string) => void;
}) {
  const { t } = useTranslation(NS);
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailFieldError] = useState<Msg>();
  const [sent, setSent] = useState<Sent | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeFieldError] = useState<Msg>();
  const [error, setError] = useState<Msg | null>(initialError ?? null);
  /** The server gave up on the current code (too old or too many tries). */
  const [dead, setDead] = useState(false);
  const [busy, setBusy] = useState<"send" | "verify" | null>(null);
  const [announcement, announce] = useAnnouncer([say(emailError), say(codeError)]);
  const setEmailError = (m: Msg | undefined) => (setEmailFieldError(m), m && announce(say(m)!));
  const setCodeError = (m: Msg | undefined) => (setCodeFieldError(m), m && announce(say(m)!));
  const codeForm = useRef<HTMLFormElement>(null);
  const resendIn = useSecondsLeft(resendAt);
  const validFor = useSecondsLeft(sent?.expiresAt ?? null);

  async function send() {
    const address = email.trim().toLowerCase();
    setError(null);
    if (!isValidEmail(address)) return setEmailError(msg("signup.email_invalid"));
    setEmailError(undefined);
    setBusy("send");
    try {
      const r = await signupApi.sendCode(address);
      setSent({ email: address, expiresAt: r.expiresAtMillis });
      setResendAt(Date.now() + r.resendAfterSeconds * 1000);
      setCode("");
      setCodeError(undefined);
      setDead(false);
      codeForm.current?.querySelector<HTMLInputElement>("input[name=code]")?.focus();
    } catch (e) {
      const c = codeOf(e);
      const retry = Number(paramsOf(e).retryAfterSeconds) || 0;
      if (retry) setResendAt(Date.now() + retry * 1000);
      if (c === "signup.email_invalid" || c === "signup.email_in_use") setEmailError(msg(c));
      else if (c === "signup.code_too_soon") {
        // A code went out moments ago (perhaps before a reload): let the user type it.
        setSent((s) => (s?.email === address ? s : { email: address, expiresAt: null }));
        setError(msg(c, { seconds: retry }));
      } else setError(msg(c === "signup.failed" ? "signup.code_send_failed" : c, { seconds: retry }));
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!sent) return;
    setError(null);
    const digits = code.trim();
    if (!/^\d{6}$/.test(digits)) return setCodeError(msg("signup.code_required"));
    setCodeError(undefined);
    setBusy("verify");
    try {
      const r = await signupApi.verify(sent.email, digits);
      onVerified(sent.email, r.verificationToken);
    } catch (e) {
      const c = codeOf(e);
      const left = Number(paramsOf(e).attemptsLeft);
      if (c === "signup.code_expired" || (c === "signup.code_invalid" && left === 0)) {
        // The code is dead (too old or too many tries): stop the validity countdown, point to a new code.
        setDead(true);
        setCodeError(msg("signup.code_expired"));
      } else if (c === "signup.code_invalid") setCodeError(msg(c, { count: left }));
      else if (c.startsWith("signup.")) setCodeError(msg(c === "signup.failed" ? "signup.verification_failed" : c));
      else setError(msg(c));
    } finally {
      setBusy(null);
    }
  }

  function changeEmail() {
    setSent(null);
    setDead(false);
    setCode("");
    setCodeError(undefined);
    setError(null);
  }

  const expired = dead || (!!sent?.expiresAt && validFor === 0);
  return (
    <section className="signup-step" aria-labelledby="signup-step-title">
      <h2 id="signup-step-title" className="signup-step-title">{t("verify.heading")}</h2>
      <p className="signup-lead">{t("verify.lead")}</p>
      <Form className="auth-form" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void send())}>
        <div className="signup-inline">
          <TextField label={t("verify.email")} type="email" name="email" value={email} isReadOnly={!!sent}
            onChange={(x) => (setEmail(x), emailError?.code === "signup.email_in_use" && setEmailFieldError(undefined))}
            autoComplete="email" placeholder="name@example.com" errorMessage={say(emailError)} autoFocus={!sent} maxLength={254}
            onBlur={() => emailError?.code === "signup.email_invalid" && isValidEmail(email.trim()) && setEmailFieldError(undefined)} />
          {sent
            ? <Button variant="secondary" className="signup-inline-button" onPress={changeEmail}>{t("verify.change")}</Button>
            : (
              <Button type="submit" className="signup-inline-button" isDisabled={busy === "send" || resendIn > 0}>
                {busy === "send" ? t("verify.sending") : resendIn > 0 ? t("verify.waitSend", { time: clock(resendIn) }) : t("verify.send")}
              </Button>
            )}
        </div>
      </Form>
      {error && <p className="auth-error" role="alert">{say(error)}</p>}

      {sent && (
        <Form ref={codeForm} className="auth-form signup-code" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void verify())}>
          <p className="signup-notice" role="status">
            {sent.expiresAt
              ? t("verify.sent", { email: sent.email, minutes: SIGNUP_CODE_TTL_MINUTES })
              : t("verify.sentEarlier", { email: sent.email })}
          </p>
          <div className="signup-inline">
            <TextField label={t("verify.code")} name="code" value={code} onChange={(v) => setCode(v.replace(/\D/g, "").slice(0, 6))}
              inputMode="numeric" autoComplete="one-time-code" placeholder="000000" autoFocus maxLength={6}
              description={codeError ? undefined : expired ? t("verify.expired") : sent.expiresAt ? t("verify.validFor", { time: clock(validFor) }) : t("verify.codeHelp")}
              errorMessage={say(codeError)} />
            <Button type="submit" className="signup-inline-button" isDisabled={busy === "verify"}>
              {busy === "verify" ? t("verify.verifying") : t("verify.verify")}
            </Button>
          </div>
          <div className="signup-resend">
            <span>{t("verify.noMail")}</span>
            <Button variant="ghost" className="signup-link-button" isDisabled={busy === "send" || resendIn > 0} onPress={() => void send()}>
              {busy === "send" ? t("verify.sending") : resendIn > 0 ? t("verify.resendIn", { time: clock(resendIn) }) : t("verify.resend")}
            </Button>
          </div>
        </Form>
      )}
      {announcement}
    </section>
  );
}
