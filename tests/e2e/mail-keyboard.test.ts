// The mail app with the keyboard only, as a screen-reader user walks it. The first Tab stop of a signed-in
// page is "skip to main content" (shown when focused; ko, en and id), which lands in the list; after it the
// focus order is the visual order: top bar, folder tree, list, side panel. Enter on a row opens the mail with
// the focus on its subject heading (read out), and the "back to list" link or the browser's Back puts it on
// the row again; with the mouse the same happens without a focus ring. A destructive confirm (leaving unsaved
// mail, trashing a starred mail) starts on Cancel, so Enter keeps what the user has.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { deliver, folders, mailCompany, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-keyboard");
const co = await mailCompany(e, "keys.test");
const me = await co.member("keys");
const box = await folders(e.t, me);
const third = await deliver(e, me, { subject: "세 번째 메일", to: me.username, text: "셋" });
const second = await deliver(e, me, { subject: "두 번째 메일", to: me.username, text: "둘" });
await deliver(e, me, { subject: "첫 번째 메일", to: me.username, text: "하나" });

const { page } = await e.newPage();
page.setDefaultTimeout(10_000);
const listUrl = `${e.base}/#/mail/${box.INBOX}/1`;
const rows = () => page.locator("[role=row][data-mail-id]");

/** Where the focus is: the part of the screen, and the element. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return { part: "body", what: "" };
    const part = a.classList.contains("skip-link")
      ? "skip"
      : a.closest(".top-bar")
      ? "top"
      : a.closest(".mail-folder-pane")
      ? "folders"
      : a.closest(".mail-content")
      ? "content"
      : a.closest(".side-panel")
      ? "side"
      : "other";
    return { part, what: `${a.tagName.toLowerCase()} ${a.id || a.getAttribute("aria-label") || (a.textContent ?? "").trim().slice(0, 20)}` };
  });
const activeId = () => page.evaluate(() => document.activeElement?.id ?? "");
const focusVisible = () => page.evaluate(() => document.activeElement?.matches(":focus-visible") ?? false);

async function signInByKeyboard() {
  await page.goto(`${e.base}/#/login`);
  await page.getByLabel("이메일 아이디").fill("keys");
  await page.getByLabel("도메인").fill(co.domain);
  await page.getByLabel("비밀번호").fill(USER_PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL(/#\/mail\//);
  await rows().first().waitFor();
}

/** Tabs from the skip link into the list until a row has the focus; answers how many Tabs it took. */
async function tabToList(): Promise<number> {
  for (let n = 1; n <= 10; n++) {
    await page.keyboard.press("Tab");
    if ((await activeId()).startsWith("mail-row-")) return n;
  }
  throw new Error("no row reached");
}

describe("the skip link and the focus order", { timeout: 60_000 }, () => {
  test("the first Tab stop is the skip link, shown when focused; then top bar, folders, list, side panel", async () => {
    await signInByKeyboard();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "본문으로 건너뛰기" });
    await expect(focused(page)).resolves.toMatchObject({ part: "skip" });
    // In sight while focused (not clipped off the top of the screen), and above the top bar.
    const shown = await skip.boundingBox();
    expect(shown!.y).toBeGreaterThanOrEqual(0);
    expect(shown!.height).toBeGreaterThan(20);
    await e.shot(page, "skip-link-ko");

    // The order of the parts as Tab walks the page once round.
    const parts: string[] = ["skip"];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const { part } = await focused(page);
      if (part === "skip" || part === "body") break;
      if (parts.at(-1) !== part) parts.push(part);
    }
    expect(parts).toEqual(["skip", "top", "folders", "content", "side"]);
  });

  test("the skip link jumps past the top bar and the folders to the list", async () => {
    await page.reload();
    await rows().first().waitFor();
    await page.keyboard.press("Tab");
    await expect(focused(page)).resolves.toMatchObject({ part: "skip" });
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await focused(page)).part).toBe("content");
    await e.shot(page, "skip-link-used");
    // A few stops (the list's own toolbar) before the rows, not the eighteen of the whole page.
    expect(await tabToList()).toBeLessThanOrEqual(4);
    // Not a route of its own: the address stays the list's.
    expect(page.url()).toBe(listUrl);
  });

  test("the skip link in English and Indonesian", async () => {
    try {
      for (const [lang, menu, label] of [["English", "사용자 메뉴", "Skip to main content"], ["Bahasa Indonesia", "User menu", "Lewati ke konten utama"]]) {
        await page.getByRole("button", { name: menu }).click();
        await page.getByRole("menuitem", { name: lang }).click();
        const skip = page.getByRole("link", { name: label });
        await skip.waitFor({ state: "attached" });
        await skip.focus();
        await expect.poll(async () => (await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
        await e.shot(page, `skip-link-${lang === "English" ? "en" : "id"}`);
      }
    } finally {
      // The next tests read Korean, whichever language this one stopped in.
      const menu = page.getByRole("button", { name: /^(사용자 메뉴|User menu|Menu pengguna)$/ });
      if ((await menu.getAttribute("aria-label")) !== "사용자 메뉴") {
        await menu.click();
        await page.getByRole("menuitem", { name: "한국어" }).click();
      }
      await page.getByRole("button", { name: "사용자 메뉴" }).waitFor();
    }
  });
});

