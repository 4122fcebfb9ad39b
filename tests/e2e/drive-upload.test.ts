// The drive's upload dialog beyond the plain files of drive-journey (issue 25, 001 §4, §5): a file over
// MAX_FILE_SIZE (1 GiB + 1) refused before anything is sent or read, with drive.74 naming the size; a picked
// folder keeps its structure and dropped files arrive; a bigger upload on a throttled network shows the time
// left (h/m/s), minimises into its bar and comes back, and closing the dialog under 100% cancels it with
// nothing left on the server; over the quota the server's 507 shows drive.73. axe on each state; screenshots
// under test-results/e2e/drive-upload/.
import { Buffer } from "node:buffer";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { DriveList } from "../../shared/drive/items.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { driveApiAs, driveCompany, homeOf } from "./support/drive.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("drive-upload");
const co = await driveCompany(e, "drive-upload.test");
const mina = await co.member("mina");
const call = driveApiAs(e, mina);
const home = await homeOf(e, mina);
const listed = async (folderId: number) =>
  (await call<DriveList>("GET", `/api/drive/list?folderId=${folderId}&pageSize=200`)).list.content;
const named = async (folderId: number, name: string) => (await listed(folderId)).find((i) => i.fileName === name);
const quota = () => call<{ totalQuota: number; usedSize: number }>("GET", "/api/users/quota");

