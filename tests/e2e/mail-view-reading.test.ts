// Reading a mail in a real browser (issue 6 "View"; 000 §4 "Mail read and star"; §8 mail.408-412): an HTML mail
// with a remote image, an inline (cid) image and a PNG attachment, opened from the list. The remote image is
// never requested until "show images"; the inline image shows; the attachment previews and downloads; reading
// lowers the inbox's unread count on the server; the star sticks; the original message popup shows the raw
// headers; printing opens the print popup, which prints once; a Korean subject with an EUC-KR body reads
// correctly; a missing mail says so; "download all" downloads every attachment of a mail. Screens in ko, en
// and id, with axe. (Actions from the reader: tests/e2e/mail-view-actions.test.ts.)
import { describe, expect, test } from "vitest";
import { downloadBytes } from "./support/browser.ts";
import { deliver, signIn, USER_PASSWORD } from "./support/mail.ts";
import { startViewWorld } from "./support/mail-view.ts";

const { e, reader, box, CHART, remoteHits, SUBJECT, htmlId, eucId, inboxUnread, rowOf, viewUrl, readerViolations, page, frame } =
  await startViewWorld("mail-view-reading");

describe("reading a mail", () => {
  test("opened from the list: marked read, remote images blocked, the inline image shown", async () => {
    await signIn(e, page, "reader", "view.test", USER_PASSWORD);
    const unreadBefore = await inboxUnread();
    expect((await rowOf(htmlId)).readStatus).toBe(0);
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await page.locator(`#mail-row-${htmlId}`).click();
    await page.getByRole("heading", { name: SUBJECT, level: 2 }).waitFor();
    await page.waitForURL(/#\/mail\/view\//);

    await frame().getByText("안녕하세요, 보고서를 첨부합니다.").waitFor();
    // The inline image loads (a real picture, decoded), the remote one does not even get asked for.
    await expect.poll(() => frame().locator('img[alt="회사 로고"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
    await page.getByText("외부 이미지가 차단되었습니다.").waitFor();
    expect(await frame().locator('img[alt="원격 이미지"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
    expect(remoteHits).toEqual([]);
    // Links leave the frame for a new tab; the frame runs no script.
    expect(await page.locator("iframe.mr-frame").getAttribute("sandbox")).toBe("allow-same-origin allow-popups allow-popups-to-escape-sandbox");
    // The cid image is in the body, so only chart.png is listed as an attachment.
    await page.getByRole("link", { name: "chart.png 다운로드" }).waitFor();
    await expect(page.getByRole("link", { name: "logo.png 다운로드" }).count()).resolves.toBe(0);

    // Reading marked it read: the server's unread count of the inbox dropped by one.
    await expect.poll(inboxUnread).toBe(unreadBefore - 1);
    expect((await rowOf(htmlId)).readStatus).toBe(1);
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "reader-ko-images-blocked");

    await page.getByRole("button", { name: "이미지 보기" }).click();
    await expect.poll(() => frame().locator('img[alt="원격 이미지"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    expect(remoteHits).toContain("/x.png");
    await expect(page.getByText("외부 이미지가 차단되었습니다.").count()).resolves.toBe(0);
  });

  test("the attachment previews and downloads", async () => {
    await page.getByRole("button", { name: "chart.png 미리보기" }).click();
    const dialog = page.getByRole("dialog", { name: "이미지 미리보기: chart.png" });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole("img", { name: "chart.png" }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    expect(await readerViolations(page)).toEqual([]);
    await e.shot(page, "image-preview");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "chart.png 다운로드" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("chart.png");
    expect(await downloadBytes(download)).toEqual(CHART);
  });

  test("the star toggles and sticks", async () => {
    const star = page.getByRole("button", { name: "별표", exact: true });
    await expect(star.getAttribute("aria-pressed")).resolves.toBe("false");
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(async () => (await rowOf(htmlId)).importantStatus).toBe(1);
    await star.click();
    await expect.poll(async () => (await rowOf(htmlId)).importantStatus).toBe(0);
  });

  test("the original message popup shows the raw headers", async () => {
    await page.getByRole("button", { name: "더보기" }).click();
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("menuitem", { name: "원문 보기" }).click(),
    ]);
    const raw = popup.getByRole("region").or(popup.locator("pre.mr-original-text"));
    await raw.first().waitFor();
    const text = await popup.locator("pre.mr-original-text").innerText();
    expect(text).toMatch(/^Subject: /m);
    expect(text).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(text).toContain("logo@view.test");
    await e.shot(popup, "original-message");
    await popup.close();
  });

  test("print opens the print popup, which prints once the body is laid out", async () => {
    await page.getByRole("button", { name: "더보기" }).click();
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("menuitem", { name: "인쇄" }).click(),
    ]);
    expect(popup.url()).toContain("#/mail/view/popup/");
    expect(decodeURIComponent(popup.url())).toContain('"print":true');
    await popup.getByRole("heading", { name: SUBJECT }).waitFor();
    await expect.poll(() => popup.evaluate(() => (globalThis as unknown as { __printed: number }).__printed), { timeout: 10_000 }).toBe(1);
    await popup.close();
  });

  test("screens in en and id", async () => {
    try {
      for (const [lng, title] of [["en", "Attachments: 1"], ["id", "Lampiran: 1"]] as const) {
        await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
        await page.reload();
        await page.getByRole("heading", { name: SUBJECT, level: 2 }).waitFor();
        await page.getByText(title).waitFor();
        expect(await readerViolations(page)).toEqual([]);
        await e.shot(page, `reader-${lng}`);
      }
    } finally {
      await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
      await page.reload();
    }
  });
});

describe("encodings and missing mail", () => {
  test("a Korean subject and an EUC-KR body read correctly", async () => {
    await page.goto(viewUrl(box.INBOX, eucId));
    await page.getByRole("heading", { name: "안녕하세요", level: 2 }).waitFor();
    await page.locator(".mr-text").getByText("안녕하세요").waitFor();
    await page.locator(".mr-meta").getByText("김관리").waitFor();
    await e.shot(page, "euc-kr");
  });

  test("a mail that does not exist says so, with the way back", async () => {
    await page.goto(viewUrl(box.INBOX, 999_999));
    await page.getByText("메일이 존재하지 않거나 삭제되었습니다.").waitFor();
    await page.getByRole("link", { name: "목록으로" }).click();
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
  });
});

describe("download all", () => {
  test("'download all' downloads every attachment of the mail, each with its own name and bytes", async () => {
    const files = [
      { filename: "회의록.txt", content: new TextEncoder().encode("회의록 본문"), contentType: "text/plain" },
      { filename: "budget.csv", content: new TextEncoder().encode("item,amount\npaper,1200\n"), contentType: "text/csv" },
      { filename: "chart.png", content: CHART, contentType: "image/png" },
    ];
    const mailId = await deliver(e, reader, { subject: "첨부 세 개", to: reader.username, text: "첨부를 모두 받으세요.", attachments: files });
    await page.goto(viewUrl(box.INBOX, mailId));
    await page.getByRole("heading", { name: "첨부 세 개", level: 2 }).waitFor();
    await page.getByText("첨부 파일 3개").waitFor();

    const downloads: import("playwright-core").Download[] = [];
    page.on("download", (d) => downloads.push(d));
    await page.getByRole("button", { name: "모두 다운로드" }).click();
    await expect.poll(() => downloads.length, { timeout: 10_000 }).toBe(3);
    const got = await Promise.all(downloads.map(async (d) => [d.suggestedFilename(), await downloadBytes(d)] as const));
    expect(got.map(([name]) => name)).toEqual(files.map((f) => f.filename));
    for (const [i, [, bytes]] of got.entries()) expect(bytes).toEqual(files[i].content);
    await e.shot(page, "download-all");
  });
});
