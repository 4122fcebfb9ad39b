// The drive's views and item actions beyond drive-journey (issue 25, 001 §2, §4, §5, §9): delete forever and
// empty the trash (after their confirms; the items gone from the API, the account's used size down), the
// important star (set and unset; the important view lists it), shortcuts made through the dialog (opening one
// opens its target; its download refused with the spec's text), the recent view's windows (any time, 7, 30,
// 90 days, over used times set back in the database), breadcrumb clicks, and Google Drive in the side pane only
// when the company's drive config enables it. axe on each screen; screenshots under test-results/e2e/drive-views/.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { DriveItem, DriveList } from "../../shared/drive/items.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { driveApiAs, driveCompany, homeOf, putFile } from "./support/drive.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("drive-views");
const co = await driveCompany(e, "drive-views.test");
const mina = await co.member("mina");
const call = driveApiAs(e, mina);
const home = await homeOf(e, mina);
const folder = (fileName: string, parentId: number) => call<DriveItem>("POST", "/api/drive/create", { fileName, parentId });
const listed = async (folderId: number, extra = "") =>
  (await call<DriveList>("GET", `/api/drive/list?folderId=${folderId}&pageSize=200${extra}`)).list.content.map((i) => i.fileName);
const quota = () => call<{ totalQuota: number; usedSize: number }>("GET", "/api/users/quota");
const trash = (await call<DriveItem[]>("GET", "/api/drive/root")).find((r) => r.fileType === "DELETED")!;

const { page: p } = await e.newPage();
p.setDefaultTimeout(12_000);
const row = (name: string) => p.locator("tr.dr-row", { hasText: name });
const bulk = p.getByRole("toolbar", { name: "선택한 항목 작업" });
const side = p.getByRole("navigation", { name: "드라이브 메뉴" });

