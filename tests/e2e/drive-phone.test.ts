// The drive by keyboard, at phone width and in the three languages (issue 25): rows moved through with the
// arrows, a range with Shift, all with Ctrl+A, Enter opens an image's preview; paging (10 a page) and sorting
// by name change the address; the search asks for 2 characters; at 390 px the side pane is a drawer and the
// rows fold their details under the name; the home and the upload dialog in ko, en and id. axe on each
// screen; screenshots under test-results/e2e/drive-phone/.
import { Buffer } from "node:buffer";
import { describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { driveCompany, homeOf, putFile } from "./support/drive.ts";
import { speak } from "./support/books.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

// A 2x2 PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

const e = await startE2E("drive-phone");
const co = await driveCompany(e, "drive-phone.test");
const mina = await co.member("mina");
const home = await homeOf(e, mina);
for (let i = 1; i <= 11; i++) await putFile(e, mina, home.id, `문서${String(i).padStart(2, "0")}.txt`, `본문 ${i}`);
await putFile(e, mina, home.id, "사진.png", PNG);

const row = (page: import("playwright-core").Page, name: string) => page.locator("tr.dr-row", { hasText: name });

describe("keyboard, phone and languages", () => {
  test("keyboard: arrows, Shift range, Ctrl+A, Enter previews; pages and sorting; search needs 2 characters", async () => {
    const { page: p } = await e.newPage();
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, "/drive");
    await row(p, "사진.png").waitFor();
    await expect(p.locator("tr.dr-row").count()).resolves.toBe(10);
    await row(p, "사진.png").focus();
    await p.keyboard.press("Shift+ArrowDown");
    await p.getByText("2개 선택").waitFor();
    await p.keyboard.press("Control+a");
    await p.getByText("10개 선택").waitFor();
    await row(p, "사진.png").focus();
    await p.keyboard.press("Enter");
    const preview = p.getByRole("dialog", { name: "사진.png" });
    await preview.getByRole("img", { name: "사진.png" }).waitFor();
    await expect.poll(() => preview.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 5000 }).toBe(2);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "preview");
    await p.keyboard.press("Escape");
    await preview.waitFor({ state: "detached" });

    await p.getByRole("navigation", { name: "페이지" }).getByRole("button", { name: "2 페이지" }).click();
    await p.waitForURL(new RegExp(`#/drive/${home.id}/2$`));
    await expect.poll(() => p.locator("tr.dr-row").count(), { timeout: 5000 }).toBe(2);
    await p.getByRole("columnheader", { name: "이름" }).getByRole("button").click();
    await p.waitForURL(new RegExp(`#/drive/${home.id}/1/.*fileName`));
    await expect.poll(() => p.locator("tr.dr-row").first().textContent(), { timeout: 5000 }).toContain("문서01.txt");

    await p.getByRole("searchbox", { name: "드라이브 검색" }).fill("문");
    await p.getByRole("button", { name: "검색", exact: true }).click();
    await p.getByText("검색어를 2자 이상 입력해 주세요.").waitFor();
    await p.getByRole("searchbox", { name: "드라이브 검색" }).fill("사진");
    await p.getByRole("button", { name: "검색", exact: true }).click();
    await p.waitForURL(/#\/drive\/search\/1\//);
    await expect.poll(() => p.locator("tr.dr-row").count(), { timeout: 5000 }).toBe(1);
    await row(p, "사진.png").waitFor();
    await e.shot(p, "search");
    await p.context().close();
  });

  test("at 390 px: the side pane in a drawer, rows with their details, the selection's actions", async () => {
    const { page: p } = await e.newPage({ width: 390, height: 844 });
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, "/drive");
    await row(p, "사진.png").waitFor();
    await row(p, "사진.png").getByText(/User mina · /).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "phone-list");
    await p.getByRole("button", { name: "드라이브 메뉴 열기" }).click();
    const drawer = p.getByRole("dialog", { name: "드라이브 메뉴" });
    await drawer.getByRole("link", { name: "최근 문서함" }).click();
    await drawer.waitFor({ state: "detached" });
    await p.waitForURL(/#\/drive\/recent\/1$/);
    await p.getByRole("button", { name: /전체 기간/ }).waitFor();
    await row(p, "사진.png").locator("input[type=checkbox]").click();
    await p.getByRole("toolbar", { name: "선택한 항목 작업" }).getByRole("button", { name: "다운로드" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "phone-recent-selected");
    await p.context().close();
  });

  for (const [lng, title, upload] of [["en", "My drive", "Upload files"], ["id", "Drive saya", "Unggah file"]] as const) {
    test(`the home and the upload dialog in ${lng}`, async () => {
      await speak(e, mina, lng);
      const { page: p } = await e.newPage();
      p.setDefaultTimeout(12_000);
      await signIn(e, p, "mina", co.domain, USER_PASSWORD, "/drive");
      await p.getByRole("heading", { name: new RegExp(title) }).waitFor();
      await row(p, "사진.png").waitFor();
      expect(await seriousViolations(p)).toEqual([]);
      await e.shot(p, `home-${lng}`);
      await p.locator(".dr-toolbar").getByRole("button").filter({ hasText: lng === "en" ? "Upload" : "Unggah" }).click();
      const dialog = p.getByRole("dialog", { name: upload });
      const chooser = p.waitForEvent("filechooser");
      await dialog.getByRole("button").filter({ hasText: lng === "en" ? "Choose files" : "Pilih file" }).click();
      await (await chooser).setFiles([{ name: `${lng}.txt`, mimeType: "text/plain", buffer: Buffer.from(lng) }]);
      await dialog.getByText(lng === "en" ? "1 of 1 done (100%)" : "1 dari 1 selesai (100%)").waitFor();
      expect(await seriousViolations(p)).toEqual([]);
      await e.shot(p, `upload-${lng}`);
      await p.context().close();
    });
  }
});
