// The public share link viewer (/#/link/viewer/{token}, 000 §2, §3 "Share link", §5 "Share link password")
// in a real browser, without signing in: a password link (client-side rule messages, a wrong password
// refused with the server's text, the right one opens), an expired link, a link whose count is used up, a
// deleted link, a COMPANY link opened with a code mailed to a company address; axe on the viewer; ko and en.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN_PASSWORD, login } from "../support/test-app.ts";
import { company, type Co, registerTestObjects } from "../share/share-helpers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";

const e = await startE2E("share-viewer");
const objects = registerTestObjects(e.t);
const A: Co = await company(e.t, "viewer.test");
const LINKS = "/api/share/links";

let n = 0;
function doc(title: string) {
  return objects.add(`vdoc-${++n}`, { companyId: A.companyId, ownerUserId: A.admin.id, title });
}
async function link(json: Record<string, unknown>): Promise<{ id: number; token: string; url: string }> {
  // The tests move the clock past the access token's lifetime: sign in again for each link.
  A.admin.token = (await login(e.t, A.admin.username, ADMIN_PASSWORD)).access_token;
  const r = await e.t.call("POST", LINKS, { token: A.admin.token, json: { moduleType: "doc", permission: "READ", ...json } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
/** Opens the viewer afresh (a hash-only change of the same address would not reload the page). */
async function visit(page: Page, url: string) {
  if (page.url() === `${e.base}${url}`) await page.reload();
  else await page.goto(`${e.base}${url}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
}

describe("the share link viewer", () => {
  test("a password link: the rule messages, a wrong password refused, the right one opens (ko)", async () => {
    const id = doc("3분기 보고서");
    const l = await link({ objectId: id, permission: "EDIT", accessMode: "PASSWORD", password: "Pass1234", downloadLimitCount: 5 });
    expect(l.url).toBe(`/#/link/viewer/${l.token}`);
    const { page, context } = await e.newPage();
    await visit(page, l.url);
    await page.getByRole("heading", { name: "공유된 항목" }).waitFor();
    await expect.poll(() => page.title()).toBe("공유 링크");
    // The title stays hidden until the password is given; the permission and count show.
    await page.getByText("링크를 연 뒤에 표시됩니다").waitFor();
    await page.getByText("편집", { exact: true }).waitFor();
    await page.getByText("0 / 5회 사용").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "password-form");

    const field = page.getByLabel("링크 비밀번호");
    const open = page.getByRole("button", { name: "열기", exact: true });
    for (const [value, message] of [
      ["abc", "4~8자의 영문 또는 숫자를 입력하세요."],
      ["ab cd", "문자 사이에 공백을 포함할 수 없습니다."],
      ["abc!d", "영문과 숫자만 입력할 수 있습니다."],
    ]) {
      await field.fill(value);
      await open.click();
      await page.getByText(message).waitFor();
    }
    await e.shot(page, "password-rule");

    await field.fill("Wrong123");
    await open.click();
    await page.getByText("비밀번호가 올바르지 않습니다.").waitFor();
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    await e.shot(page, "password-wrong");

    await field.fill("Pass1234");
    await open.click();
    await page.getByRole("heading", { name: "3분기 보고서" }).waitFor();
    await page.getByText("링크를 열었습니다.").waitFor();
    await page.getByText("1 / 5회 사용").waitFor();
    await expect.poll(() => page.title()).toBe("3분기 보고서");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "password-opened");
    await context.close();
  });

  test("too many wrong passwords: the wait is shown and opening is held back", async () => {
    const l = await link({ objectId: doc("잠긴 문서"), accessMode: "PASSWORD", password: "abcd1234" });
    const { page, context } = await e.newPage();
    await visit(page, l.url);
    const field = page.getByLabel("링크 비밀번호");
    for (let i = 0; i < 5; i++) {
      await field.fill(`wrong${i}`);
      await page.getByRole("button", { name: "열기", exact: true }).click();
      await page.getByText("비밀번호가 올바르지 않습니다.").waitFor();
    }
    await field.fill("abcd1234");
    await page.getByRole("button", { name: "열기", exact: true }).click();
    await page.getByText(/^비밀번호를 여러 번 틀렸습니다\. \d+:\d\d 후에 다시 시도하세요\.$/).waitFor();
    await expect(page.getByRole("button", { name: /후 다시 시도$/ }).isDisabled()).resolves.toBe(true);
    await e.shot(page, "password-blocked");
    await context.close();
  });

  test("an ANYONE link opens; then, past its expiry, says it has expired (en)", async () => {
    const id = doc("Price list");
    const expiry = e.t.clock.now().getTime() + 86_400_000;
    const l = await link({ objectId: id, expiryDate: expiry });
    const { page, context } = await e.newPage();
    await page.goto(`${e.base}/#/login`);
    await page.getByRole("button", { name: "English" }).click();
    await visit(page, l.url);
    await page.getByRole("heading", { name: "Shared item" }).waitFor();
    await page.getByText("Price list").waitFor();
    await page.getByText("0 used (no limit)").waitFor();
    await expect.poll(() => page.title()).toBe("Price list");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "anyone-en");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByText("The link is open.").waitFor();
    await page.getByText("Items of this type cannot be previewed in the browser yet.").waitFor();
    await e.shot(page, "anyone-opened-en");

    e.t.clock.advance(2 * 86_400_000);
    await visit(page, l.url);
    await page.getByText("This link has expired.").waitFor();
    await page.getByText("Ask the person who sent it for a new link.").waitFor();
    await expect.poll(() => page.title()).toBe("Shared link");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "expired-en");
    await context.close();
  });

  test("a link whose count is used up, one not started yet, and a deleted one", async () => {
    const { page, context } = await e.newPage();
    const used = await link({ objectId: doc("한 번만"), downloadLimitCount: 1 });
    await visit(page, used.url);
    await page.getByText("0 / 1회 사용").waitFor();
    await page.getByRole("button", { name: "열기", exact: true }).click();
    await page.getByText("링크를 열었습니다.").waitFor();
    await visit(page, used.url);
    await page.getByText("다운로드 가능 횟수를 모두 사용한 링크입니다.").waitFor();
    await e.shot(page, "limit-reached");

    const start = e.t.clock.now().getTime() + 3_600_000;
    const later = await link({ objectId: doc("곧 공개"), startDateTimeMillis: start });
    await visit(page, later.url);
    await page.getByText("아직 사용할 수 없는 링크입니다.").waitFor();
    await page.getByText(/부터 열 수 있습니다\.$/).waitFor();
    await e.shot(page, "not-started");
    e.t.clock.advance(2 * 3_600_000);
    await page.getByRole("button", { name: "다시 시도" }).click();
    await page.getByRole("button", { name: "열기", exact: true }).waitFor();

    const gone = await link({ objectId: doc("지운 링크") });
    expect((await e.t.call("DELETE", `${LINKS}/${gone.id}`, { token: A.admin.token })).status).toBe(204);
    await visit(page, gone.url);
    await page.getByText("삭제된 링크입니다.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "deleted");
    await context.close();
  });

  test("a COMPANY link without signing in: offers sign-in, and opens with a code mailed to a company address", async () => {
    const l = await link({ objectId: doc("사내 공지"), accessMode: "COMPANY" });
    const { page, context } = await e.newPage();
    await visit(page, l.url);
    await page.getByText("회사 계정으로 로그인해야 열 수 있는 링크입니다.").waitFor();
    await page.getByRole("link", { name: "로그인하고 돌아오기" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "company-sign-in");

    await page.getByRole("textbox", { name: "회사 이메일" }).fill(A.admin.username);
    await page.getByRole("button", { name: "인증 코드 받기" }).click();
    const mail = await e.t.smtp.next(A.admin.username);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    await page.getByLabel("인증 코드").fill(code);
    await page.getByRole("button", { name: "인증하고 열기" }).click();
    await page.getByRole("heading", { name: "사내 공지" }).waitFor();
    await e.shot(page, "company-opened");

    // Sign-in from the viewer comes back to it.
    await visit(page, l.url);
    await page.getByRole("link", { name: "로그인하고 돌아오기" }).click();
    await page.waitForURL(/#\/login$/);
    await page.getByLabel("이메일 아이디").fill(A.admin.username);
    await page.getByLabel("비밀번호").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.waitForURL(new RegExp(`#/link/viewer/${l.token}$`));
    await page.getByText("사내 공지").waitFor();
    await page.getByRole("button", { name: "열기", exact: true }).click();
    await page.getByText("링크를 열었습니다.").waitFor();
    await e.shot(page, "company-signed-in");
    await context.close();
  });

  test("a COMPANY link for someone signed in to another company: only for the sharing company", async () => {
    const l = await link({ objectId: doc("회사 전용"), accessMode: "COMPANY" });
    await company(e.t, "other-viewer.test");
    const { page, context } = await e.newPage();
    await page.goto(`${e.base}/#/login`);
    await page.getByLabel("이메일 아이디").fill("admin@other-viewer.test");
    await page.getByLabel("비밀번호").fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await page.waitForURL(/#\/(account|mail|home)/);
    await visit(page, l.url);
    await page.getByText("링크를 공유한 회사의 임직원만 열 수 있습니다.").waitFor();
    await page.getByText("링크를 연 뒤에 표시됩니다").waitFor();
    await expect(page.getByRole("link", { name: "로그인하고 돌아오기" }).count()).resolves.toBe(0);
    await e.shot(page, "company-other");
    await context.close();
  });
});