describe("opening a mail and coming back", { timeout: 60_000 }, () => {
  test("Enter on a row puts the focus on the reader's subject; the back link puts it on the row again", async () => {
    await page.goto(listUrl);
    await page.reload();
    await rows().first().focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(activeId).toBe(`mail-row-${second}`);
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { name: "두 번째 메일", level: 2 });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await heading.getAttribute("tabindex")).toBe("-1");
    // Reached by a key: the ring shows where the focus is.
    expect(await focusVisible()).toBe(true);
    await e.shot(page, "reader-focused-by-key");

    // Shift+Tab walks back through the reader's toolbar to its "back to list" link.
    const back = page.getByRole("link", { name: "목록으로" });
    for (let i = 0; i < 30 && !(await back.evaluate((a) => a === document.activeElement)); i++) await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(listUrl);
    await expect.poll(activeId).toBe(`mail-row-${second}`);
    expect(await focusVisible()).toBe(true);
    await e.shot(page, "row-focused-after-back-link");
    // The keys go on from that row.
    await page.keyboard.press("ArrowDown");
    await expect.poll(activeId).toBe(`mail-row-${third}`);
  });

  test("the browser's Back puts the focus on the row that was opened", async () => {
    await page.goto(listUrl);
    await rows().nth(2).focus();
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { name: "세 번째 메일", level: 2 });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    await page.goBack();
    await page.waitForURL(listUrl);
    await expect.poll(activeId).toBe(`mail-row-${third}`);
  });

  test("with the mouse the focus follows the same way, without a focus ring", async () => {
    await page.goto(listUrl);
    await rows().filter({ hasText: "두 번째 메일" }).click();
    const heading = page.getByRole("heading", { name: "두 번째 메일", level: 2 });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await focusVisible()).toBe(false);
    expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe("none");
    await page.getByRole("link", { name: "목록으로" }).click();
    await page.waitForURL(listUrl);
    await expect.poll(activeId).toBe(`mail-row-${second}`);
    expect(await focusVisible()).toBe(false);
  });
});

describe("destructive confirms start on Cancel", { timeout: 60_000 }, () => {
  test("leaving unsaved mail with the browser's Back: Cancel has the focus, Enter stays with the mail", async () => {
    await page.goto(listUrl);
    await rows().first().waitFor();
    // Into compose through the app (a route of the router's own history, as a user gets there).
    await page.getByRole("button", { name: "메일쓰기", exact: true }).click();
    const editor = page.locator("form.cmp").getByRole("textbox", { name: "내용" });
    await editor.click();
    await page.keyboard.type("아직 저장하지 않은 내용");
    const writeHash = await page.evaluate(() => location.hash);
    await page.evaluate(() => history.back());
    const dialog = page.getByRole("dialog");
    await dialog.getByText("작성 중인 메일이 저장되지 않았습니다.", { exact: false }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("취소");
    await e.shot(page, "leave-confirm-cancel-focused");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(writeHash);
    await expect(editor.textContent()).resolves.toBe("아직 저장하지 않은 내용");
    // Asked again, "leave" (a click) goes.
    await page.evaluate(() => history.back());
    await dialog.getByRole("button", { name: "떠나기" }).click();
    await page.waitForURL(listUrl);
  });

  test("trashing a starred mail from the list: Cancel has the focus, Enter keeps the mail", async () => {
    // (A leave question the last test left open goes first.)
    if (await page.getByRole("dialog").count()) await page.getByRole("button", { name: "떠나기" }).click();
    await page.goto(listUrl);
    await rows().first().focus();
    await page.keyboard.press("s");
    await expect.poll(() => rows().first().locator(".mail-star").getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Delete");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("취소");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const inbox = await e.t.call("GET", `/api/mails?folderId=${box.INBOX}&page=0`, { token: me.token });
    expect(inbox.body.mails).toHaveLength(3);
  });
});
