// Sign-up helpers: the four public calls, error texts in the sign-up namespace, a seconds countdown.
import { useEffect, useState } from "react";
import type { SignupResult } from "@shared/auth.ts";
import type { Language } from "@shared/users.ts";
import { api, ApiError, paramsOf } from "../../lib/api.ts";
import i18n, { errorText } from "../../lib/i18n.ts";

export const NS = "signup";

export interface CodeSent {
  expiresAtMillis: number;
  resendAfterSeconds: number;
}

export interface SignupBody {
  email: string;
  verificationToken: string;
  name: string;
  companyName: string;
  domain: string;
  adminId: string;
  password: string;
  passwordConfirm: string;
  agreeTerms: boolean;
  agreePrivacy: boolean;
  languageType: Language;
}

export function currentLanguage(): Language {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return l === "en" || l === "id" ? l : "ko";
}

export const signupApi = {
  sendCode: (email: string) =>
    api<CodeSent>("/api/signup/email/code", { method: "POST", json: { email, languageType: currentLanguage() }, anonymous: true }),
  verify: (email: string, code: string) =>
    api<{ verificationToken: string }>("/api/signup/email/verify", { method: "POST", json: { email, code }, anonymous: true }),
  checkDomain: (domain: string) =>
    api<{ domain: string; available: boolean }>("/api/signup/domain/check", { query: { domain }, anonymous: true }),
  create: (body: SignupBody) => api<SignupResult>("/api/signup", { method: "POST", json: body, anonymous: true }),
};

/** The code of a failure: a server code, or "signup.failed" when the call never got an answer. */
export function codeOf(e: unknown): string {
  return e instanceof ApiError ? e.code : "signup.failed";
}
export { paramsOf };

/**
 * Text for a code on this page. The sign-up namespace words the codes of this flow in its own context
 * (and keeps them available in every language); anything else goes through the shared errors namespace.
 */
export function signupError(code: string, params?: Record<string, unknown>): string {
  const key = `${NS}:errors.${code}`;
  if (i18n.exists(key)) return i18n.t(key, params);
  return errorText(code, params);
}

/** A message kept as a code, so it follows a change of language while shown. */
export interface Msg {
  code: string;
  params?: Record<string, unknown>;
}
export const msg = (code: string, params?: Record<string, unknown>): Msg => ({ code, params });
export const say = (m: Msg | null | undefined): string | undefined => (m ? signupError(m.code, m.params) : undefined);

/** "m:ss" for a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Whole seconds left until `until` (epoch millis), ticking once a second while positive. */
export function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until === null || until <= Date.now()) return;
    const id = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= until) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * A visually hidden alert for errors shown beside fields (their own text is not a live region).
 * Each call re-creates the alert so the same text is read again. `shown` are the texts of the errors on screen
 * now: the alert goes once none of those it announced is shown any more (a corrected address leaves no stale
 * "invalid address" alert in the page).
 */
export function useAnnouncer(shown: (string | undefined)[]): [React.ReactNode, (text: string) => void] {
  const [said, setSaid] = useState({ text: "", n: 0 });
  const current = !!said.text && shown.some((s) => !!s && said.text.includes(s));
  const node = current ? <div key={said.n} className="visually-hidden" role="alert">{said.text}</div> : null;
  return [node, (text: string) => setSaid((s) => ({ text, n: s.n + 1 }))];
}

/** Moves focus to the named control inside a form (first invalid field after a failed submit). */
export function focusField(form: HTMLFormElement | null, name: string | undefined) {
  if (!form || !name) return;
  const el = form.querySelector<HTMLElement>(`[name="${name}"]`);
  el?.focus();
}
