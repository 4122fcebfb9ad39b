// Step 2 of the sign-up: the company, its domain, the administrator account and the agreements.
import { type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { SignupResult } from "@shared/auth.ts";
import { DOMAIN_PATTERN } from "@shared/company.ts";
import { isValidPassword, LOGIN_ID_PATTERN, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from "@shared/users.ts";
import { ApiError } from "../../lib/api.ts";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { codeOf, currentLanguage, focusField, type Msg, msg, NS, say, signupApi, useAnnouncer } from "./signup-common.tsx";
import { RichField } from "./signup-field.tsx";
import { Agreements } from "./signup-terms.tsx";

type Field = "name" | "companyName" | "domain" | "adminId" | "password" | "passwordConfirm" | "agree";
type Values = Record<Exclude<Field, "agree">, string>;
const ORDER: Field[] = ["name", "companyName", "domain", "adminId", "password", "passwordConfirm", "agree"];
const FOCUS_NAME: Record<Field, string> = { ...Object.fromEntries(ORDER.map((f) => [f, f])) as Record<Field, string>, agree: "agreeTerms" };
const SERVER_FIELD: Record<string, Field> = { agreeTerms: "agree", agreePrivacy: "agree" };

interface DomainState {
  domain: string;
  state: "checking" | "available" | "taken";
}

/** What the form keeps when the user goes back to verify the email again (passwords are not kept). */
export interface CompanyDraft {
  values: Omit<Values, "password" | "passwordConfirm">;
  agree: { terms: boolean; privacy: boolean };
}

const normDomain = (d: string) => d.trim().toLowerCase();

export function CompanyStep({ email, token, draft, onDone, onVerificationLost }: {
  email: string;
  token: string;
  draft: RefObject<CompanyDraft | null>;
  onDone: (r: SignupResult, adminId: string) => void;
  onVerificationLost: (message: Msg) => void;
}) {
  const { t } = useTranslation(NS);
  const [v, setV] = useState<Values>(() => ({
    name: "", companyName: "", domain: "", adminId: "", ...draft.current?.values, password: "", passwordConfirm: "",
  }));
  const [agree, setAgree] = useState(() => draft.current?.agree ?? { terms: false, privacy: false });
  const [errors, setErrors] = useState<Partial<Record<Field, Msg>>>({});
  const [domainState, setDomainState] = useState<DomainState | null>(null);
  const [formError, setFormError] = useState<Msg | null>(null);
  const [announcement, announce] = useAnnouncer(ORDER.map((f) => say(errors[f])));
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const latestDomain = useRef("");
  useEffect(() => {
    const { password: _p, passwordConfirm: _c, ...values } = v;
    draft.current = { values, agree };
  }, [v, agree, draft]);

  function check(f: Field, values = v, ag = agree, ds = domainState): Msg | undefined {
    const s = f === "agree" ? "" : values[f].trim();
    switch (f) {
      case "name": return s ? undefined : msg("signup.name_required");
      case "companyName": return s ? undefined : msg("signup.company_name_required");
      case "domain":
        if (!DOMAIN_PATTERN.test(s.toLowerCase())) return msg("signup.domain_invalid");
        return ds?.domain === s.toLowerCase() && ds.state === "taken" ? msg("signup.domain_in_use") : undefined;
      case "adminId": return LOGIN_ID_PATTERN.test(s) ? undefined : msg("signup.admin_id_invalid");
      case "password":
        if (!values.password) return msg("password_required");
        return isValidPassword(values.password) ? undefined : msg("user.password_invalid");
      case "passwordConfirm":
        if (!values.passwordConfirm) return msg("password_confirm_required");
        return values.passwordConfirm === values.password ? undefined : msg("signup.password_confirm_mismatch");
      case "agree": return ag.terms && ag.privacy ? undefined : msg("signup.agreement_required");
    }
  }

  const setError = (f: Field, m: Msg | undefined) => setErrors((e) => ({ ...e, [f]: m }));

  function change(f: Exclude<Field, "agree">, value: string) {
    const next = { ...v, [f]: value };
    setV(next);
    // A shown error is re-checked as the user types, so it goes away once fixed.
    if (errors[f]) setError(f, check(f, next));
    if (f === "password" && errors.passwordConfirm && next.passwordConfirm) setError("passwordConfirm", check("passwordConfirm", next));
  }

  function blur(f: Exclude<Field, "agree">, e: React.FocusEvent) {
    // Focus going to the submit button: the submit checks everything, and an error shown now would move the
    // button away from under the pointer before the click completes.
    if ((e.relatedTarget as Element | null)?.closest("button[type=submit]")) return;
    if (v[f] !== "" || errors[f]) setError(f, check(f));
    if (f === "domain") void checkDomain();
  }

  /** Asks whether the domain is free; answers the state, or null when it could not be asked. */
  async function checkDomain(): Promise<DomainState | null> {
    const domain = normDomain(v.domain);
    if (!DOMAIN_PATTERN.test(domain)) return null;
    if (domainState?.domain === domain && domainState.state !== "checking") return domainState;
    latestDomain.current = domain;
    setDomainState({ domain, state: "checking" });
    try {
      const r = await signupApi.checkDomain(domain);
      const ds: DomainState = { domain, state: r.available ? "available" : "taken" };
      if (latestDomain.current === domain) {
        setDomainState(ds);
        setError("domain", r.available ? undefined : msg("signup.domain_in_use"));
      }
      return ds;
    } catch {
      if (latestDomain.current === domain) setDomainState(null);
      return null; // the server checks again on submit
    }
  }

  function show(found: Partial<Record<Field, Msg>>) {
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    announce(ORDER.map((f) => say(found[f])).filter(Boolean).join(" "));
    if (first) focusField(form.current, FOCUS_NAME[first]);
  }

  async function submit() {
    setFormError(null);
    const ds = await checkDomain();
    const found: Partial<Record<Field, Msg>> = {};
    for (const f of ORDER) found[f] = check(f, v, agree, ds ?? domainState);
    if (ORDER.some((f) => found[f])) return show(found);
    setBusy(true);
    try {
      const r = await signupApi.create({
        email, verificationToken: token, name: v.name.trim(), companyName: v.companyName.trim(), domain: normDomain(v.domain),
        adminId: v.adminId.trim(), password: v.password, passwordConfirm: v.passwordConfirm, agreeTerms: agree.terms,
        agreePrivacy: agree.privacy, languageType: currentLanguage(),
      });
      onDone(r, v.adminId.trim().toLowerCase());
    } catch (e) {
      const c = codeOf(e);
      if (c === "signup.verification_failed") return onVerificationLost(msg(c));
      const server: Partial<Record<Field, Msg>> = {};
      for (const fe of e instanceof ApiError ? e.fieldErrors : []) {
        const f = SERVER_FIELD[fe.field] ?? (fe.field as Field);
        if (ORDER.includes(f)) server[f] ??= msg(fe.code);
      }
      if (c === "signup.domain_in_use") {
        setDomainState({ domain: normDomain(v.domain), state: "taken" });
        server.domain = msg(c);
      }
      if (Object.keys(server).length) show(server);
      else if (!(e instanceof ApiError) || e.status >= 500) setFormError(msg("signup.failed"));
      else if (e instanceof ApiError && e.status === 409 && c !== "signup.email_in_use") setFormError(msg("signup.in_use"));
      else setFormError(msg(c));
    } finally {
      setBusy(false);
    }
  }

  const domain = normDomain(v.domain);
  const domainOk = DOMAIN_PATTERN.test(domain);
  const address = `${v.adminId.trim().toLowerCase()}@${domainOk ? domain : t("company.domainPlaceholder")}`;
  const ds = domainState?.domain === domain ? domainState.state : null;

  return (
    <section className="signup-step" aria-labelledby="signup-step-title">
      <h2 id="signup-step-title" className="signup-step-title">{t("company.heading")}</h2>
      <Form ref={form} className="auth-form" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <div className="signup-grid">
          <TextField label={t("company.name")} name="name" value={v.name} onChange={(x) => change("name", x)} onBlur={(e) => blur("name", e)}
            autoComplete="name" maxLength={60} errorMessage={say(errors.name)} autoFocus />
          <TextField label={t("company.companyName")} name="companyName" value={v.companyName} maxLength={100}
            onChange={(x) => change("companyName", x)} onBlur={(e) => blur("companyName", e)} autoComplete="organization" errorMessage={say(errors.companyName)} />
        </div>
        <div className={`signup-domain${ds === "available" && !errors.domain ? " is-available" : ""}`}>
          <TextField label={t("company.domain")} name="domain" value={v.domain} onChange={(x) => change("domain", x)} onBlur={(e) => blur("domain", e)}
            placeholder={t("company.domainPlaceholder")} autoComplete="off" inputMode="url" spellCheck="false" maxLength={253}
            description={ds === "checking" ? t("company.domainChecking") : ds === "available" ? t("company.domainAvailable") : t("company.domainHelp")}
            errorMessage={say(errors.domain)} />
        </div>
        <RichField label={t("company.adminId")} name="adminId" value={v.adminId} onChange={(x) => change("adminId", x)}
          onBlur={(e) => blur("adminId", e)} autoComplete="username" maxLength={64} placeholder="admin" error={say(errors.adminId)}
          suffix={`@${domainOk ? domain : t("company.domainPlaceholder")}`}
          description={LOGIN_ID_PATTERN.test(v.adminId.trim()) ? t("company.adminAddress", { address }) : t("company.adminIdHelp")} />
        <div className="signup-stack">
          <RichField label={t("company.password")} type="password" name="password" value={v.password} maxLength={PASSWORD_MAX}
            onChange={(x) => change("password", x)} onBlur={(e) => blur("password", e)} autoComplete="new-password" error={say(errors.password)} keepDescription
            description={
              <>
                {t("company.passwordHelp", { min: PASSWORD_MIN, max: PASSWORD_MAX })}{" "}
                <span className="signup-nowrap">{t("company.passwordSpecials")} <code>{PASSWORD_SPECIALS}</code></span>
              </>
            } />
          <TextField label={t("company.passwordConfirm")} type="password" name="passwordConfirm" value={v.passwordConfirm} maxLength={PASSWORD_MAX}
            onChange={(x) => change("passwordConfirm", x)} onBlur={(e) => blur("passwordConfirm", e)} autoComplete="new-password"
            errorMessage={say(errors.passwordConfirm)} />
        </div>
        <Agreements value={agree} error={say(errors.agree)} onChange={(next) => {
          setAgree(next);
          if (errors.agree) setError("agree", check("agree", v, next));
        }} />
        {announcement}
        {formError && <p className="auth-error" role="alert">{say(formError)}</p>}
        <Button type="submit" isDisabled={busy} className="auth-submit">{busy ? t("company.submitting") : t("company.submit")}</Button>
      </Form>
    </section>
  );
}
