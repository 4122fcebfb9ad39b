// The sign-in page and the shell in a real browser: guard, wrong password, sign-in, languages, theme,
// side panel, 404, sign-out, the address opened without a session reached after sign-in; axe-core on the
// sign-in page and the shell.
import { describe, expect, test } from "vitest";
import { ADMIN_PASSWORD, signupCompany } from "../support/test-app.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";

const e = await startE2E("shell");
const co = await signupCompany(e.t, { domain: "shell.test", name: "김관리" });
const { page } = await e.newPage();

async function signIn(id: string, domain: string, password: string) {
  await page.getByLabel("이메일 아이디").fill(id);
  await page.getByLabel("도메인").fill(domain);
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
}

describe("sign-in page and shell", () => {
  test("without a session every route leads to the sign-in page, which passes axe", async () => {
    await page.goto(`${e.base}/#/account/security`);
    await page.waitForURL(/#\/login$/);
    await page.getByRole("heading", { name: "회사 계정으로 로그인" }).waitFor();
    expect(await page.title()).toBe("로그인");
    await e.shot(page, "login-ko");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("axe as these tests run it (support/axe.ts) reports what it should: a button without a name", async () => {
    await page.evaluate(() => document.body.append(Object.assign(document.createElement("button"), { className: "axe-control" })));
    expect(await seriousViolations(page)).toEqual([expect.stringMatching(/^critical button-name: .* — \.axe-control$/)]);
    await page.evaluate(() => document.querySelector(".axe-control")?.remove());
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a wrong password is refused with the spec's message", async () => {
    await signIn("admin", "shell.test", "Wrong999!");
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("아이디 또는 비밀번호를 확인하세요");
    await e.shot(page, "login-wrong-password");
  });

  test("a full address in the ID field fills the domain; sign-in opens the shell on the page that sent it here", async () => {
    await page.getByLabel("이메일 아이디").fill("admin@shell.test");
    await expect(page.getByLabel("도메인").inputValue()).resolves.toBe("shell.test");
    await page.getByLabel("비밀번호").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    // The first test opened #/account/security without a session: sign-in goes back there, once.
    await page.waitForURL(/#\/account\/security$/);
    await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
    await expect(page.getByRole("button", { name: "사용자 메뉴" }).textContent()).resolves.toContain("김관리");
    await e.shot(page, "shell-ko");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a signed-in visit to the sign-in page goes to the first screen", async () => {
    await page.goto(`${e.base}/#/login`);
    await page.waitForURL(/#\/mail\/\d+\/1$/);
  });

  test("the user menu switches to English and Indonesian, saved to the account", async () => {
    await page.getByRole("button", { name: "사용자 메뉴" }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await page.getByRole("button", { name: "User menu" }).waitFor();
    await e.shot(page, "shell-en");
    const me = await e.t.call("GET", "/api/users/detail", { token: co.token });
    expect(me.body.languageType).toBe("en");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Bahasa Indonesia" }).click();
    await page.getByRole("button", { name: "Menu pengguna" }).waitFor();
    await e.shot(page, "shell-id");
    await page.getByRole("button", { name: "Menu pengguna" }).click();
    await page.getByRole("menuitem", { name: "한국어" }).click();
    await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
  });

  test("the theme dialog applies and saves a theme", async () => {
    await page.getByRole("button", { name: "테마" }).click();
    await page.getByRole("dialog", { name: "테마" }).getByText("블루", { exact: true }).click();
    await expect.poll(() => page.getByRole("radio", { name: "블루" }).isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim())).toBe("#1E6FD9");
    await e.shot(page, "theme-dialog");
    await page.getByRole("dialog", { name: "테마" }).getByRole("button", { name: "닫기" }).click();
    expect((await e.t.call("GET", "/api/users/detail", { token: co.token })).body.theme).toBe("blue");
    await page.reload();
    await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("blue");
    await e.shot(page, "shell-blue");
  });

  test("the side panel closes, and stays closed after a reload", async () => {
    await page.getByRole("button", { name: "사이드 패널 닫기" }).click();
    await expect(page.getByRole("navigation", { name: "모듈" }).count()).resolves.toBe(0);
    await page.reload();
    await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
    await expect(page.getByRole("navigation", { name: "모듈" }).count()).resolves.toBe(0);
    await page.getByRole("button", { name: "사이드 패널 보이기/숨기기" }).click();
    await page.getByRole("navigation", { name: "모듈" }).waitFor();
  });

  test("unknown paths lead to /404", async () => {
    await page.goto(`${e.base}/#/no/such/page`);
    await page.waitForURL(/#\/404$/);
    await page.getByRole("heading", { name: "404" }).waitFor();
    await e.shot(page, "not-found");
  });

  test("log out returns to the sign-in page and the session is gone", async () => {
    await page.goto(`${e.base}/#/account/info`);
    await page.getByRole("button", { name: "사용자 메뉴" }).click();
    await page.getByRole("menuitem", { name: "로그아웃" }).click();
    await page.waitForURL(/#\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("gw.session") ?? sessionStorage.getItem("gw.session"))).toBeNull();
    await page.goto(`${e.base}/#/account/info`);
    await page.waitForURL(/#\/login$/);
  });

  test("the address opened without a session comes back after sign-in; after signing out, sign-in opens the first screen", async () => {
    // Left on the sign-in page by #/account/info (the test before).
    await signIn("admin", "shell.test", ADMIN_PASSWORD);
    await page.waitForURL(/#\/account\/info$/);
    await page.getByRole("button", { name: "사용자 메뉴" }).click();
    await page.getByRole("menuitem", { name: "로그아웃" }).click();
    await page.waitForURL(/#\/login$/);
    await signIn("admin", "shell.test", ADMIN_PASSWORD);
    await page.waitForURL(/#\/mail\/\d+\/1$/);
  });
});
