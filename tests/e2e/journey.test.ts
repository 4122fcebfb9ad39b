// A new company's first hour in a real browser: sign up (the code read from the loopback SMTP listener),
// sign in, the shell, change the password, sign out, be refused with the old password, sign back in;
// axe on the sign-up page and each account tab; an administrator adds a colleague who must change the
// given password at first sign-in.
import { describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";

const e = await startE2E("journey");
const { page } = await e.newPage();
const EMAIL = "founder@journey-mail.test";

describe("a new company in the browser", () => {
  test("signs up with a code from the mail", async () => {
    await page.goto(`${e.base}/#/login`);
    await page.getByRole("link", { name: "회사 가입하기" }).click();
    await page.waitForURL(/#\/signup$/);
    await page.getByRole("heading", { name: "회사 가입하기" }).waitFor();
    expect(await page.title()).toBe("회원가입");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "signup-start");

    await page.getByLabel("이메일", { exact: true }).fill(EMAIL);
    await page.getByRole("button", { name: "인증 코드 받기" }).click();
    const mail = await e.t.smtp.next(EMAIL);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    await page.getByLabel("인증 코드").fill(code);
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await page.getByText(`${EMAIL} 인증 완료`).waitFor();

    await page.getByLabel("이름", { exact: true }).fill("한결");
    await page.getByLabel("회사 이름").fill("Journey Co");
    await page.getByLabel("도메인", { exact: true }).fill("journey.test");
    await page.getByLabel("관리자 아이디").fill("boss");
    await page.getByLabel("비밀번호", { exact: true }).fill("Journey1!");
    await page.getByLabel("비밀번호 확인").fill("Journey1!");
    await page.getByText("모두 동의합니다").click();
    await e.shot(page, "signup-filled");
    await page.getByRole("button", { name: "가입하기" }).click();
    // The company step already shows the address as it is typed: wait for the done step's own.
    await page.getByRole("heading", { name: "가입이 완료되었습니다" }).waitFor();
    await expect(page.getByRole("definition").textContent()).resolves.toBe("boss@journey.test");
    await e.shot(page, "signup-done");
  });

  test("signs in with the address the sign-up left filled in, and sees the shell", async () => {
    await page.getByRole("button", { name: "로그인" }).or(page.getByRole("link", { name: "로그인" })).first().click();
    await page.waitForURL(/#\/login$/);
    await expect(page.getByLabel("이메일 아이디").inputValue()).resolves.toBe("boss");
    await expect(page.getByLabel("도메인").inputValue()).resolves.toBe("journey.test");
    await page.getByLabel("비밀번호").fill("Journey1!");
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    // The first screen is mail, in the inbox; account settings are one menu away.
    await page.waitForURL(/#\/mail\/\d+\/1$/);
    await page.getByRole("button", { name: "사용자 메뉴" }).click();
    await page.getByRole("menuitem", { name: "계정 설정" }).click();
    await page.waitForURL(/#\/account\/info$/);
    await page.getByRole("tab", { name: "기본 정보" }).waitFor();
    await expect.poll(() => page.title()).toBe("계정 설정");
    await e.shot(page, "account-info");
  });

  test("every account tab opens and passes axe", async () => {
    for (const [tab, label] of [["security", "보안"], ["account_history", "접속 기록"], ["account", "계정 공유"], ["service", "서비스 설정"], ["info", "기본 정보"]]) {
      await page.getByRole("tab", { name: label }).click();
      await page.waitForURL(new RegExp(`#/account/${tab}$`));
      await page.getByRole("tabpanel").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page), tab).toEqual([]);
      await e.shot(page, `account-${tab}`);
    }
  });

  test("changes the password; the old one is then refused and the new one works", async () => {
    await page.getByRole("tab", { name: "보안" }).click();
    await page.getByLabel("현재 비밀번호").fill("Journey1!");
    await page.getByLabel("새 비밀번호", { exact: true }).fill("Journey2@");
    await page.getByLabel("새 비밀번호 확인").fill("Journey2@");
    await page.getByRole("button", { name: "비밀번호 변경" }).click();
    await page.getByText("비밀번호가 변경되었습니다.").first().waitFor();
    await e.shot(page, "password-changed");

    await page.getByRole("button", { name: "사용자 메뉴" }).click();
    await page.getByRole("menuitem", { name: "로그아웃" }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByLabel("이메일 아이디").fill("boss@journey.test");
    await page.getByLabel("비밀번호").fill("Journey1!");
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.getByText("아이디 또는 비밀번호를 확인하세요.").waitFor();
    await e.shot(page, "old-password-refused");
    await page.getByLabel("비밀번호").fill("Journey2@");
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.waitForURL(/#\/mail\/\d+\/1$/);
  });

  test("the administrator adds a colleague, who must change the password at first sign-in", async () => {
    await page.getByRole("button", { name: "사용자 메뉴" }).click();
    await page.getByRole("menuitem", { name: "관리자" }).click();
    await page.waitForURL(/#\/admin\/users$/);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "admin-users");

    // The colleague is created through the API the console uses, then signs in in a second browser.
    const admin = await e.t.call("POST", "/oauth/token", {
      headers: { authorization: (await import("../../shared/oauth.ts")).OAUTH_BASIC_HEADER },
      form: { username: "boss@journey.test", password: "Journey2@" },
    });
    const created = await e.t.call("POST", "/api/admin/users", {
      token: admin.body.access_token,
      json: { loginId: "mina", accountName: "이미나", password: "Welcome1!" },
    });
    expect(created.status).toBe(201);
    const second = await e.newPage();
    await second.page.goto(`${e.base}/#/login`);
    await second.page.getByLabel("이메일 아이디").fill("mina@journey.test");
    await second.page.getByLabel("비밀번호").fill("Welcome1!");
    await second.page.getByRole("button", { name: "로그인", exact: true }).click();
    const dialog = second.page.getByRole("dialog");
    await dialog.waitFor();
    await e.shot(second.page, "forced-password-dialog");
    expect(await seriousViolations(second.page)).toEqual([]);
    await second.page.keyboard.press("Escape");
    await expect(dialog.isVisible()).resolves.toBe(true);
    await second.context.close();
  });
});
