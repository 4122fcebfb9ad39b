// Signing in through the app's own login page, as the browser tests and the browser benchmarks do it: the
// address to go to opened first (or the login page itself), the form filled in with the labels of the page's
// language, and, given an address, the wait until sign-in came back to it (web/src/lib/return-path.ts).
import type { Page } from "playwright-core";
import { OAUTH_BASIC_HEADER, type TokenResponse } from "../../../shared/auth.ts";

/** The login form's labels in one language. */
export interface LoginLabels {
  id: string;
  domain: string;
  password: string;
  submit: string;
}

/** The labels of the login page in Korean, the language a new browser context here asks for (ko-KR). */
export const KO_LOGIN: LoginLabels = { id: "이메일 아이디", domain: "도메인", password: "비밀번호", submit: "로그인" };

/**
 * Opens `to` (an address of the app such as "/leave") as a link would, or the login page without one, and signs
 * in on the login page that shows. Given `to`, waits until the app is back there and the login page is gone;
 * without it, the caller waits for the first screen it expects.
 */
export async function signInOnLoginPage(
  page: Page,
  base: string,
  who: { loginId: string; domain: string; password: string },
  opts: { to?: string; labels?: LoginLabels } = {},
) {
  const l = opts.labels ?? KO_LOGIN;
  await page.goto(`${base}/#${opts.to ?? "/login"}`);
  await page.getByLabel(l.id).fill(who.loginId);
  await page.getByLabel(l.domain).fill(who.domain);
  await page.getByLabel(l.password).fill(who.password);
  const submit = page.getByRole("button", { name: l.submit, exact: true });
  await submit.click();
  if (!opts.to) return;
  // The address changes before the login page goes: wait for both.
  await page.waitForURL((u) => !u.hash.startsWith("#/login"));
  await submit.waitFor({ state: "detached" });
}

/**
 * Signs in as the login page does, without drawing it: the password grant through the API, the tokens and the
 * account's language stored for the app's origin (sessionStorage and localStorage, as web/src/lib/session.ts
 * and i18n.ts keep them after a sign-in without "remember me"), then `to` opened (or the first screen). For
 * tests whose subject is not signing in; the login page itself is walked by the auth journeys.
 */
export async function signInDirect(
  page: Page,
  base: string,
  who: { loginId: string; domain: string; password: string },
  to = "/",
) {
  const grant = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { authorization: OAUTH_BASIC_HEADER, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username: `${who.loginId}@${who.domain}`, password: who.password }),
  });
  if (grant.status !== 200) throw new Error(`sign-in of ${who.loginId}@${who.domain}: ${grant.status} ${await grant.text()}`);
  const tokens = await grant.json() as TokenResponse;
  const me = await fetch(`${base}/api/users/detail`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  if (me.status !== 200) throw new Error(`user detail of ${who.loginId}@${who.domain}: ${me.status}`);
  const language = ((await me.json()) as { languageType: string }).languageType;
  // A small document of the app's origin to reach its storage from (the app itself would start signed out).
  await page.goto(`${base}/healthz`);
  await page.evaluate(({ session, language }) => {
    sessionStorage.setItem("gw.session", session);
    localStorage.removeItem("gw.session");
    localStorage.setItem("gw.language", language);
  }, { session: JSON.stringify({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token }), language });
  await page.goto(`${base}/#${to}`);
}
