// External mail accounts in a real browser against a real dovecot: the settings tab (#/mail/config/-1/1/external)
// adds an IMAP account through the dialog (required fields and the privacy agreement checked first; the SMTP
// server and port asked for only when sending as the account is on, their fields level with their neighbours
// under an error; a provider preset filling the servers), shows the login's success, fetches now with the progress polled to
// "complete", and the fetched mail shows in the inbox list with the account's tag. A wrong password shows
// dovecot's own message; changing the server asks for the password again. Screens in ko and en; axe on the tab.
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailExternalAccounts } from "../../db/schema/index.ts";
import { startDovecot } from "../support/dovecot.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-settings-external");
const co = await mailCompany(e, "ext-ui.test");
const A = await co.member("yuna");
const dove = await startDovecot([{ name: "yuna@outside.example", password: "dove-Pass1" }]);
afterAll(() => dove.stop());
for (const subject of ["바깥 소식 하나", "바깥 소식 둘"]) {
  await dove.deliver("yuna@outside.example", [
    "From: Friend <friend@outside.example>", "To: yuna@outside.example", `Subject: =?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(subject)))}?=`,
    `Message-ID: <${crypto.randomUUID()}@outside.example>`, "Date: Tue, 03 Nov 2026 09:00:00 +0000", "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8", "", `${subject} 본문`, "",
  ].join("\r\n"));
}

const tab = `${e.base}/#/mail/config/-1/1/external`;
const rows = () => e.t.db.db.select().from(mailExternalAccounts).where(eq(mailExternalAccounts.userId, A.userId));
const { page } = await e.newPage({ width: 1280, height: 900 });
page.setDefaultTimeout(15_000);
page.on("console", (m) => m.type() === "error" && console.error(`[console] ${m.text()}`));
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

