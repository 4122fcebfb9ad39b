// The drive in the browser (issue 25): a member opens the drive (the entry goes to the default folder), sees the
// seeded files with fast access, makes a folder (the §5 messages first), uploads several files through the
// dialog (one cancelled while waiting, the rest done 0 → 1 → 2), renames with F2, sends an item to the trash
// with Delete, restores it from the trash; a bad folder id goes home. axe on each screen; screenshots under
// test-results/e2e/drive-journey/.
import { Buffer } from "node:buffer";
import { describe, expect, test } from "vitest";
import type { DriveItem, DriveList } from "../../shared/drive/items.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { driveApiAs, driveCompany, homeOf, putFile } from "./support/drive.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("drive-journey");
const co = await driveCompany(e, "drive-ui.test");
const mina = await co.member("mina");
const call = driveApiAs(e, mina);
const home = await homeOf(e, mina);
await putFile(e, mina, home.id, "회의록.txt", "첫 회의");
await putFile(e, mina, home.id, "예산.xlsx", "xlsx bytes");
const listed = async (folderId: number) =>
  (await call<DriveList>("GET", `/api/drive/list?folderId=${folderId}&pageSize=200`)).list.content;
const named = async (folderId: number, name: string) => (await listed(folderId)).find((i) => i.fileName === name);

const { page: p } = await e.newPage();
p.setDefaultTimeout(12_000);
const row = (name: string) => p.locator("tr.dr-row", { hasText: name });

describe("the drive", () => {
  test("the entry opens the default folder with its files and fast access; a folder with the §5 messages", async () => {
    await signIn(e, p, "mina", co.domain, USER_PASSWORD);
    await p.getByRole("link", { name: "드라이브", exact: true }).first().click();
    await p.waitForURL(new RegExp(`#/drive/${home.id}/1$`));
    await row("회의록.txt").waitFor();
    await p.getByRole("region", { name: "빠른 액세스" }).getByRole("button", { name: "예산.xlsx" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "home");

    await p.getByRole("navigation", { name: "드라이브 메뉴" }).getByRole("button", { name: "새 폴더" }).click();
    const dialog = p.getByRole("dialog", { name: "새 폴더" });
    await dialog.getByRole("button", { name: "만들기" }).click();
    await dialog.getByText("이름을 입력해 주세요.").waitFor();
    await dialog.getByRole("textbox", { name: "폴더 이름" }).fill("가".repeat(81));
    await dialog.getByRole("button", { name: "만들기" }).click();
    await dialog.getByText("이름은 80자까지 입력할 수 있습니다.").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "new-folder-errors");
    await dialog.getByRole("textbox", { name: "폴더 이름" }).fill("보고서");
    await dialog.getByRole("button", { name: "만들기" }).click();
    await dialog.waitFor({ state: "detached" });
    await row("보고서").waitFor();
    expect(await named(home.id, "보고서")).toMatchObject({ fileType: "DIRECTORY" });
  });

  test("upload several files one after another; the waiting one cancelled stays out", async () => {
    // The first file's bytes are held back a moment, so the others are still waiting when one is cancelled.
    let held = false;
    await p.route("**/api/drive/tus/**", async (route) => {
      if (route.request().method() === "PATCH" && !held) {
        held = true;
        await new Promise((r) => setTimeout(r, 1500));
      }
      await route.continue();
    });
    await p.getByRole("button", { name: "업로드", exact: true }).first().click();
    const dialog = p.getByRole("dialog", { name: "파일 업로드" });
    const chooser = p.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "파일 선택" }).click();
    await (await chooser).setFiles([
      { name: "사진.png", mimeType: "image/png", buffer: Buffer.alloc(300_000, 1) },
      { name: "메모.txt", mimeType: "text/plain", buffer: Buffer.from("memo") },
      { name: "취소할파일.txt", mimeType: "text/plain", buffer: Buffer.from("cancel me") },
    ]);
    await dialog.getByText("업로드 중").waitFor();
    await dialog.getByRole("button", { name: "취소할파일.txt 업로드 취소" }).click();
    await dialog.getByText("취소됨").waitFor();
    await dialog.getByText("2/2개 완료 (100%)").waitFor({ timeout: 15_000 });
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "upload-done");
    await dialog.getByRole("button", { name: "닫기", exact: true }).click();
    await row("메모.txt").waitFor();
    await row("사진.png").waitFor();
    const names = (await listed(home.id)).map((i) => i.fileName);
    expect(names).toContain("메모.txt");
    expect(names).not.toContain("취소할파일.txt");
    expect((await named(home.id, "사진.png"))?.fileSize).toBe(300_000);
    await p.unroute("**/api/drive/tus/**");
  });

  test("F2 renames; Delete sends to the trash after asking; the trash restores", async () => {
    await row("메모.txt").click();
    await row("메모.txt").focus();
    await p.keyboard.press("F2");
    const rename = p.getByRole("dialog", { name: "이름 바꾸기" });
    await rename.getByRole("textbox", { name: "이름" }).fill("메모-수정.txt");
    await rename.getByRole("button", { name: "저장" }).click();
    await row("메모-수정.txt").waitFor();

    await row("메모-수정.txt").focus();
    await p.keyboard.press("Delete");
    const ask = p.getByRole("alertdialog").or(p.getByRole("dialog", { name: "휴지통으로 이동" }));
    await ask.getByRole("button", { name: "삭제" }).click();
    await row("메모-수정.txt").waitFor({ state: "detached" });
    const trash = (await call<DriveItem[]>("GET", "/api/drive/root")).find((r) => r.fileType === "DELETED")!;
    expect((await listed(trash.id)).map((i) => i.fileName)).toContain("메모-수정.txt");

    await p.getByRole("link", { name: "휴지통", exact: true }).click();
    await p.waitForURL(new RegExp(`#/drive/${trash.id}/1$`));
    await p.getByRole("columnheader", { name: "삭제한 시간" }).waitFor();
    await row("메모-수정.txt").locator("input[type=checkbox]").click();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "trash");
    await p.getByRole("toolbar", { name: "선택한 항목 작업" }).getByRole("button", { name: "복원" }).click();
    await row("메모-수정.txt").waitFor({ state: "detached" });
    expect(await named(home.id, "메모-수정.txt")).toBeTruthy();
  });

  test("a non-numeric or missing folder goes to the drive home", async () => {
    await p.goto(`${e.base}/#/drive/abc/1`);
    await p.waitForURL(new RegExp(`#/drive/${home.id}/1$`));
    await p.goto(`${e.base}/#/drive/99999999/1`);
    await p.waitForURL(new RegExp(`#/drive/${home.id}/1$`));
    await row("회의록.txt").waitFor();
  });
});
