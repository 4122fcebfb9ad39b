// The quoted history and attached messages in the mail reader (MailView.quoteContent, attachPosition): a
// Gmail-style reply and a mail forwarding another as a message/rfc822 attachment are delivered over a real
// SMTP conversation (nodemailer) to the inbound listener and opened in the browser. The quote stays folded
// until "show quoted text" (by keyboard) unfolds it in the same sandboxed frame; the attached message opens in
// the reader with its own attachment downloadable, and "back to the mail" returns; a message attached inside
// it (a forward of a forward) opens a level deeper, and back goes up one level. Screens in ko, en and id
// (also copied to E2E_SHOTS_DIR when set), with axe on the reader.
import { afterAll, describe, expect, test } from "vitest";
import nodemailer from "nodemailer";
import { axe, downloadText, startE2E } from "./support/browser.ts";
import { folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { listen, localResolver } from "../mail/smtp/support.ts";
import type { Page } from "playwright-core";

const e = await startE2E("mail-view-quote");
const co = await mailCompany(e, "quote.test");
const reader = await co.member("sujin");
const box = await folders(e.t, reader);
const listener = await listen(e.t.deps, localResolver({}));
const SHOTS = Deno.env.get("E2E_SHOTS_DIR");
if (SHOTS) await Deno.mkdir(SHOTS, { recursive: true });

const transport = nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true, name: "mx.partner.example" });
afterAll(() => transport.close());

async function send(mail: Parameters<typeof transport.sendMail>[0]): Promise<number> {
  await transport.sendMail({ from: "김민수 <minsu@partner.example>", to: reader.username, ...mail });
  const list = await e.t.call("GET", `/api/mails?folderId=${box.INBOX}&page=0&pageSize=50`, { token: reader.token });
  const row = list.body.mails.find((m: { subject: string }) => m.subject === mail.subject);
  expect(row, JSON.stringify(list.body)).toBeTruthy();
  return row.mailId;
}

const REPLY = "RE: 워크숍 장소";
const replyId = await send({
  subject: REPLY,
  text: "금요일 3층 회의실로 예약했습니다.\n\n> 워크숍 장소를 정해 주세요.",
  html: `<div dir="ltr">금요일 3층 회의실로 예약했습니다.</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">2026년 11월 20일 (금) 오후 3:00, 이수진 &lt;${reader.username}&gt;님이 작성:<br></div><blockquote class="gmail_quote" style="margin:0 0 0 .8ex;border-left:1px #ccc solid;padding-left:1ex"><div>워크숍 장소를 정해 주세요.</div></blockquote></div>`,
});

const INNER_SUBJECT = "견적서 송부 (원본)";
const INNER = [
  "From: Partner Lee <lee@vendor.example>",
  "To: 김민수 <minsu@partner.example>",
  `Subject: =?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(INNER_SUBJECT)))}?=`,
  "Date: Thu, 19 Nov 2026 10:00:00 +0900",
  "MIME-Version: 1.0",
  'Content-Type: multipart/mixed; boundary="inner"',
  "",
  "--inner",
  "Content-Type: text/html; charset=utf-8",
  "",
  "<p>Please find our quote attached.</p>",
  "--inner",
  'Content-Type: text/plain; name="quote.txt"',
  'Content-Disposition: attachment; filename="quote.txt"',
  "",
  "Total: 1,200,000 KRW",
  "--inner--",
  "",
].join("\r\n");
const FORWARD = "FW: 견적서 송부";
const forwardId = await send({
  subject: FORWARD,
  html: "<p>아래 견적서 메일을 전달합니다.</p>",
  // As Outlook and Gmail forward a mail "as attachment" (an inline message/rfc822 is shown in the body).
  attachments: [{ filename: "견적서.eml", content: INNER, contentType: "message/rfc822", contentDisposition: "attachment" }],
});
// A forward of that forward: the first forward, attached whole, carries the original attached in turn.
const MIDDLE_SUBJECT = "FW: 견적서 송부 (1차 전달)";
const MIDDLE = [
  "From: 김민수 <minsu@partner.example>",
  "To: Bob <bob@partner.example>",
  `Subject: =?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(MIDDLE_SUBJECT)))}?=`,
  "Date: Thu, 19 Nov 2026 11:00:00 +0900",
  "MIME-Version: 1.0",
  'Content-Type: multipart/mixed; boundary="middle"',
  "",
  "--middle",
  "Content-Type: text/html; charset=utf-8",
  "",
  "<p>First forward of the quote.</p>",
  "--middle",
  "Content-Type: message/rfc822",
  'Content-Disposition: attachment; filename="original.eml"',
  "",
  INNER,
  "--middle--",
  "",
].join("\r\n");
const FORWARD2 = "FW: FW: 견적서 송부";
const forward2Id = await send({
  subject: FORWARD2,
  html: "<p>두 번 전달된 견적서입니다.</p>",
  attachments: [{ filename: "1차 전달.eml", content: MIDDLE, contentType: "message/rfc822", contentDisposition: "attachment" }],
});

const { page } = await e.newPage();
const viewUrl = (mailId: number) =>
  `${e.base}/#/mail/view/${box.INBOX}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId } }))}`;