describe("external mail accounts", () => {
  test("add an IMAP account through the dialog: checks first, a preset fills the servers, the login succeeds", async () => {
    await signIn(e, page, "yuna", co.domain, USER_PASSWORD);
    await page.goto(tab);
    await page.getByText("등록된 외부 메일 계정이 없습니다.").waitFor();
    await page.getByRole("button", { name: "계정 추가" }).click();
    const dialog = page.getByRole("dialog", { name: "외부 메일 계정 추가" });
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("서버 주소, 포트, 이메일, 비밀번호, 태그를 입력하세요. 이 계정으로 메일을 보내려면 SMTP 서버와 포트도 입력하세요.").waitFor();
    // Sending is off: no SMTP fields, none of them required (host, email, password and tag are).
    expect(await dialog.getByRole("textbox", { name: "SMTP 서버" }).count()).toBe(0);
    expect(await dialog.getByText("필수 항목입니다.").count()).toBe(4);

    await dialog.getByRole("textbox", { name: "서버 주소" }).fill(dove.host);
    await dialog.getByRole("textbox", { name: "포트", exact: true }).fill(String(dove.imapPort));
    await dialog.getByRole("switch", { name: "SSL/TLS" }).first().click({ force: true });
    await dialog.getByRole("textbox", { name: "이메일" }).fill("yuna@outside.example");
    await dialog.getByLabel("비밀번호", { exact: true }).fill("dove-Pass1");
    await dialog.getByRole("textbox", { name: "태그" }).fill("바깥");

    // Sending on: the SMTP server is required; its port and TLS switch stay level with it under the message.
    await dialog.getByRole("switch", { name: "이 계정으로 메일 보내기" }).click({ force: true });
    await dialog.getByRole("button", { name: "저장" }).click();
    const smtpHost = dialog.getByRole("textbox", { name: "SMTP 서버" });
    const smtpPort = dialog.getByRole("textbox", { name: "SMTP 포트" });
    await dialog.getByText("필수 항목입니다.").first().waitFor();
    expect(await dialog.getByText("필수 항목입니다.").count()).toBe(1);
    const top = async (l: typeof smtpHost) => Math.round((await l.boundingBox())!.y);
    expect(await top(smtpPort)).toBe(await top(smtpHost));
    const track = dialog.locator(".ext-row-server").last().locator(".ui-switch-track");
    const mid = async (l: typeof smtpHost) => { const b = (await l.boundingBox())!; return Math.round(b.y + b.height / 2); };
    expect(Math.abs(await mid(track) - await mid(smtpHost))).toBeLessThanOrEqual(1);
    await e.shot(page, "dialog-smtp-required-ko");
    // Off again: the account only fetches, saved without an SMTP server.
    await dialog.getByRole("switch", { name: "이 계정으로 메일 보내기" }).click({ force: true });
    await smtpHost.waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("개인정보 수집 및 이용에 동의해 주세요.").waitFor();
    await dialog.getByRole("checkbox", { name: "개인정보 수집 및 이용에 동의합니다." }).check({ force: true });
    await e.shot(page, "dialog-ko");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "yuna@outside.example" }).waitFor();
    await page.getByText("인증 성공").waitFor();
    const [row] = await rows();
    expect(row).toMatchObject({ protocol: "IMAP", host: dove.host, port: dove.imapPort, secure: false, tag: "바깥", authStatus: "AUTH_SUCCESS", privacyAgreed: true });
    expect(row).toMatchObject({ useSmtp: false, smtpHost: "", smtpPort: 465, smtpStatus: null });
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("fetch now: progress ends in 'complete', and the inbox lists the mail with the tag", async () => {
    await page.getByRole("button", { name: "yuna@outside.example 메일 지금 가져오기" }).click();
    await page.getByText("가져오기 완료 (새 메일 2개)").waitFor();
    await e.shot(page, "fetched-ko");
    await page.goto(`${e.base}/#/mail/-1/1`);
    const item = page.getByRole("row").filter({ hasText: "바깥 소식 하나" }).or(page.getByRole("listitem").filter({ hasText: "바깥 소식 하나" }));
    await item.first().waitFor();
    await expect.poll(() => item.first().textContent()).toContain("바깥");
    await page.getByText("바깥 소식 둘").first().waitFor();
    await e.shot(page, "inbox-tagged");
  });

  test("a wrong password shows dovecot's message; English screen", async () => {
    await page.evaluate(() => localStorage.setItem("gw.language", "en"));
    await page.goto(tab);
    await page.reload();
    await page.getByRole("button", { name: "Edit yuna@outside.example" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit external account" });
    await dialog.getByLabel("Password", { exact: true }).fill("wrong-pass");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Sign-in failed", { exact: true }).waitFor();
    await page.getByText(/Could not sign in to the external mail server\. \(Authentication failed\.\)/).first().waitFor();
    expect((await rows())[0].authStatus).toBe("AUTH_FAILURE");
    await e.shot(page, "auth-failure-en");
  });

  test("another server without the password: the dialog asks for it again, nothing is saved", async () => {
    await page.getByRole("button", { name: "Edit yuna@outside.example" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit external account" });
    await dialog.getByText("Leave empty to keep the saved password.").waitFor();
    await dialog.getByRole("textbox", { name: "Port", exact: true }).fill("1");
    await expect.poll(() => dialog.getByText("Leave empty to keep the saved password.").count()).toBe(0);
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Enter the server address, port, email, password" }).waitFor();
    await dialog.getByText("Required.").waitFor();
    expect((await rows())[0].port).toBe(dove.imapPort);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  test("a provider preset fills the fetch and SMTP servers (shown once sending is on)", async () => {
    await page.getByRole("button", { name: "Add account" }).click();
    const dialog = page.getByRole("dialog", { name: "Add external account" });
    await dialog.getByRole("button", { name: /Mail service/ }).click();
    await page.getByRole("option", { name: "Gmail" }).click();
    await expect.poll(() => dialog.getByRole("textbox", { name: "Server address" }).inputValue()).toBe("imap.gmail.com");
    await dialog.getByRole("switch", { name: "Send mail as this account" }).click({ force: true });
    expect(await dialog.getByRole("textbox", { name: "SMTP server" }).inputValue()).toBe("smtp.gmail.com");
    await e.shot(page, "dialog-preset-en");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
  });
});
