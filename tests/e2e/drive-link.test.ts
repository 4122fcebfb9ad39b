// The drive's viewer in the public share link page (web/src/modules/drive/link-viewer/) in a real browser,
// without signing in: a linked folder (Korean names) browsed into its sub-folder and back by mouse and
// keyboard, a file of it downloaded (the same bytes), nothing above or beside the linked folder reachable (the
// API answers 404, the page shows none of it); a password file link (the password step first, then the file,
// its image preview and its download, past the grant's lifetime a refusal that offers to open the link
// again) at phone width; a folder link with a download limit of 1 at phone
// width refused on its second use with the limit's message (the share-links module counts each opening).
// ko, en and id; axe on each screen.
import { describe, expect, test } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import type { DriveItem } from "../../shared/drive/items.ts";
import { SHARE_LINK_GRANT_TTL_SECONDS } from "../../shared/share.ts";
import { downloadBytes, downloadText, seriousViolations, startE2E } from "./support/browser.ts";
import { driveApiAs, driveCompany, homeOf, putFile } from "./support/drive.ts";

const e = await startE2E("drive-link");
const co = await driveCompany(e, "drive-link.test");
const as = driveApiAs(e, co.admin);
const home = await homeOf(e, co.admin);
const folder = await as<DriveItem>("POST", "/api/drive/create", { fileName: "프로젝트 자료", parentId: home.id });
const sub = await as<DriveItem>("POST", "/api/drive/create", { fileName: "회의록", parentId: folder.id });
const REPORT = "3분기 보고서 — 매출 12% 증가\n";
const MINUTES = "1차 회의: 일정 확정\n";
await putFile(e, co.admin, folder.id, "보고서.txt", REPORT);
const PNG = Uint8Array.from(atob(
  "iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAhUlEQVR42u3asQ0AIAgEQCaxdjrnZCYrZ6AEL/n6E678EDd3KetkKd37AxAgQIAAAQIECBAgQIAAAQIEaBjQbwdX+wEBAgQIECBAgAABAgQIECBAgKYBGcwsioAAAQIECBAgQIAAAQIECBAg/0EGM4siIECAAAECBAgQIECAAAECBGgs0AOHf+o7cJ9/twAAAABJRU5ErkJggg==",
), (c) => c.charCodeAt(0));
const photo = await putFile(e, co.admin, folder.id, "현장 사진.png", PNG);
await putFile(e, co.admin, sub.id, "1차 회의.txt", MINUTES);
const outside = await putFile(e, co.admin, home.id, "비밀 계획.txt", "not for outsiders");

async function link(json: Record<string, unknown>): Promise<{ token: string; url: string }> {
  return await as("POST", "/api/share/links", { moduleType: "drive", permission: "READ", ...json });
}

