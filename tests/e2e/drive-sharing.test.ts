// The drive's move and copy refusals, sharing and links in the browser (issue 25): a member's move of a folder
// into its own sub-folder and copy of a file into the folder it is in are refused with the spec's texts, a copy
// elsewhere goes through; she shares a folder with a colleague for editing, who finds it under "shared with me",
// opens it and makes a folder in it, which appears on her screen by itself (DRIVE_CHANGED); she makes a share
// link of a file. axe on each screen; screenshots under test-results/e2e/drive-sharing/.
import { describe, expect, test } from "vitest";
import type { DriveItem, DriveList } from "../../shared/drive/items.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { driveApiAs, driveCompany, homeOf, putFile } from "./support/drive.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("drive-sharing");
const co = await driveCompany(e, "drive-share.test");
const mina = await co.member("mina");
await co.member("jun");
const call = driveApiAs(e, mina);
const home = await homeOf(e, mina);
const plan = await call<DriveItem>("POST", "/api/drive/create", { fileName: "기획", parentId: home.id });
await call<DriveItem>("POST", "/api/drive/create", { fileName: "세부", parentId: plan.id });
const archive = await call<DriveItem>("POST", "/api/drive/create", { fileName: "보관", parentId: home.id });
await putFile(e, mina, plan.id, "계획.txt", "1분기 계획");
const names = async (folderId: number) =>
  (await call<DriveList>("GET", `/api/drive/list?folderId=${folderId}&pageSize=200`)).list.content.map((i) => i.fileName);

const { page: p } = await e.newPage();
p.setDefaultTimeout(12_000);
const row = (name: string, page = p) => page.locator("tr.dr-row", { hasText: name });
const bulk = (page = p) => page.getByRole("toolbar", { name: "선택한 항목 작업" });

describe("move, copy, share and link", () => {
  test("a folder cannot move into its sub-folder; a file cannot be copied into its own folder; elsewhere it can", async () => {
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, "/drive");
    await row("기획").locator("input[type=checkbox]").click();
    await bulk().getByRole("button", { name: "이동" }).click();
    const move = p.getByRole("dialog", { name: "이동" });
    await move.getByRole("button", { name: "기획 펼치기" }).click();
    await move.getByRole("button", { name: "세부", exact: true }).click();
    await move.getByText("하위 폴더로 이동할 수 없습니다.").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "move-refused");
    await move.getByRole("button", { name: "취소" }).click();

    await row("기획").getByRole("button", { name: "기획", exact: true }).click();
    await p.waitForURL(new RegExp(`#/drive/${plan.id}/1$`));
    await p.getByRole("navigation", { name: "폴더 경로" }).getByRole("link", { name: "내 드라이브" }).waitFor();
    await row("계획.txt").locator("input[type=checkbox]").click();
    await bulk().getByRole("button", { name: "복사" }).click();
    const copy = p.getByRole("dialog", { name: "복사" });
    await copy.getByRole("button", { name: "기획", exact: true }).click();
    await copy.getByText("현재 폴더에는 복사할 수 없습니다.").waitFor();
    await e.shot(p, "copy-refused");
    await copy.getByRole("button", { name: "보관", exact: true }).click();
    await copy.getByRole("button", { name: "복사", exact: true }).click();
    await copy.waitFor({ state: "detached" });
    await expect.poll(() => names(archive.id), { timeout: 5000 }).toContain("계획.txt");
  });

  test("a folder shared for editing: the colleague opens it and adds a folder, which appears for the owner", async () => {
    await p.getByRole("link", { name: "내 드라이브" }).first().click();
    await row("기획").locator("input[type=checkbox]").click();
    await bulk().getByRole("button", { name: "공유", exact: true }).click();
    const dialog = p.getByRole("dialog", { name: "'기획' 공유" });
    await dialog.getByText("아직 공유한 대상이 없습니다.").waitFor();
    await dialog.getByRole("combobox", { name: "공유 대상 추가" }).fill("jun");
    await p.getByRole("option", { name: /jun/ }).click();
    await dialog.getByLabel(/jun.* 권한/).selectOption("3");
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "share-dialog");
    await dialog.getByRole("button", { name: "저장" }).click();
    await p.getByText("공유 설정이 변경되었습니다.").waitFor();
    await row("기획").getByRole("img", { name: "공유됨" }).waitFor();
    // The owner keeps the shared folder open.
    await row("기획").getByRole("button", { name: "기획", exact: true }).click();
    await row("계획.txt").waitFor();

    const { page: q } = await e.newPage();
    q.setDefaultTimeout(12_000);
    await signIn(e, q, "jun", co.domain, USER_PASSWORD, "/drive/shared");
    await q.waitForURL(/#\/drive\/shared\/-3\/1$/);
    await row("기획", q).getByRole("button", { name: "기획", exact: true }).click();
    await q.waitForURL(new RegExp(`#/drive/shared/${plan.id}/1$`));
    await row("계획.txt", q).waitFor();
    expect(await seriousViolations(q)).toEqual([]);
    await e.shot(q, "shared-folder");
    await q.locator(".dr-toolbar").getByRole("button", { name: "새 폴더" }).click();
    const made = q.getByRole("dialog", { name: "새 폴더" });
    await made.getByRole("textbox", { name: "폴더 이름" }).fill("준의 자료");
    await made.getByRole("button", { name: "만들기" }).click();
    await row("준의 자료", q).waitFor();
    expect(await names(plan.id)).toContain("준의 자료");
    // DRIVE_CHANGED: the owner's open list shows it without a reload.
    await row("준의 자료").waitFor({ timeout: 15_000 });
    await q.context().close();
  });

  test("a share link of a file: made, listed with its address", async () => {
    await row("계획.txt").locator("input[type=checkbox]").click();
    await bulk().getByRole("button", { name: "링크", exact: true }).click();
    const dialog = p.getByRole("dialog", { name: "'계획.txt' 공유 링크" });
    await dialog.getByText("아직 만든 링크가 없습니다.").waitFor();
    await dialog.getByRole("button", { name: "링크 만들기" }).click();
    const address = dialog.getByRole("textbox", { name: "링크 주소" });
    await address.waitFor();
    expect(await address.inputValue()).toContain("/#/link/viewer/");
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "link-dialog");
    await dialog.getByRole("button", { name: "닫기" }).click();
    await row("계획.txt").getByRole("img", { name: "링크 있음" }).waitFor();
  });
});
