// The language at sign-in, in a real browser: a language chosen by hand on the login page wins for that
// sign-in (the forced password change included) and is saved to the account, so it stays at the next
// sign-in; a person who chose none gets the language stored for their account, which the sign-in leaves as
// it is.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { login, signupCompany } from "../support/test-app.ts";
import { adminApi, USER_PASSWORD } from "../support/admin-api.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";

const DOMAIN = "langwalk.test";
const e = await startE2E("login-language");
const co = await signupCompany(e.t, { domain: DOMAIN, name: "김대표" });
const admin = adminApi(e.t);
// A new employee who must change the given password at first sign-in (stored language: ko, the default).
await admin.newUser(co.token, { loginId: "lee", accountName: "이영희", requestPasswordChange: true });
// An employee created in English.
await admin.newUser(co.token, { loginId: "ellen", accountName: "Ellen", languageType: "en" });

const storedLanguage = async (username: string, password = USER_PASSWORD) => {
  const me = await e.t.call("GET", "/api/users/detail", { token: (await login(e.t, username, password)).access_token });
  return me.body.languageType as string;
};

async function fillLogin(p: Page, labels: { id: string; domain: string; password: string; submit: string }, loginId: string, password: string) {
  await p.getByLabel(labels.id).fill(loginId);
  await p.getByLabel(labels.domain).fill(DOMAIN);
  await p.getByLabel(labels.password, { exact: true }).fill(password);
  await p.getByRole("button", { name: labels.submit, exact: true }).click();
}

const KO = { id: "이메일 아이디", domain: "도메인", password: "비밀번호", submit: "로그인" };
const ID = { id: "ID email", domain: "Domain", password: "Kata sandi", submit: "Masuk" };
const NEW_PASSWORD = "Baru!pass9";

describe("the language at sign-in", () => {
  test("Bahasa Indonesia chosen on the login page holds after sign-in, in the forced password change too, and is saved", async () => {
    const { context, page } = await e.newPage();
    await page.goto(`${e.base}/#/login`);
    await page.getByRole("button", { name: "Bahasa Indonesia" }).click();
    await page.getByRole("heading", { name: "Masuk ke akun perusahaan" }).waitFor();
    await e.shot(page, "login-id");
    await fillLogin(page, ID, "lee", USER_PASSWORD);
    const dialog = page.getByRole("dialog", { name: "Ubah kata sandi Anda" });
    await dialog.waitFor();
    await dialog.getByText("Administrator meminta Anda membuat kata sandi baru sebelum melanjutkan.").waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("id");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "forced-password-id");
    await expect.poll(() => storedLanguage(`lee@${DOMAIN}`)).toBe("id");

    await dialog.getByLabel("Kata sandi baru", { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel("Konfirmasi kata sandi baru").fill(NEW_PASSWORD);
    await dialog.getByRole("button", { name: "Ubah kata sandi" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: /^Kotak masuk$/i }).waitFor();
    await e.shot(page, "inbox-id");
    await context.close();
  });

  test("signing in again without choosing keeps the saved language", async () => {
    // A new browser: the login page is in Korean, nobody touches the language buttons.
    const { context, page } = await e.newPage();
    await page.goto(`${e.base}/#/login`);
    await page.getByRole("heading", { name: "회사 계정으로 로그인" }).waitFor();
    await fillLogin(page, KO, "lee", NEW_PASSWORD);
    await page.getByRole("heading", { name: /^Kotak masuk$/i }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("id");
    await context.close();
  });

  test("without a choice on the login page, the account's stored language applies and stays stored", async () => {
    const { context, page } = await e.newPage();
    await page.goto(`${e.base}/#/login`);
    await fillLogin(page, KO, "ellen", USER_PASSWORD);
    await page.getByRole("heading", { name: "Inbox" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await e.shot(page, "inbox-en-stored");
    expect(await storedLanguage(`ellen@${DOMAIN}`)).toBe("en");

    // Signed out, the login page stays in English; a choice made then counts for the next sign-in only once.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByRole("button", { name: "한국어" }).click();
    await fillLogin(page, KO, "ellen", USER_PASSWORD);
    await page.getByRole("heading", { name: "받은메일함" }).waitFor();
    expect(await storedLanguage(`ellen@${DOMAIN}`)).toBe("ko");
    await context.close();
  });
});