/** A browser without a session, in `lng`, at the link's address. */
async function visit(url: string, lng: "ko" | "en" | "id", width?: number): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await e.newPage(width ? { width, height: 844 } : {});
  await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
  await page.goto(`${e.base}${url}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  return { page, context };
}

async function saved(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  return download;
}

describe("the drive's share link viewer", () => {
  test("a linked folder: into the sub-folder and back, a file downloaded, nothing outside it (ko)", async () => {
    const l = await link({ objectId: String(folder.id) });
    const { page, context } = await visit(l.url, "ko");
    await page.getByRole("button", { name: "열기", exact: true }).click();
    const heading = page.getByRole("heading", { level: 2 });
    await page.getByRole("heading", { name: "프로젝트 자료", level: 2 }).waitFor();
    const rows = page.locator("tbody tr");
    // Folders first, then files by name; sizes and dates shown.
    await expect.poll(() => rows.locator(".dl-col-name").allInnerTexts(), { timeout: 5000 })
      .toEqual([expect.stringContaining("회의록"), expect.stringContaining("보고서.txt"), expect.stringContaining("현장 사진.png")]);
    await page.getByRole("row", { name: /보고서\.txt/ }).getByRole("cell", { name: `${new TextEncoder().encode(REPORT).length} B`, exact: true }).waitFor();
    await expect(page.getByText("비밀 계획.txt").count()).resolves.toBe(0);
    await expect(page.getByRole("navigation", { name: "폴더 경로" }).count()).resolves.toBe(0);
    // The name heading again: the other way (the folder stays first).
    await page.getByRole("button", { name: "이름", exact: true }).click();
    await expect.poll(() => rows.locator(".dl-col-name").allInnerTexts(), { timeout: 5000 })
      .toEqual([expect.stringContaining("회의록"), expect.stringContaining("현장 사진.png"), expect.stringContaining("보고서.txt")]);
    await expect(page.getByRole("columnheader", { name: /이름/ }).getAttribute("aria-sort")).resolves.toBe("descending");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "folder-ko");

    // The linked folder's file, saved by the browser: the same bytes under its Korean name.
    const report1 = await saved(page, () => page.getByRole("button", { name: "보고서.txt 다운로드", exact: true }).click());
    expect(report1.suggestedFilename()).toBe("보고서.txt");
    expect(await downloadText(report1)).toBe(REPORT);

    // Into the sub-folder: its items, a path back to the linked folder and no further; the heading takes focus.
    await page.getByRole("button", { name: "회의록", exact: true }).click();
    await page.getByRole("heading", { name: "회의록", level: 2 }).waitFor();
    const crumbs = page.getByRole("navigation", { name: "폴더 경로" });
    await expect.poll(() => crumbs.locator("li").allInnerTexts(), { timeout: 5000 }).toEqual(["프로젝트 자료", "회의록"]);
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement), { timeout: 5000 }).toBe(true);
    await page.getByRole("row", { name: /1차 회의\.txt/ }).waitFor();
    // Back by keyboard: from the focused heading, Tab reaches the linked folder's crumb.
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 5000 }).toBe("프로젝트 자료");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "프로젝트 자료", level: 2 }).waitFor();
    await expect(crumbs.count()).resolves.toBe(0);
    // And in again by keyboard: the folder's name is a button; the sub-folder's file downloads.
    await page.getByRole("button", { name: "회의록", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "회의록", level: 2 }).waitFor();
    await page.getByRole("row", { name: /1차 회의\.txt/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "sub-folder-ko");
    const minutes = await saved(page, () => page.getByRole("button", { name: "1차 회의.txt 다운로드", exact: true }).click());
    expect(await downloadText(minutes)).toBe(MINUTES);

    // Outside the linked folder: the API answers 404 with this link's grant; the page never showed any of it.
    const grant = (await e.t.call("POST", `/api/share/links/public/${l.token}/open`, { json: {} })).body.grant as string;
    const headers = { "x-link-grant": grant };
    expect((await e.t.call("GET", `/api/drive-link/items?folderId=${home.id}`, { headers })).status).toBe(404);
    expect((await e.t.call("GET", `/api/drive-link/${outside.id}/download?grant=${encodeURIComponent(grant)}`)).status).toBe(404);
    expect((await e.t.call("GET", `/api/drive-link/items?folderId=${sub.id}`, { headers })).status).toBe(200);
    await expect(page.getByText("비밀 계획").count()).resolves.toBe(0);
    await expect(page.getByText("내 드라이브").count()).resolves.toBe(0);
    await context.close();
  });

  test("a password file link at phone width: the password first, then the file, its preview and its download (en)", async () => {
    const l = await link({ objectId: String(photo.id), accessMode: "PASSWORD", password: "Pass1234" });
    const { page, context } = await visit(l.url, "en", 390);
    const field = page.getByLabel("Link password");
    await field.waitFor();
    await expect(page.getByRole("heading", { name: "현장 사진.png" }).count()).resolves.toBe(0);
    await e.shot(page, "file-password-en-phone");
    await field.fill("Pass1234");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await page.getByRole("heading", { name: "현장 사진.png", level: 2 }).waitFor();
    await page.getByText("Image", { exact: true }).waitFor();
    await page.getByText(`${PNG.length} B`, { exact: true }).waitFor();
    const img = page.getByRole("img", { name: "Preview of 현장 사진.png" });
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), { timeout: 5000 }).toBe(96);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "file-opened-en-phone");
    const d = await saved(page, () => page.getByRole("button", { name: "Download", exact: true }).click());
    expect(d.suggestedFilename()).toBe("현장 사진.png");
    expect(await downloadBytes(d)).toEqual(PNG);

    // Past the grant's lifetime the download is refused, not saved as a file: the page offers to open the link again.
    e.t.clock.advance((SHARE_LINK_GRANT_TTL_SECONDS + 1) * 1000);
    await page.getByRole("button", { name: "Download", exact: true }).click();
    await page.getByRole("alert").getByText("Your time with this link has run out, or the link was deleted.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "grant-gone-en-phone");
    await page.getByRole("button", { name: "Open the link again", exact: true }).click();
    await page.getByLabel("Link password").waitFor();
    await context.close();
  });

  test("a download limit of 1 on the folder at phone width: the first visit downloads, the second is refused (id)", async () => {
    const l = await link({ objectId: String(folder.id), downloadLimitCount: 1 });
    const { page, context } = await visit(l.url, "id", 390);
    await page.getByText("0 dari 1 terpakai", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Buka", exact: true }).click();
    await page.getByRole("heading", { name: "프로젝트 자료", level: 2 }).waitFor();
    // On a phone the size and date fold under the name; nothing runs past the screen's width.
    await page.getByRole("row", { name: /보고서\.txt/ }).getByText(/^40 B · /).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "folder-id-phone");
    const d = await saved(page, () => page.getByRole("button", { name: "Unduh 보고서.txt", exact: true }).click());
    expect(await downloadText(d)).toBe(REPORT);

    // The second use of the link: refused by the server's count, with its message, and no file.
    await page.reload();
    await page.getByRole("alert").getByText("Tautan ini telah mencapai batas unduhan.").waitFor();
    await page.getByText("Tautan sudah dibuka sebanyak yang diizinkan. Minta tautan baru kepada pengirimnya.").waitFor();
    await expect(page.getByRole("button", { name: "Unduh 보고서.txt", exact: true }).count()).resolves.toBe(0);
    expect((await e.t.call("POST", `/api/share/links/public/${l.token}/open`, { json: {} })).status).toBe(410);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "limit-reached-id-phone");
    await context.close();
  });
});
