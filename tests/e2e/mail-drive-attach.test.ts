// "From drive" in the compose screen (issue 25; DrivePicker.tsx, GET api/mail/drive/upload/{fileId}): a user
// with files in a sub-folder of their drive opens the dialog, goes into the folder by keyboard, picks two files
// (a checkbox click and Space), attaches them — listed as normal attachments, done, like uploaded ones — and
// sends the mail; the colleague's received mail carries both files byte for byte. The dialog in en and id
// (screenshots, axe), the recent files, and at phone width a file gone from the drive before it is attached
// shows mail.364's text in the dialog, which stays open.
import { afterEach, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import type { MailAttachItem } from "../../shared/mail/reading.ts";
import { mailsIn } from "../mail/compose/helpers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { driveApiAs, driveCompany, homeOf, putFile } from "./support/drive.ts";
import { signIn, USER_PASSWORD } from "./support/mail.ts";
import { strings } from "./support/walk-i18n.ts";
import type { DriveItem } from "../../shared/drive/items.ts";

const e = await startE2E("mail-drive-attach");
const co = await driveCompany(e, "drive-attach.test");
const A = await co.member("ana");
const B = await co.member("bora");
const drive = driveApiAs(e, A);
const home = await homeOf(e, A);
const folder = await drive<DriveItem>("POST", "/api/drive/create", { fileName: "견적 자료", parentId: home.id });
const PDF = new Uint8Array(3000).map((_, i) => (i * 37 + 11) % 256);
const CSV = "품목,단가\n볼트,120\n너트,80\n";
await putFile(e, A, folder.id, "견적서.pdf", PDF);
await putFile(e, A, folder.id, "단가표.csv", CSV);
const memo = await putFile(e, A, home.id, "메모.txt", "root memo");

const a = await e.newPage();
a.page.setDefaultTimeout(12_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(a.page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});
const form = (page: Page) => page.locator("form.cmp");
const writeUrl = `${e.base}/#/mail/write/-1/1/${encodeURIComponent("{}")}`;

/** Opens the dialog from the compose screen and goes into the sub-folder with the keyboard. */
async function openFolder(page: Page, tr: ReturnType<typeof strings>) {
  await form(page).getByRole("button", { name: tr("mail:compose.drive.open"), exact: true }).click();
  const dialog = page.getByRole("dialog", { name: tr("mail:compose.drive.title") });
  const folderRow = dialog.getByRole("row").filter({ hasText: "견적 자료" });
  await folderRow.waitFor();
  await folderRow.focus();
  await page.keyboard.press("Enter");
  await dialog.getByRole("row").filter({ hasText: "단가표.csv" }).waitFor();
  // The breadcrumbs: the root as a way back, the folder as the current place.
  await dialog.getByRole("navigation").getByRole("button", { name: tr("mail:compose.drive.myDrive"), exact: true }).waitFor();
  await dialog.getByRole("navigation").locator('[aria-current="page"]', { hasText: "견적 자료" }).waitFor();
  return dialog;
}

describe("attach drive files to a mail", () => {
  test("two files of a sub-folder are attached through the dialog and reach the colleague byte for byte", async () => {
    const { page } = a;
    const tr = strings("ko");
    await signIn(e, page, "ana", co.domain, USER_PASSWORD);
    await page.goto(writeUrl);
    const f = form(page);
    await f.getByRole("textbox", { name: "내용" }).waitFor();
    await f.getByRole("combobox", { name: "받는 사람" }).fill("bora");
    await page.getByRole("option", { name: /User bora/ }).click();
    await f.getByLabel("제목", { exact: true }).fill("견적 자료 전달");

    const dialog = await openFolder(page, tr);
    // A file row has a checkbox; a folder row has none (the root's folder is a way in, not a file to send).
    await expect(dialog.getByRole("row").filter({ hasText: "견적서.pdf" }).getByRole("checkbox").count()).resolves.toBe(1);
    // One file by its checkbox, the other by Space.
    await dialog.getByRole("row").filter({ hasText: "견적서.pdf" }).locator("label.cmp-drive-check").click();
    await dialog.getByRole("row").filter({ hasText: "단가표.csv" }).focus();
    await page.keyboard.press("Space");
    await dialog.getByText(tr("mail:compose.drive.picked_other", { count: 2 }), { exact: true }).waitFor();
    await expect(dialog.getByRole("row", { selected: true }).count()).resolves.toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "dialog-ko");

    await dialog.getByRole("button", { name: tr("mail:compose.drive.attach", { count: 2 }), exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    for (const name of ["견적서.pdf", "단가표.csv"]) {
      const row = f.locator(".cmp-file", { hasText: name });
      await row.getByText(tr("mail:compose.uploaded"), { exact: true }).waitFor();
      await row.getByText(tr("mail:compose.normalFile"), { exact: true }).waitFor();
    }
    await e.shot(page, "attached-ko");

    await f.getByRole("button", { name: "보내기", exact: true }).click();
    await page.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();

    const [got] = await mailsIn(e.t, B.username, "INBOX");
    expect(got.message.subject).toBe("견적 자료 전달");
    const view = await e.t.call("GET", `/api/mails/view/${got.mail.id}`, { token: B.token });
    const items = view.body.attachList as MailAttachItem[];
    expect(items.map((i) => i.name).sort()).toEqual(["견적서.pdf", "단가표.csv"]);
    for (const item of items) {
      const res = await e.t.app.request(`/api/mails/view/${got.mail.id}/attach/${item.position}`, { headers: { authorization: `Bearer ${B.token}` } });
      expect(res.status).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes).toEqual(item.name === "견적서.pdf" ? PDF : new TextEncoder().encode(CSV));
    }
  });

  test("the dialog in English and Indonesian; a file gone from the drive is refused with mail.364's text", async () => {
    const { page } = a;
    for (const lng of ["en", "id"] as const) {
      const tr = strings(lng);
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.goto(writeUrl);
      await page.reload();
      await form(page).getByRole("button", { name: tr("mail:compose.send"), exact: true }).waitFor();
      const dialog = await openFolder(page, tr);
      await dialog.getByRole("row").filter({ hasText: "견적서.pdf" }).locator("label.cmp-drive-check").click();
      await dialog.getByText(lng === "en" ? tr("mail:compose.drive.picked_one", { count: 1 }) : tr("mail:compose.drive.picked_other", { count: 1 }), { exact: true })
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `dialog-${lng}`);
      await dialog.getByRole("button", { name: tr("mail:compose.cancel"), exact: true }).click();
      await dialog.waitFor({ state: "detached" });
    }

    // en, phone width: the root's file picked, then removed from the drive for good before "attach".
    const tr = strings("en");
    await page.evaluate(() => localStorage.setItem("gw.language", "en"));
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(writeUrl);
    await page.reload();
    await form(page).getByRole("button", { name: tr("mail:compose.drive.open"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: tr("mail:compose.drive.title") });
    // The recent files (folderId -1) hold the files of every folder; "My drive" leads back to the root.
    await dialog.getByRole("button", { name: tr("mail:compose.drive.recent"), exact: true }).click();
    await dialog.getByRole("grid", { name: tr("mail:compose.drive.listOf", { place: tr("mail:compose.drive.recent") }) }).waitFor();
    await dialog.getByRole("row").filter({ hasText: "단가표.csv" }).waitFor();
    await dialog.getByRole("button", { name: tr("mail:compose.drive.myDrive"), exact: true }).click();
    await dialog.getByRole("row").filter({ hasText: "메모.txt" }).locator("label.cmp-drive-check").click();
    await drive("DELETE", "/api/drive", { fileIds: [memo.id] });
    await drive("DELETE", `/api/drive/${memo.id}/clean`);
    await dialog.getByRole("button", { name: tr("mail:compose.drive.attach", { count: 1 }), exact: true }).click();
    await dialog.getByRole("alert").getByText(`메모.txt: ${strings("en")("mailErrors:mail.364")}`, { exact: true }).waitFor();
    await expect(form(page).locator(".cmp-file").count()).resolves.toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "refused-en-phone");
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
  });
});
