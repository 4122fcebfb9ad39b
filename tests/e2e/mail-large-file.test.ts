// Large files behind a password (the company's isLargeAttPw) in a real browser: the compose screen asks for
// the large files' password under them once a file is large (the send check says so when it is missing), and
// the mail goes out with a link to the download page. There, signed out, the file, its sender and how many
// downloads are left show; a wrong password is refused at the field; the right one downloads the file byte
// for byte and the count follows. An unknown link says the file cannot be had (en). Axe on both screens.
import { afterEach, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { upsertConfig } from "../../server/modules/company/repo.ts";
import { mailsIn } from "../mail/compose/helpers.ts";
import { downloadText, seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-large-file");
const co = await mailCompany(e, "large.test");
const A = await co.member("ana");
const B = await co.member("bora");
await upsertConfig(e.t.db.db, A.companyId, "mail", { isLargeAttPw: true }, e.t.clock.now());

const PASSWORD = "green77tree";
const CONTENT = "drawing bytes ".repeat(200);
const form = (page: Page) => page.locator("form.cmp");
let link = "";

const a = await e.newPage();
a.page.setDefaultTimeout(12_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(a.page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

describe("large files behind a password", () => {
  test("compose asks for the large files' password under them, then sends the mail with the page link", async () => {
    const { page } = a;
    await signIn(e, page, "ana", co.domain, USER_PASSWORD, `/mail/write/-1/1/${encodeURIComponent("{}")}`);
    const f = form(page);
    await f.getByRole("textbox", { name: "내용" }).waitFor();
    await f.getByRole("combobox", { name: "받는 사람" }).fill("bora");
    await page.getByRole("option", { name: /User bora/ }).click();
    await f.getByLabel("제목", { exact: true }).fill("도면 전달");
    await f.locator("input[type=file]").setInputFiles({ name: "drawing.dwg", mimeType: "application/octet-stream", buffer: Buffer.from(CONTENT) });
    const row = f.locator(".cmp-file", { hasText: "drawing.dwg" });
    await row.getByText("완료").waitFor();
    // A normal file needs no password; once it is a large file, the field shows.
    await expect(f.getByLabel("대용량 파일 비밀번호").count()).resolves.toBe(0);
    await row.getByRole("button", { name: "대용량으로" }).click();
    await row.getByText("대용량", { exact: true }).waitFor();
    const pw = f.getByLabel("대용량 파일 비밀번호");
    await pw.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await f.getByRole("button", { name: "보내기", exact: true }).click();
    await page.getByText("대용량 파일 비밀번호를 정하세요.", { exact: false }).first().waitFor();
    await expect(pw.getAttribute("aria-invalid")).resolves.toBe("true");
    await e.shot(page, "compose-password-missing");

    await pw.fill(PASSWORD);
    await f.getByRole("button", { name: "보내기", exact: true }).click();
    await page.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();

    const [got] = await mailsIn(e.t, B.username, "INBOX");
    expect(got.message.subject).toBe("도면 전달");
    expect(got.message.attachments).toEqual([]);
    expect(got.message.htmlBody).toContain("대용량 첨부파일");
    link = /\/(#\/mail\/large\/[A-Za-z0-9_-]+)/.exec(got.message.htmlBody ?? "")![1];
  });

  test("the download page: the file and sender, a wrong password refused, the right one downloads", async () => {
    const { page, context } = await e.newPage();
    await page.goto(`${e.base}/${link}`);
    await page.getByRole("heading", { name: "대용량 파일 받기" }).waitFor();
    await page.getByText("drawing.dwg").waitFor();
    await page.getByText(`ana <${A.username}>`, { exact: false }).waitFor();
    await page.getByText("100회 중 100회").waitFor();
    const field = page.getByLabel("비밀번호");
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "page-ko");

    await field.fill("wrong77tree");
    await page.getByRole("button", { name: "내려받기" }).click();
    await page.getByText("비밀번호가 올바르지 않습니다.").waitFor();
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");

    await field.fill(PASSWORD);
    const [download] = await Promise.all([page.waitForEvent("download"), field.press("Enter")]);
    expect(download.suggestedFilename()).toBe("drawing.dwg");
    expect(await downloadText(download)).toBe(CONTENT);
    await page.getByText("내려받기를 시작했습니다.").waitFor();
    await page.getByText("100회 중 99회").waitFor();
    await e.shot(page, "page-downloaded");
    await context.close();
  });

  test("an unknown link says the file cannot be downloaded (en)", async () => {
    const { page, context } = await e.newPage();
    await page.goto(`${e.base}/#/mail/large/no-such-link-aaaaaaaaaaaaaaaa`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.getByRole("button", { name: "English" }).click();
    await page.getByText("This file cannot be downloaded.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "page-gone-en");
    await context.close();
  });
});
