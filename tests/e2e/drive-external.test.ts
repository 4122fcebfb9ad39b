// Google Drive in the drive, in the browser (issue 25), against the stand-in Google on loopback (OAuth and
// Drive v3): a company with useGoogleDrive on; a user opens the connect screen, connects in the 512x630 popup
// (the stand-in's consent page), lands on the my tab (folders first, then the newest), opens the shared tab and
// a folder, searches by name and by type, downloads a Google Doc (exported to .docx), finds "open in Google",
// and disconnects (drive.69; the connect screen again). On a phone the list folds. A company with the config
// off goes to the drive home. axe finds nothing serious on the connect screen or the lists.
import { afterAll, describe, expect, test } from "vitest";
import { downloadBytes, seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { startGoogleStandin } from "../support/google-standin.ts";
import { exportBytes } from "../support/google-drive-standin.ts";
import { configureGoogleDrive } from "../drive/external-support.ts";

const e = await startE2E("drive-external");
const co = await mailCompany(e, "drive-external.test");
await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useDrive: true } });
await co.member("mina");
const g = startGoogleStandin();
g.switches.consentPage = true;
afterAll(() => g.close());
await configureGoogleDrive(e.t, co.admin, g);
const off = await mailCompany(e, "drive-external-off.test");
await off.member("joon");

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const at = (d: string) => `2025-${d}T09:00:00.000Z`;
g.drive.putFile({ id: "fold-plans", name: "Plans 2025", mimeType: "application/vnd.google-apps.folder", modifiedTime: at("03-01") });
g.drive.putFile({ id: "doc-minutes", name: "주간 회의록", mimeType: "application/vnd.google-apps.document", modifiedTime: at("03-10"), content: "예산 검토" });
g.drive.putFile({ id: "sheet-budget", name: "Budget", mimeType: "application/vnd.google-apps.spreadsheet", modifiedTime: at("03-12") });
g.drive.putFile({ id: "png-logo", name: "logo.png", mimeType: "image/png", modifiedTime: at("03-15"), content: "png" });
g.drive.putFile({ id: "in-plans", name: "roadmap.txt", mimeType: "text/plain", parents: ["fold-plans"], modifiedTime: at("03-02"), content: "roadmap" });
g.drive.putFile({ id: "shared-deck", name: "Sales deck", mimeType: "application/vnd.google-apps.presentation", parents: ["0AOther"], ownedByMe: false, sharedWithMe: true, ownerName: "Park Partner", modifiedTime: at("03-05") });

const user = await e.newPage();
const p = user.page;
p.setDefaultTimeout(10_000);
const tabs = () => p.getByRole("navigation", { name: "Google 드라이브 보기" });
const rows = () => p.locator(".dx-table tbody tr .dx-name-text > :first-child");

