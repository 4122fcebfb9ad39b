// /login (002 "Sign-up / login fields"): email ID, domain, password, one-time code when the account needs
// it, remember me. A full address typed into the ID field fills the domain too. A language chosen on this page
// is kept at sign-in (and saved to the account); a session that ended because the login expired is said here.
import { createLazyRoute, Link, useNavigate, useRouter } from "@tanstack/react-router";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language, UserInfo } from "@shared/users.ts";
import { api, ApiError, passwordGrant } from "../../lib/api.ts";
import { errorText, setLanguage, takePickedLanguage } from "../../lib/i18n.ts";
import { retryAfterText } from "../../lib/retry-after.ts";
import { clearSessionExpired, sessionExpired, setTokens } from "../../lib/session.ts";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { NativeField } from "../../ui/NativeField.tsx";
import { firstScreenPath } from "../../app/modules.ts";
import { serviceConfigQuery, userDetailQuery } from "../../app/queries.ts";
import { usePageTitle } from "../../app/title.ts";
import { takeReturnPath } from "../../lib/return-path.ts";
import { PublicFrame } from "./PublicFrame.tsx";
import "./auth.css";

export const Route = createLazyRoute("/login")({ component: LoginPage });

const REMEMBER_KEY = "gw.login";

function remembered(): { id: string; domain: string } | null {
  try {
    return JSON.parse(localStorage.getItem(REMEMBER_KEY) ?? "null");
  } catch {
    return null;
  }
}

/**
 * The language of the session that starts: one the person chose on this page (or on sign-up) wins and is
 * saved to their account, so it stays; without such a choice, the language stored for the account.
 */
async function signedInLanguage(qc: QueryClient, me: UserInfo): Promise<Language> {
  const picked = takePickedLanguage();
  if (!picked || picked === me.languageType) return me.languageType;
  try {
    await api("/api/users/language", { method: "PUT", form: { languageType: picked.toUpperCase() } });
    qc.setQueryData(userDetailQuery.queryKey, { ...me, languageType: picked });
  } catch { /* not saved: the choice still holds for this visit */ }
  return picked;
}

function LoginPage() {
  const { t } = useTranslation("auth");
  usePageTitle(t("login.title"));
  const navigate = useNavigate();
  const router = useRouter();
  const qc = useQueryClient();
  const saved = remembered();
  const [id, setId] = useState(saved?.id ?? "");
  const [domain, setDomain] = useState(saved?.domain ?? "");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [needCode, setNeedCode] = useState(false);
  const [remember, setRemember] = useState(!!saved);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Sent here because the session's login expired: say so until the next attempt.
  const [expired, setExpired] = useState(sessionExpired);

  function onIdChange(v: string) {
    const at = v.indexOf("@");
    if (at >= 0) {
      setId(v.slice(0, at));
      if (v.slice(at + 1)) setDomain(v.slice(at + 1));
    } else setId(v);
  }

  async function submit() {
    setError(null);
    setExpired(false);
    clearSessionExpired();
    if (!id.trim() || !domain.trim() || !password) return setError(t("login.required"));
    if (needCode && !/^\d{6}$/.test(code.trim())) return setError(t("login.codeRequired"));
    setBusy(true);
    try {
      const tokens = await passwordGrant(`${id.trim()}@${domain.trim()}`, password, needCode ? code.trim() : undefined);
      setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }, remember);
      if (remember) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ id: id.trim(), domain: domain.trim() }));
      else localStorage.removeItem(REMEMBER_KEY);
      qc.clear();
      const [me, config] = await Promise.all([qc.fetchQuery(userDetailQuery), qc.fetchQuery(serviceConfigQuery)]);
      await setLanguage(await signedInLanguage(qc, me));
      // The address that sent the visitor here (a deep link, an expired session, a share link viewer) gets them back.
      const back = takeReturnPath();
      if (back) router.history.push(back);
      else await navigate({ to: firstScreenPath(me, config) });
    } catch (e) {
      const codeOf = e instanceof ApiError ? e.code : "common.500";
      if (codeOf === "auth.otp_required") {
        setNeedCode(true);
        setError(t("login.codeRequired"));
      } else if (codeOf === "auth.invalid_credentials") {
        setError(t("login.invalid"));
      } else if (codeOf === "auth.too_many_attempts") {
        // Locked for this account from here: say until when (the answer's retryAfterSeconds).
        const when = retryAfterText(e instanceof ApiError ? e.params : undefined);
        setError(when ? `${t("login.locked")} ${when}` : errorText(codeOf));
      } else {
        setError(errorText(codeOf, e instanceof ApiError ? e.params : undefined));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicFrame title={t("login.heading")}>
      {expired && <p className="auth-notice" role="status">{t("common:session.expired")}</p>}
      <form className="auth-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <div className="auth-address">
          <NativeField label={t("login.id")} value={id} onChange={onIdChange} autoComplete="username" name="id" autoFocus={!saved} />
          <span className="auth-at" aria-hidden="true">@</span>
          <NativeField label={t("login.domain")} value={domain} onChange={setDomain} name="domain" placeholder="example.com" />
        </div>
        <NativeField label={t("login.password")} type="password" value={password} onChange={setPassword} autoComplete="current-password" name="password" autoFocus={!!saved} />
        {needCode && (
          <NativeField label={t("login.code")} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" name="code"
            description={t("login.codeHelp")} autoFocus />
        )}
        <Checkbox isSelected={remember} onChange={setRemember}>{t("login.remember")}</Checkbox>
        {error && <p className="auth-error" role="alert">{error}</p>}
        <button type="submit" disabled={busy} className="btn btn-primary auth-submit">{busy ? t("login.signingIn") : t("login.submit")}</button>
      </form>
      <p className="auth-alt">
        {t("login.noAccount")} <Link to="/signup">{t("login.signup")}</Link>
      </p>
    </PublicFrame>
  );
}