const frame = () => page.frameLocator("iframe.mr-frame");
async function shot(name: string) {
  const file = await e.shot(page, name);
  if (SHOTS) await Deno.copyFile(file, `${SHOTS}/${name}.png`);
}
async function readerViolations(p: Page) {
  const r = await axe(p).include(".mr-reader").exclude("iframe.mr-frame")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

const LABELS = {
  ko: { show: "이전 내용 보기", hide: "이전 내용 숨기기", open: "견적서.eml 메일로 열기", back: "메일로 돌아가기", download: "quote.txt 다운로드" },
  en: { show: "Show quoted text", hide: "Hide quoted text", open: "Open 견적서.eml as a mail", back: "Back to the mail", download: "Download quote.txt" },
  id: { show: "Tampilkan teks kutipan", hide: "Sembunyikan teks kutipan", open: "Buka 견적서.eml sebagai email", back: "Kembali ke email", download: "Unduh quote.txt" },
} as const;

describe("the quoted history", () => {
  test("folded under 'show quoted text', unfolded by keyboard in the same frame", async () => {
    await signIn(e, page, "sujin", "quote.test", USER_PASSWORD);
    await page.goto(viewUrl(replyId));
    await page.getByRole("heading", { name: REPLY, level: 2 }).waitFor();
    await frame().getByText("금요일 3층 회의실로 예약했습니다.").waitFor();
    await expect(frame().getByText("워크숍 장소를 정해 주세요.").count()).resolves.toBe(0);
    const toggle = page.getByRole("button", { name: LABELS.ko.show });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await readerViolations(page)).toEqual([]);
    await shot("quote-folded-ko");

    await toggle.focus();
    await page.keyboard.press("Enter");
    await frame().getByText("워크숍 장소를 정해 주세요.").waitFor();
    const hide = page.getByRole("button", { name: LABELS.ko.hide });
    expect(await hide.getAttribute("aria-expanded")).toBe("true");
    // Still the one sandboxed frame, no scripts.
    expect(await page.locator("iframe.mr-frame").count()).toBe(1);
    expect(await page.locator("iframe.mr-frame").getAttribute("sandbox")).toBe("allow-same-origin allow-popups allow-popups-to-escape-sandbox");
    await shot("quote-unfolded-ko");
    await hide.click();
    await expect.poll(() => frame().getByText("워크숍 장소를 정해 주세요.").count()).toBe(0);
  });

  test("in English and Indonesian", async () => {
    for (const lng of ["en", "id"] as const) {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.reload();
      await page.getByRole("button", { name: LABELS[lng].show }).click();
      await frame().getByText("워크숍 장소를 정해 주세요.").waitFor();
      await shot(`quote-unfolded-${lng}`);
    }
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
  });
});

describe("an attached message", () => {
  for (const lng of ["ko", "en", "id"] as const) {
    test(`opens in the reader and goes back to the mail (${lng})`, async () => {
      const L = LABELS[lng];
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.goto(viewUrl(forwardId));
      await page.reload();
      await page.getByRole("heading", { name: FORWARD, level: 2 }).waitFor();
      await frame().getByText("아래 견적서 메일을 전달합니다.").waitFor();
      await shot(`attached-in-mail-${lng}`);
      await page.getByRole("button", { name: L.open }).click();
      await page.getByRole("heading", { name: INNER_SUBJECT, level: 2 }).waitFor();
      await frame().getByText("Please find our quote attached.").waitFor();
      expect(decodeURIComponent(page.url())).toContain('"attachPosition":0');
      await page.getByText("Partner Lee <lee@vendor.example>").waitFor();
      // No read, star or move actions for a part of another mail.
      expect(await page.locator(".mr-reader [role=toolbar]").count()).toBe(0);
      expect(await readerViolations(page)).toEqual([]);
      await shot(`attached-open-${lng}`);

      if (lng === "ko") {
        const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: L.download }).click()]);
        expect(download.suggestedFilename()).toBe("quote.txt");
        // (The line end before the boundary is kept by the MIME parser, as for any attachment.)
        expect((await downloadText(download)).trimEnd()).toBe("Total: 1,200,000 KRW");
      }

      await page.getByRole("link", { name: L.back }).click();
      await page.getByRole("heading", { name: FORWARD, level: 2 }).waitFor();
      await frame().getByText("아래 견적서 메일을 전달합니다.").waitFor();
    });
  }

  test("a message attached inside an attached message opens a level deeper, and back goes up one level", async () => {
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
    await page.goto(viewUrl(forward2Id));
    await page.reload();
    await page.getByRole("heading", { name: FORWARD2, level: 2 }).waitFor();
    await page.getByRole("button", { name: "1차 전달.eml 메일로 열기" }).click();
    await page.getByRole("heading", { name: MIDDLE_SUBJECT, level: 2 }).waitFor();
    await frame().getByText("First forward of the quote.").waitFor();
    await page.getByRole("button", { name: "original.eml 메일로 열기" }).click();
    await page.getByRole("heading", { name: INNER_SUBJECT, level: 2 }).waitFor();
    await frame().getByText("Please find our quote attached.").waitFor();
    expect(decodeURIComponent(page.url())).toContain('"attachPosition":"0.0"');
    expect(await readerViolations(page)).toEqual([]);
    await shot("attached-nested-ko");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "quote.txt 다운로드" }).click()]);
    expect(download.suggestedFilename()).toBe("quote.txt");
    expect((await downloadText(download)).trimEnd()).toBe("Total: 1,200,000 KRW");

    await page.getByRole("link", { name: "메일로 돌아가기" }).click();
    await page.getByRole("heading", { name: MIDDLE_SUBJECT, level: 2 }).waitFor();
    await page.getByRole("link", { name: "메일로 돌아가기" }).click();
    await page.getByRole("heading", { name: FORWARD2, level: 2 }).waitFor();
  });
});