const dir = await mkdtemp(join(tmpdir(), "drive-upload-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const { page: p } = await e.newPage();
p.setDefaultTimeout(12_000);
const dialog = p.getByRole("dialog", { name: "파일 업로드" });
const tusPosts: string[] = [];
p.on("request", (r) => {
  if (r.method() === "POST" && r.url().includes("/api/drive/tus/")) tusPosts.push(r.url());
});

async function openDialog() {
  await p.locator(".dr-toolbar").getByRole("button", { name: "업로드", exact: true }).click();
  await dialog.waitFor();
}

describe("the upload dialog", () => {
  test("a file over 1 GiB is refused before it is sent or read, with drive.74 showing the size", async () => {
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, "/drive");
    await p.waitForURL(new RegExp(`#/drive/${home.id}/1$`));
    await openDialog();
    // A File of MAX_FILE_SIZE + 1 bytes made in the page from one 1 MiB part used 1024 times (no gigabyte is
    // held anywhere), put into the picker's input as a person's pick would; every way to read it is watched.
    // (A sparse file on disk given to setInputFiles would be copied whole to the browser server by
    // playwright's connected client, a gigabyte through the socket, before the page sees it.)
    const same = await dialog.locator("input[type=file]:not([webkitdirectory])").evaluate((input: HTMLInputElement) => {
      const mib = new Blob([new Uint8Array(1024 * 1024)]);
      const file = new File([...Array(1024).fill(mib), new Uint8Array(1)], "큰파일.iso", { type: "application/octet-stream" });
      const w = window as unknown as { bigFileReads: string[] };
      w.bigFileReads = [];
      for (const m of ["slice", "stream", "arrayBuffer", "text"] as const) {
        const own = (file[m] as (...a: unknown[]) => unknown).bind(file);
        Object.defineProperty(file, m, { value: (...a: unknown[]) => (w.bigFileReads.push(m), own(...a)) });
      }
      const dt = new DataTransfer();
      dt.items.add(file);
      input.files = dt.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
      return input.files[0] === file && file.size === 1073741825;
    });
    expect(same).toBe(true);
    const item = dialog.getByRole("listitem").filter({ hasText: "큰파일.iso" });
    await item.getByRole("alert").filter({ hasText: "최대 파일 크기(1 GB)를 초과했습니다." }).waitFor();
    await item.getByText("1 GB", { exact: true }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "too-large");
    // Nothing was read from it nor sent for it.
    expect(await p.evaluate(() => (window as unknown as { bigFileReads: string[] }).bigFileReads)).toEqual([]);
    expect(tusPosts).toEqual([]);
    await dialog.getByRole("button", { name: "닫기", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await named(home.id, "큰파일.iso")).toBeUndefined();
  });

  test("a picked folder keeps its structure; dropped files arrive", async () => {
    const top = join(dir, "분기보고");
    await mkdir(join(top, "1분기", "부록"), { recursive: true });
    await writeFile(join(top, "표지.txt"), "표지");
    await writeFile(join(top, "1분기", "요약.txt"), "1분기 요약");
    await writeFile(join(top, "1분기", "부록", "표.csv"), "a,b\n1,2\n");
    await openDialog();
    const chooser = p.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "폴더 선택" }).click();
    await (await chooser).setFiles(top);
    await dialog.getByText("3/3개 완료 (100%)").waitFor({ timeout: 15_000 });
    await dialog.getByText("분기보고/1분기/부록/표.csv").waitFor();
    await e.shot(p, "folder-done");

    const folder = await named(home.id, "분기보고");
    expect(folder).toMatchObject({ fileType: "DIRECTORY" });
    expect((await listed(folder!.id)).map((i) => i.fileName).sort()).toEqual(["1분기", "표지.txt"]);
    const q1 = (await listed(folder!.id)).find((i) => i.fileName === "1분기")!;
    expect((await listed(q1.id)).map((i) => i.fileName).sort()).toEqual(["부록", "요약.txt"]);
    const extra = (await listed(q1.id)).find((i) => i.fileName === "부록")!;
    expect((await listed(extra.id)).map((i) => [i.fileName, i.fileSize])).toEqual([["표.csv", 8]]);

    // Files dropped on the drop zone (a DataTransfer as the browser builds one for a drop).
    await dialog.locator(".dr-drop").evaluate((zone) => {
      const dt = new DataTransfer();
      dt.items.add(new File(["첫째"], "끌어놓은1.txt", { type: "text/plain" }));
      dt.items.add(new File(["둘째"], "끌어놓은2.txt", { type: "text/plain" }));
      zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await dialog.getByText("2/2개 완료 (100%)").waitFor({ timeout: 15_000 });
    expect(await named(home.id, "끌어놓은1.txt")).toMatchObject({ fileSize: 6 });
    expect(await named(home.id, "끌어놓은2.txt")).toMatchObject({ fileSize: 6 });
    await dialog.getByRole("button", { name: "닫기", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await p.locator("tr.dr-row", { hasText: "분기보고" }).waitFor();
  });

  test("a slow upload shows the time left, minimises into its bar and back; closing under 100% cancels it", async () => {
    const before = await quota();
    const cdp = await p.context().newCDPSession(p);
    await cdp.send("Network.enable");
    // 48 KB/s up: 1.5 MB takes about half a minute, time enough to look and cancel.
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 48 * 1024 });
    await openDialog();
    const created = p.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/drive/tus/"));
    const chooser = p.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "파일 선택" }).click();
    await (await chooser).setFiles([{ name: "느린파일.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(1_500_000, 7) }]);
    const location = (await created).headers()["location"];
    expect(location).toMatch(/\/api\/drive\/tus\/[^/]+$/);
    const left = dialog.locator(".dr-upload-left");
    await left.filter({ hasText: /^ · 남은 시간 (\d+분 )?\d+초$/ }).waitFor({ timeout: 15_000 });
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "time-left");

    await dialog.getByRole("button", { name: "최소화" }).click();
    await dialog.waitFor({ state: "detached" });
    const bar = p.getByRole("region", { name: "파일 업로드" });
    await bar.getByText(/0\/1개 완료 \(\d+%\) · 남은 시간 (\d+분 )?\d+초/).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "minimised");
    await bar.getByRole("button", { name: "펼치기" }).click();
    await dialog.getByText("느린파일.bin").waitFor();
    await expect.poll(() => dialog.getByRole("progressbar", { name: "느린파일.bin 진행률" }).getAttribute("aria-valuenow"), { timeout: 5000 })
      .not.toBe("0");
    expect(Number(await dialog.getByRole("progressbar").getAttribute("aria-valuenow"))).toBeLessThan(100);

    await dialog.getByRole("button", { name: "업로드 취소", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // Nothing is left: no file in the folder, the resumable upload is gone (tus termination), the quota as it was.
    await expect.poll(async () => (await e.t.call("HEAD", location, { token: mina.token })).status, { timeout: 5000 }).toBe(404);
    expect(await named(home.id, "느린파일.bin")).toBeUndefined();
    expect((await quota()).usedSize).toBe(before.usedSize);
    await cdp.detach();
  });

  test("over the quota the server's 507 shows drive.73 on that file; a smaller one that fits still goes", async () => {
    const used = (await quota()).usedSize;
    const r = await e.t.call("PUT", `/api/admin/users/${mina.userId}`, { token: co.admin.token, json: { totalQuota: used + 1000 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await openDialog();
    const chooser = p.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "파일 선택" }).click();
    await (await chooser).setFiles([
      { name: "넘치는파일.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(5000, 1) },
      { name: "다음파일.txt", mimeType: "text/plain", buffer: Buffer.from("next") },
    ]);
    const first = dialog.getByRole("listitem").filter({ hasText: "넘치는파일.bin" });
    await first.getByRole("alert").filter({ hasText: "저장 용량을 초과했습니다." }).waitFor();
    await dialog.getByRole("listitem").filter({ hasText: "다음파일.txt" }).getByText("완료", { exact: true }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "over-quota");
    await dialog.getByRole("button", { name: "닫기", exact: true }).click();
    expect(await named(home.id, "넘치는파일.bin")).toBeUndefined();
    expect(await named(home.id, "다음파일.txt")).toMatchObject({ fileSize: 4 });
    expect((await quota()).usedSize).toBe(used + 4);
  });
});