describe("Google Drive", () => {
  test("the connect screen; connecting in the 512x630 popup leads to the my tab, folders first then newest", async () => {
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, "/drive/external/GOOGLE_DRIVE");
    await p.getByRole("heading", { name: "Google 드라이브" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "connect");
    const opened = p.waitForEvent("popup");
    await p.getByRole("button", { name: "Google 드라이브 연결" }).click();
    const popup = await opened;
    await popup.getByRole("link", { name: "Allow" }).waitFor();
    expect(await popup.evaluate(() => [globalThis.outerWidth, globalThis.outerHeight])).toEqual([512, 630]);
    await popup.getByText("Groupware wants to see your files.").waitFor();
    const closed = popup.waitForEvent("close");
    await popup.getByRole("link", { name: "Allow" }).click();
    await closed;
    await p.getByText("Google 드라이브를 연결했습니다.").waitFor();
    await p.waitForURL(/#\/drive\/external\/GOOGLE_DRIVE\/my$/);
    await p.getByRole("heading", { name: "내 드라이브" }).waitFor();
    await p.getByText(`${g.account.email} 계정으로 연결됨`).waitFor();
    await expect.poll(() => rows().allTextContents(), { timeout: 5000 }).toEqual(["Plans 2025", "logo.png", "Budget", "주간 회의록"]);
    await p.locator("tr[data-id=doc-minutes]").getByText("문서", { exact: true }).waitFor(); // its category by mime type
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "my-tab");
  });

  test("with a token the connect screen goes to the my tab; open in Google is the file's webViewLink", async () => {
    await p.goto(`${e.base}/#/drive/external/GOOGLE_DRIVE`);
    await p.waitForURL(/#\/drive\/external\/GOOGLE_DRIVE\/my$/);
    const open = p.getByRole("link", { name: "logo.png Google 드라이브에서 열기" });
    await open.waitFor();
    expect(await open.getAttribute("href")).toBe("https://drive.google.com/file/d/png-logo/view?usp=drivesdk");
    expect(await open.getAttribute("target")).toBe("_blank");
  });

  test("the shared tab, then a folder of the my tab", async () => {
    await tabs().getByRole("link", { name: "공유 문서함", exact: true }).click();
    await p.getByRole("heading", { name: "공유 문서함" }).waitFor();
    await expect.poll(() => rows().allTextContents(), { timeout: 5000 }).toEqual(["Sales deck"]);
    await p.locator("tr[data-id=shared-deck]").getByText("Park Partner").waitFor();
    await e.shot(p, "shared-tab");
    await tabs().getByRole("link", { name: "내 드라이브", exact: true }).click();
    await p.getByRole("link", { name: "Plans 2025", exact: true }).click();
    await p.waitForURL(/#\/drive\/external\/GOOGLE_DRIVE\/my\/fold-plans$/);
    await p.getByRole("heading", { name: "Plans 2025" }).waitFor();
    await expect.poll(() => rows().allTextContents(), { timeout: 5000 }).toEqual(["roadmap.txt"]);
    await e.shot(p, "folder");
    // A folder Google does not give goes to the drive home.
    await p.goto(`${e.base}/#/drive/external/GOOGLE_DRIVE/my/no-such-folder`);
    await expect.poll(() => p.url(), { timeout: 5000 }).not.toContain("/external/");
  });

  test("search by name, then by type; a term under 2 characters is refused on the spot", async () => {
    await p.goto(`${e.base}/#/drive/external/GOOGLE_DRIVE/my`);
    const form = p.getByRole("search", { name: "Google 드라이브 검색" });
    await form.waitFor();
    await form.getByRole("textbox", { name: "검색어" }).fill("b");
    await form.getByRole("button", { name: "검색", exact: true }).click();
    await form.getByText("검색어를 2자 이상 입력해 주세요.").waitFor();
    await form.getByRole("textbox", { name: "검색어" }).fill("budg");
    await form.getByRole("button", { name: "검색", exact: true }).click();
    await p.getByRole("heading", { name: "검색 결과" }).waitFor();
    await expect.poll(() => rows().allTextContents(), { timeout: 5000 }).toEqual(["Budget"]);
    expect(g.drive.listRequests.at(-1)!.get("q")).toBe("trashed = false and name contains 'budg'");
    await e.shot(p, "search-name");
    const form2 = p.getByRole("search", { name: "Google 드라이브 검색" });
    await form2.getByRole("textbox", { name: "검색어" }).fill("");
    await form2.getByRole("button", { name: /유형/ }).click();
    await p.getByRole("option", { name: "문서" }).click();
    await form2.getByRole("button", { name: "검색", exact: true }).click();
    // Documents: the Google Doc and the plain text file (text/plain is a document by its mime type).
    await expect.poll(() => rows().allTextContents(), { timeout: 5000 }).toEqual(["주간 회의록", "roadmap.txt"]);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "search-type");
  });

  test("download: a Google Doc arrives as a .docx export", async () => {
    const [download] = await Promise.all([
      p.waitForEvent("download"),
      p.getByRole("button", { name: "주간 회의록 다운로드" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("주간 회의록.docx");
    expect(await downloadBytes(download)).toEqual(exportBytes(g.drive.files.get("doc-minutes")!, DOCX));
  });

  test("on a phone the list folds owner and size, and stays axe-clean", async () => {
    const phone = await e.newPage({ width: 390, height: 844 });
    const q = phone.page;
    q.setDefaultTimeout(10_000);
    await signIn(e, q, "mina", co.domain, USER_PASSWORD, "/drive/external/GOOGLE_DRIVE/my");
    await q.getByRole("link", { name: "Plans 2025", exact: true }).waitFor();
    expect(await q.getByRole("columnheader", { name: "소유자" }).isHidden()).toBe(true);
    const width = await q.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(q)).toEqual([]);
    await e.shot(q, "phone");
    await phone.context.close();
  });

  test("disconnect: confirmed, drive.69, revoked at Google, the connect screen again", async () => {
    await p.goto(`${e.base}/#/drive/external/GOOGLE_DRIVE/my`);
    const revocations = g.counts.revocations;
    await p.getByRole("button", { name: "연결 해제", exact: true }).click();
    const dialog = p.getByRole("alertdialog").or(p.getByRole("dialog"));
    await dialog.getByText("Google 드라이브 연결을 해제할까요?").waitFor();
    await e.shot(p, "disconnect-confirm");
    await dialog.getByRole("button", { name: "연결 해제" }).click();
    await p.getByText("서비스 연결을 해제했습니다.").waitFor();
    await p.waitForURL(/#\/drive\/external\/GOOGLE_DRIVE$/);
    await p.getByRole("button", { name: "Google 드라이브 연결" }).waitFor();
    expect(g.counts.revocations).toBe(revocations + 1);
    // The list routes without a token go to the connect screen.
    await p.goto(`${e.base}/#/drive/external/GOOGLE_DRIVE/shared`);
    await p.waitForURL(/#\/drive\/external\/GOOGLE_DRIVE$/);
    await e.shot(p, "disconnected");
  });

  test("a company with Google Drive off: the external routes go to the drive home", async () => {
    const other = await e.newPage();
    other.page.setDefaultTimeout(10_000);
    await signIn(e, other.page, "joon", off.domain, USER_PASSWORD, "/drive/external/GOOGLE_DRIVE");
    await expect.poll(() => other.page.url(), { timeout: 5000 }).toMatch(/#\/drive\/\d+\/1$/);
    await other.context.close();
  });
});
