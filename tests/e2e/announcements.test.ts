// Announcements in a real browser: the administrator writes one in the console (rich text); a colleague signs
// in, sees the new-announcement signal and the list that opens by itself, reads the announcement, and the
// signal is gone afterwards. axe-core on the console, the editor and both dialogs.
import { describe, expect, test } from "vitest";
import { ADMIN_PASSWORD, login, signupCompany } from "../support/test-app.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";

const e = await startE2E("announcements");
const co = await signupCompany(e.t, { domain: "notice.test", name: "김관리" });
const PW = "Us3r!pass";
const created = await e.t.call("POST", "/api/admin/users", {
  token: co.token,
  json: { loginId: "reader", accountName: "이독자", password: PW, requestPasswordChange: false },
});
if (created.status !== 201) throw new Error(`user: ${created.status}`);
// The colleague's first sign-in: what is posted after it counts as new at the next one.
await login(e.t, "reader@notice.test", PW);
e.t.clock.advance(10_000);

const TITLE = "11월 정기 점검 안내";
const admin = await e.newPage();
const user = await e.newPage();

async function signIn(page: typeof admin.page, id: string, password: string) {
  await page.goto(`${e.base}/#/login`);
  await page.getByLabel("이메일 아이디").fill(id);
  await page.getByLabel("도메인").fill("notice.test");
  await page.getByLabel("비밀번호").fill(password);
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
}

describe("announcements", () => {
  test("the administrator writes an announcement in the console", async () => {
    const { page } = admin;
    await signIn(page, "admin", ADMIN_PASSWORD);
    await page.goto(`${e.base}/#/admin/announcements`);
    await page.getByRole("heading", { name: "공지사항", level: 2 }).waitFor();
    await page.getByText("등록된 공지가 없습니다.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "admin-empty");

    await page.getByRole("button", { name: "공지 작성" }).click();
    const dialog = page.getByRole("dialog", { name: "공지 작성" });
    await dialog.waitFor();
    // Empty fields are refused here first.
    await dialog.getByRole("button", { name: "등록" }).click();
    await dialog.getByText("제목을 입력하세요.").waitFor();
    await dialog.getByText("내용을 입력하세요.").waitFor();

    await dialog.getByLabel("제목").fill(TITLE);
    const editor = dialog.getByRole("textbox", { name: "내용" });
    await editor.click();
    await page.keyboard.type("토요일 오전에 메일 서비스를 점검합니다.");
    await page.keyboard.press("Control+A");
    await dialog.getByRole("button", { name: "굵게" }).click();
    await expect(dialog.getByRole("button", { name: "굵게" }).getAttribute("aria-pressed")).resolves.toBe("true");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "글머리 기호 목록" }).click();
    await page.keyboard.type("오전 9시 ~ 11시");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "admin-editor");
    await dialog.getByRole("button", { name: "등록" }).click();
    await page.getByText("공지를 등록했습니다.").first().waitFor();
    await page.getByRole("rowheader", { name: TITLE }).waitFor();
    await e.shot(page, "admin-list");

    const list = await e.t.call("GET", "/api/announce/list", { token: co.token });
    expect(list.body.totalElements).toBe(1);
    expect(list.body.content[0].contents).toContain("<b>토요일 오전에 메일 서비스를 점검합니다.</b>");
    expect(list.body.content[0].contents).toMatch(/<ul><li>(<b>)?오전 9시 ~ 11시/);
    // The author gets no signal for their own post.
    await page.getByRole("button", { name: "공지사항", exact: true }).waitFor(); // visible (a loaded machine may still be drawing the top bar)
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
  });

  test("a colleague signs in: the signal shows and the list opens once", async () => {
    const { page } = user;
    e.t.clock.advance(10_000);
    await signIn(page, "reader", PW);
    const dialog = page.getByRole("dialog", { name: "공지사항" });
    try {
      await dialog.waitFor({ timeout: 10_000 });
    } finally {
      await e.shot(page, "user-signed-in");
    }
    await dialog.getByRole("button", { name: new RegExp(TITLE) }).waitFor();
    await dialog.getByText("새 공지").waitFor();
    // The dot on the top-bar button stays until the list is closed.
    await expect(page.getByTestId("announcement-dot").count()).resolves.toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "user-list");

    await dialog.getByRole("button", { name: new RegExp(TITLE) }).click();
    const view = page.getByRole("dialog", { name: TITLE });
    await view.waitFor();
    await view.locator(".ann-contents b").getByText("토요일 오전에 메일 서비스를 점검합니다.").waitFor();
    await view.getByRole("listitem").getByText("오전 9시 ~ 11시").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "user-view");

    await view.getByRole("button", { name: "목록으로" }).click();
    await dialog.getByRole("button", { name: new RegExp(TITLE) }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    // Seen: the button no longer announces new ones, and a reload does not open the list again.
    await page.getByRole("button", { name: "공지사항", exact: true }).waitFor();
    await expect(page.getByTestId("announcement-dot").count()).resolves.toBe(0);
    await page.reload();
    await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await e.shot(page, "user-shell-after");
  });

  test("the top-bar button opens the list by keyboard", async () => {
    const { page } = user;
    await page.getByRole("button", { name: "공지사항", exact: true }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "공지사항" });
    const item = dialog.getByRole("button", { name: new RegExp(TITLE) });
    await item.waitFor();
    // Focus moves into the dialog; Tab reaches the first announcement.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(() => item.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: TITLE }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  });

  test("an announcement posted while the colleague is signed in shows its signal at once, without a reload", async () => {
    const { page } = user;
    await expect(page.getByTestId("announcement-dot").count()).resolves.toBe(0);
    e.t.clock.advance(1_000);
    const posted = await e.t.call("POST", "/api/admin/announcements", { token: co.token, json: { title: "긴급 공지", contents: "<p>지금 확인하세요</p>" } });
    expect(posted.status).toBe(201);
    // Well before the 5-minute poll: the company topic carries it.
    await page.getByTestId("announcement-dot").waitFor({ timeout: 5_000 });
    await e.shot(page, "user-live-signal");
  });
});
