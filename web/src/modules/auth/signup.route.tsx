// /signup (002 §2, §3 "Sign-up / login fields", §4, §5, §8): a company account in three steps on one page:
// the email address verified by a mailed code, the company form, and the result with a way to sign in.
import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SignupResult } from "@shared/auth.ts";
import { usePageTitle } from "../../app/title.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon } from "../../ui/icons.tsx";
import { PublicFrame } from "./PublicFrame.tsx";
import { type Msg, NS } from "./signup-common.tsx";
import { type CompanyDraft, CompanyStep } from "./signup-company.tsx";
import { VerifyEmailStep } from "./signup-verify.tsx";
import "./auth.css";
import "./signup.css";

export const Route = createLazyRoute("/signup")({ component: SignupPage });

/** The login page reads this to prefill the ID and domain. */
const REMEMBER_KEY = "gw.login";

type Step =
  | { kind: "email"; email: string; error?: Msg | null }
  | { kind: "company"; email: string; token: string }
  | { kind: "done"; result: SignupResult };

const STEPS = ["email", "company", "done"] as const;

function SignupPage() {
  const { t } = useTranslation([NS, "auth"]);
  usePageTitle(t("title"));
  const [step, setStep] = useState<Step>({ kind: "email", email: "" });
  // Each return to the email step starts it afresh.
  const [round, setRound] = useState(0);
  const draft = useRef<CompanyDraft | null>(null);
  const back = (email: string, error?: Msg | null) => {
    setRound((r) => r + 1);
    setStep({ kind: "email", email, error });
  };

  return (
    <PublicFrame title={t("heading")} wide>
      <Stepper current={step.kind} />
      {step.kind === "email" && (
        <VerifyEmailStep key={round} initialEmail={step.email} initialError={step.error}
          onVerified={(email, token) => setStep({ kind: "company", email, token })} />
      )}
      {step.kind === "company" && (
        <>
          <div className="signup-verified" role="status">
            <span className="signup-verified-icon"><Icon name="check" size={16} /></span>
            <span className="signup-verified-text">{t("verify.verified", { email: step.email })}</span>
            <Button variant="ghost" className="signup-link-button" onPress={() => back(step.email)}>{t("verify.change")}</Button>
          </div>
          <CompanyStep email={step.email} token={step.token} draft={draft}
            onVerificationLost={(message) => back(step.email, message)}
            onDone={(result, adminId) => {
              localStorage.setItem(REMEMBER_KEY, JSON.stringify({ id: adminId, domain: result.domain }));
              setStep({ kind: "done", result });
            }} />
        </>
      )}
      {step.kind === "done" && <Done result={step.result} />}
      {step.kind !== "done" && (
        <p className="auth-alt">
          {t("haveAccount")} <Link to="/login">{t("signIn")}</Link>
        </p>
      )}
    </PublicFrame>
  );
}

function Stepper({ current }: { current: Step["kind"] }) {
  const { t } = useTranslation(NS);
  const at = STEPS.indexOf(current);
  return (
    <ol className="signup-steps" aria-label={t("steps.label")}>
      {STEPS.map((s, i) => (
        <li key={s} className={i < at ? "is-done" : i === at ? "is-current" : undefined} aria-current={i === at ? "step" : undefined}>
          <span className="signup-steps-dot" aria-hidden="true">{i < at ? <Icon name="check" size={14} /> : i + 1}</span>
          <span className="signup-steps-name">{t(`steps.${s}`)}</span>
          {i < at && <span className="visually-hidden">{t("steps.completed")}</span>}
        </li>
      ))}
    </ol>
  );
}

function Done({ result }: { result: SignupResult }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="signup-step signup-done" aria-labelledby="signup-step-title">
      <span className="signup-done-icon" aria-hidden="true"><Icon name="check" size={32} /></span>
      <h2 id="signup-step-title" className="signup-step-title" tabIndex={-1} ref={heading}>{t("done.heading")}</h2>
      <p className="signup-lead">{t("done.lead")}</p>
      <dl className="signup-done-address">
        <dt>{t("done.address")}</dt>
        <dd>{result.username}</dd>
      </dl>
      <Button className="auth-submit signup-done-button" onPress={() => void navigate({ to: "/login" })}>{t("done.signIn")}</Button>
    </section>
  );
}
