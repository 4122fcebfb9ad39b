// Issue 22 in a real browser: a locked sign-in says when to try again (ko, en, id), and the forced password
// change shows nothing of the app behind it (an opaque backdrop, the mailbox not rendered) until it is done.
import { describe, expect, test } from "vitest";
import { OAUTH_BASIC_HEADER } from "../../shared/auth.ts";
import { adminApi, USER_PASSWORD } from "../support/admin-api.ts";
import { signupCompany } from "../support/test-app.ts";
import { build, file } from "../mail/reading/support.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";

const DOMAIN = "lockwalk.test";
const e = await startE2E("sign-in-lock");
const co = await signupCompany(e.t, { domain: DOMAIN, name: "김대표" });
const admin = adminApi(e.t);
await admin.newUser(co.token, { loginId: "kim", accountName: "김민수" });
const lee = await admin.newUser(co.token, { loginId: "lee", accountName: "이영희", requestPasswordChange: true });

describe("sign-in lock and forced password change", () => {
  test("a locked sign-in says in how many minutes and at what time to try again, in ko, en and id", async () => {
    // Five wrong passwords from the browser's own address (loopback) lock kim out from there.
    for (let i = 0; i < 5; i++) {
      const r = await e.t.call("POST", "/oauth/token", {
        headers: { authorization: OAUTH_BASIC_HEADER },
        form: { username: `kim@${DOMAIN}`, password: `Wrong${i}!pass` },
        ip: "127.0.0.1",
      });
      expect(r.status).toBe(401);
    }
    const { page, context } = await e.newPage();
    await page.goto(`${e.base}/#/login`);
    const tryIn = async (labels: { id: string; domain: string; password: string; submit: string }) => {
      await page.getByLabel(labels.id).fill("kim");
      await page.getByLabel(labels.domain).fill(DOMAIN);
      await page.getByLabel(labels.password, { exact: true }).fill(USER_PASSWORD);
      await page.getByRole("button", { name: labels.submit, exact: true }).click();
      const alert = page.getByRole("alert");
      await alert.waitFor();
      return (await alert.textContent()) ?? "";
    };
    // The test clock stands still: the lock has its whole 15 minutes left.
    const ko = await tryIn({ id: "이메일 아이디", domain: "도메인", password: "비밀번호", submit: "로그인" });
    expect(ko).toMatch(/^로그인 실패 횟수가 너무 많습니다\. 15분 뒤\(.*\d{1,2}:\d{2}.*\)에 다시 시도해 주세요\.$/);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "locked-ko");

    await page.getByRole("button", { name: "English" }).click();
    const en = await tryIn({ id: "Email ID", domain: "Domain", password: "Password", submit: "Sign in" });
    expect(en).toMatch(/^Too many failed sign-ins\. Try again in 15 minutes, at \d{1,2}:\d{2}( [AP]M)?\.$/);
    await e.shot(page, "locked-en");

    await page.getByRole("button", { name: "Bahasa Indonesia" }).click();
    const id = await tryIn({ id: "ID email", domain: "Domain", password: "Kata sandi", submit: "Masuk" });
    expect(id).toMatch(/^Terlalu banyak upaya masuk yang gagal\. Coba lagi dalam 15 menit, pukul \d{1,2}[.:]\d{2}\.$/);
    await e.shot(page, "locked-id");
    await context.close();
  });

  test("the forced password change hides the mailbox behind an opaque backdrop until the password is changed", async () => {
    const leeToken = (await e.t.call("POST", "/oauth/token", {
      headers: { authorization: OAUTH_BASIC_HEADER },
      form: { username: lee.username, password: USER_PASSWORD },
    })).body.access_token as string;
    await file(e.t, { companyId: co.companyId, userId: lee.id, username: lee.username, token: leeToken }, build({
      to: lee.username,
      subject: "Quarterly figures, confidential",
      text: "Not for the eyes of whoever passes the screen.",
    }));

    const { page, context } = await e.newPage();
    await page.goto(`${e.base}/#/login`);
    await page.getByLabel("이메일 아이디").fill("lee");
    await page.getByLabel("도메인").fill(DOMAIN);
    await page.getByLabel("비밀번호", { exact: true }).fill(USER_PASSWORD);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.waitForLoadState("networkidle");
    // Nothing of the app is rendered behind the prompt, and what is behind it is covered by a solid colour.
    expect(await page.locator("#main").count()).toBe(0);
    expect(await page.getByText("Quarterly figures, confidential").count()).toBe(0);
    const backdrop = await page.locator(".modal-overlay").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(backdrop).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "forced-password-opaque");

    await dialog.getByLabel("새 비밀번호", { exact: true }).fill("Chang3d!pw");
    await dialog.getByLabel("새 비밀번호 확인").fill("Chang3d!pw");
    await dialog.getByRole("button", { name: "비밀번호 변경" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Quarterly figures, confidential").first().waitFor();
    await e.shot(page, "after-password-change");
    await context.close();
  });
});
