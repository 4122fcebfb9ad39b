// Signing in through the app's own login page, as the browser tests and the browser benchmarks do it: the
// address to go to opened first (or the login page itself), the form filled in with the labels of the page's
// language, and, given an address, the wait until sign-in came back to it (web/src/lib/return-path.ts).
import type { Page } from "playwright-core";

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