describe("the drive's views", () => {
  test("delete forever and empty the trash, after asking; the items are gone and the used size drops", async () => {
    const a = await putFile(e, mina, home.id, "지울문서.txt", "x".repeat(3000));
    const b = await putFile(e, mina, home.id, "비울문서1.txt", "y".repeat(2000));
    const c = await putFile(e, mina, home.id, "비울문서2.txt", "z".repeat(1000));
    await call("DELETE", "/api/drive", { fileIds: [a.id, b.id, c.id] });
    const before = (await quota()).usedSize;

    await signIn(e, p, "mina", co.domain, USER_PASSWORD, `/drive/${trash.id}/1`);
    await row("지울문서.txt").locator("input[type=checkbox]").click();
    await bulk.getByRole("button", { name: "영구 삭제" }).click();
    const clean = p.getByRole("dialog", { name: "영구 삭제" });
    await clean.getByText("선택한 1개 항목을 영구 삭제하시겠습니까? 되돌릴 수 없습니다.").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "clean-confirm");
    await clean.getByRole("button", { name: "영구 삭제" }).click();
    await row("지울문서.txt").waitFor({ state: "detached" });
    expect((await e.t.call("GET", `/api/drive/${a.id}`, { token: mina.token })).status).toBe(404);
    expect(await listed(trash.id)).toEqual(expect.not.arrayContaining(["지울문서.txt"]));
    expect((await quota()).usedSize).toBe(before - 3000);

    await p.locator(".dr-toolbar").getByRole("button", { name: "휴지통 비우기" }).click();
    const empty = p.getByRole("dialog", { name: "휴지통 비우기" });
    await empty.getByText("휴지통의 모든 항목을 영구 삭제하시겠습니까? 되돌릴 수 없습니다.").waitFor();
    await e.shot(p, "empty-confirm");
    await empty.getByRole("button", { name: "휴지통 비우기" }).click();
    await p.getByText("휴지통이 비어 있습니다.").waitFor();
    expect(await listed(trash.id)).toEqual([]);
    for (const id of [b.id, c.id]) expect((await e.t.call("GET", `/api/drive/${id}`, { token: mina.token })).status).toBe(404);
    expect((await quota()).usedSize).toBe(before - 6000);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "trash-empty");
  });

  test("the important star sets and unsets; the important view lists it", async () => {
    const f = await putFile(e, mina, home.id, "중요한계약.txt", "계약");
    await p.goto(`${e.base}/#/drive/${home.id}/1`);
    await row("중요한계약.txt").getByRole("button", { name: "중요한계약.txt 중요 표시", exact: true }).click();
    await row("중요한계약.txt").getByRole("button", { name: "중요한계약.txt 중요 표시 해제" }).waitFor();
    expect((await call<DriveItem>("GET", `/api/drive/${f.id}`)).important).toBe(true);
    await side.getByRole("link", { name: "중요 문서함" }).click();
    await p.waitForURL(/#\/drive\/important\/1$/);
    await row("중요한계약.txt").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "important");
    await row("중요한계약.txt").getByRole("button", { name: "중요한계약.txt 중요 표시 해제" }).click();
    await row("중요한계약.txt").waitFor({ state: "detached" });
    expect((await call<DriveItem>("GET", `/api/drive/${f.id}`)).important).toBe(false);
    expect(await listed(-2)).toEqual([]);
  });

  test("shortcuts made through the dialog open their target; a shortcut's download is refused", async () => {
    const archive = await folder("보관함", home.id);
    const reports = await folder("보고서", home.id);
    await putFile(e, mina, reports.id, "3월보고.txt", "3월");
    await putFile(e, mina, home.id, "규정집.txt", "규정");
    await p.goto(`${e.base}/#/drive/${home.id}/1`);
    await row("보고서").locator("input[type=checkbox]").click();
    await row("규정집.txt").locator("input[type=checkbox]").click();
    await bulk.getByRole("button", { name: "바로가기" }).click();
    const dialog = p.getByRole("dialog", { name: "바로가기 만들기" });
    await dialog.getByRole("button", { name: "보관함", exact: true }).click();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "shortcut-dialog");
    await dialog.getByRole("button", { name: "바로가기 만들기" }).click();
    await dialog.waitFor({ state: "detached" });
    const inArchive = (await call<DriveList>("GET", `/api/drive/list?folderId=${archive.id}`)).list.content;
    expect(inArchive.map((i) => [i.fileName, i.isShortcut]).sort()).toEqual([["규정집.txt", true], ["보고서", true]]);

    await p.goto(`${e.base}/#/drive/${archive.id}/1`);
    await row("보고서").getByRole("button", { name: "보고서", exact: true }).click();
    await p.waitForURL(new RegExp(`#/drive/${reports.id}/1$`));
    await row("3월보고.txt").waitFor();

    await p.goto(`${e.base}/#/drive/${archive.id}/1`);
    await row("규정집.txt").locator("input[type=checkbox]").click();
    await bulk.getByRole("button", { name: "다운로드" }).click();
    await p.getByRole("region", { name: "알림", exact: true }).getByText("바로가기는 다운로드할 수 없습니다.").waitFor();
    const shortcut = inArchive.find((i) => i.fileName === "규정집.txt")!;
    const r = await e.t.call("GET", `/api/drive/${shortcut.id}/download`, { token: mina.token });
    expect([r.status, (r.body as { code: string }).code]).toEqual([400, "drive.shortcut_not_downloadable"]);
  });

  test("the recent view's windows: any time, 7, 30 and 90 days", async () => {
    const ages: [string, number][] = [["오늘문서.txt", 0], ["열흘전.txt", 10], ["사십일전.txt", 40], ["백일전.txt", 100]];
    for (const [name, days] of ages) {
      const f = await putFile(e, mina, home.id, name, name);
      if (days) await e.t.db.db.execute(sql`update drive_items set used_at = used_at - make_interval(days => ${days}) where id = ${f.id}`);
    }
    const recent = ["오늘문서.txt", "열흘전.txt", "사십일전.txt", "백일전.txt"];
    const shown = async () => (await p.locator("tr.dr-row .dr-name").allTextContents()).filter((n) => recent.includes(n));
    await side.getByRole("link", { name: "최근 문서함" }).click();
    await p.waitForURL(/#\/drive\/recent\/1$/);
    await expect.poll(shown, { timeout: 5000 }).toEqual(["오늘문서.txt", "열흘전.txt", "사십일전.txt", "백일전.txt"]);
    for (const [label, days, names] of [
      ["최근 7일", 7, ["오늘문서.txt"]],
      ["최근 30일", 30, ["오늘문서.txt", "열흘전.txt"]],
      ["최근 90일", 90, ["오늘문서.txt", "열흘전.txt", "사십일전.txt"]],
      ["전체 기간", 0, recent],
    ] as const) {
      await p.getByRole("button", { name: /기간/ }).click();
      await p.getByRole("option", { name: label }).click();
      if (days) await p.waitForURL(new RegExp(`#/drive/recent/1/.*days.*${days}`));
      else await p.waitForURL(/#\/drive\/recent\/1$/);
      await expect.poll(shown, { timeout: 5000 }).toEqual([...names]);
      if (days === 30) {
        expect(await seriousViolations(p)).toEqual([]);
        await e.shot(p, "recent-30");
      }
    }
  });

  test("breadcrumbs lead up the path", async () => {
    const top = await folder("상위", home.id);
    const mid = await folder("중간", top.id);
    const low = await folder("하위", mid.id);
    await p.goto(`${e.base}/#/drive/${low.id}/1`);
    const crumbs = p.getByRole("navigation", { name: "폴더 경로" });
    await crumbs.getByText("하위").waitFor();
    expect(await crumbs.getByRole("listitem").allTextContents()).toEqual(["내 드라이브", "상위", "중간", "하위"]);
    await e.shot(p, "breadcrumbs");
    await crumbs.getByRole("link", { name: "중간" }).click();
    await p.waitForURL(new RegExp(`#/drive/${mid.id}/1$`));
    await row("하위").waitFor();
    await crumbs.getByRole("link", { name: "상위" }).click();
    await p.waitForURL(new RegExp(`#/drive/${top.id}/1$`));
    await row("중간").waitFor();
    await crumbs.getByRole("link", { name: "내 드라이브" }).click();
    await p.waitForURL(new RegExp(`#/drive/${home.id}/1$`));
    await row("상위").waitFor();
  });

  test("Google Drive is in the side pane only when the company's drive config enables it", async () => {
    await side.getByRole("link", { name: "휴지통" }).waitFor();
    expect(await side.getByRole("link", { name: "Google 드라이브" }).count()).toBe(0);
    const on = await e.t.call("PUT", "/api/admin/company/config/drive", { token: co.admin.token, json: { useGoogleDrive: true } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await p.reload();
    await side.getByRole("link", { name: "Google 드라이브" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "google-on");
    const off = await e.t.call("PUT", "/api/admin/company/config/drive", { token: co.admin.token, json: { useGoogleDrive: false } });
    expect(off.status).toBe(200);
    await p.reload();
    await side.getByRole("link", { name: "휴지통" }).waitFor();
    expect(await side.getByRole("link", { name: "Google 드라이브" }).count()).toBe(0);
  });
});
