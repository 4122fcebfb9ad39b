// A mail day for two colleagues, each in their own browser: A writes to B in compose (autocomplete, Korean
// subject, an attachment) and sends; B, looking at the inbox, sees it arrive without a reload (the list and
// the inbox count), opens it, replies with an attachment from the reader; A's inbox shows the reply arrive
// live, and A reads it with B's attachment.
import { describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-journey");
const co = await mailCompany(e, "journey-mail.test");
const A = await co.member("hana");
const B = await co.member("dul");
const SUBJECT = "다음 주 워크숍 일정";
const a = (await e.newPage()).page;
const b = (await e.newPage()).page;

/** The unread count the tree shows beside the inbox; "" when none is shown. */
async function inboxCount(page: Page, who: typeof A): Promise<string> {
  const badge = page.locator(`[data-folder-key="${(await folders(e.t, who)).INBOX}"] .mf-count`);
  return (await badge.count()) ? (await badge.textContent())!.trim() : "";
}

async function attach(page: Page, name: string, text: string) {
  const form = page.locator("form.cmp");
  await form.locator("input[type=file]").setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
  await form.locator(".cmp-file", { hasText: name }).getByText("완료").waitFor();
}

describe("two colleagues' mail day", () => {
  test("both sign in; B looks at an empty inbox", async () => {
    await signIn(e, a, "hana", co.domain, USER_PASSWORD);
    await signIn(e, b, "dul", co.domain, USER_PASSWORD);
    await b.getByRole("heading", { name: "받은메일함" }).waitFor();
    expect(await b.locator(".mail-row").count()).toBe(0);
  });

  test("A writes and sends; the mail appears in B's open inbox without a reload", async () => {
    await a.getByRole("button", { name: "메일쓰기" }).click();
    await a.waitForURL(/#\/mail\/write\//);
    const form = a.locator("form.cmp");
    await form.getByRole("combobox", { name: "받는 사람" }).fill("dul");
    await a.getByRole("option", { name: /User dul/ }).click();
    await form.getByLabel("제목", { exact: true }).fill(SUBJECT);
    await form.getByRole("textbox", { name: "내용" }).click();
    await a.keyboard.type("목요일 오후 2시에 시작합니다.");
    await attach(a, "agenda.txt", "1. 인사 2. 발표");
    await form.getByRole("button", { name: "보내기", exact: true }).click();
    await a.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();

    await b.getByText(SUBJECT).first().waitFor();
    await expect.poll(() => inboxCount(b, B)).toBe("1");
    await e.shot(b, "arrived-live");
  });

  test("B opens it and replies with an attachment from the reader", async () => {
    await b.locator(".mail-row", { hasText: SUBJECT }).locator(".mail-subject").click();
    await b.getByRole("heading", { name: SUBJECT }).waitFor();
    await b.getByText("agenda.txt").first().waitFor();
    await expect.poll(() => inboxCount(b, B)).toBe("");
    await a.goto(`${e.base}/#/mail`);
    await a.getByRole("heading", { name: "받은메일함" }).waitFor();

    await b.getByRole("button", { name: "답장", exact: true }).click();
    await b.waitForURL(/#\/mail\/write\//);
    const form = b.locator("form.cmp");
    await expect.poll(() => form.getByLabel("제목", { exact: true }).inputValue()).toBe(`RE: ${SUBJECT}`);
    await form.getByRole("textbox", { name: "내용" }).click();
    await b.keyboard.type("참석하겠습니다. 발표 자료를 첨부합니다.");
    await attach(b, "slides.txt", "발표 자료");
    await form.getByRole("button", { name: "보내기", exact: true }).click();
    await b.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();
  });

  test("A's open inbox shows the reply arrive; A reads it with B's attachment", async () => {
    await a.getByText(`RE: ${SUBJECT}`).first().waitFor();
    await a.locator(".mail-row", { hasText: `RE: ${SUBJECT}` }).locator(".mail-subject").click();
    await a.getByRole("heading", { name: `RE: ${SUBJECT}` }).waitFor();
    await a.getByText("slides.txt").first().waitFor();
    await e.shot(a, "reply-read");
    const { SENT } = await folders(e.t, B);
    const sent = (await e.t.call("GET", `/api/mails?folderId=${SENT}&page=0`, { token: B.token })).body;
    expect(sent.mails.map((m: { subject: string }) => m.subject)).toEqual([`RE: ${SUBJECT}`]);
  });
});
