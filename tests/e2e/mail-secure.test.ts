// The secure mail page (/#/mail/secure/{token}) in a real browser: A sends a secure mail to B through the API;
// the link comes from the notice B received. Opened signed out it shows the sender and the hint with the
// password field focused; a wrong password (Enter submits) is refused at the field; the right one shows the
// mail (head, the body in the sandboxed frame, an attachment downloaded with the password). Signed in as
// someone else the same link still shows the secure page, not the mail list. An unknown link, a server error
// (retry) and a link locked by wrong passwords say so. Screens in ko, en and id at 1280 and 390 px.
import { eq, like } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { loginFailures, mailSecureLinks } from "../../db/schema/index.ts";
import { SECURE_MAX_FAILURES, SECURE_MAX_FAILURES_PER_ADDRESS } from "../../shared/mail/compose.ts";
import { mailsIn, upload } from "../mail/compose/helpers.ts";
import { downloadText, seriousViolations, startE2E } from "./support/browser.ts";
import { folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const SHOTS = "/tmp/secure-shots";
await mkdir(SHOTS, { recursive: true });

const e = await startE2E("mail-secure");
const co = await mailCompany(e, "secure.test");
const A = await co.member("ana");
const B = await co.member("bora");
await co.member("cara");

const PASSWORD = "blue42sky";
const SUBJECT = "2분기 급여 내역";
const HINT = "좋아하는 색, 숫자, 하늘";

/** A sends a secure mail to B; answers the link path of the notice B got. */
async function sendSecure(subject: string, attach?: { name: string; text: string }): Promise<string> {
  const attachments = attach ? [(await upload(e.t, A.token, attach.name, new TextEncoder().encode(attach.text))).body.id] : [];
  const r = await e.t.call("POST", "/api/mails/v2/send", {
    token: A.token,
    json: {
      to: [B.username],
      cc: ["cara@secure.test"],
      subject,
      content: "<p>기밀: 2분기 급여 내역입니다.</p><table border=\"1\"><tr><td>기본급</td><td>3,200,000</td></tr></table>" +
        "<p>VeryLongUnbrokenTokenThatShouldWrapInsideTheFrameWithoutWideningThePage_0123456789_abcdefghijklmnopqrstuvwxyz</p>",
      attachments,
      isSecure: true,
      securePw: PASSWORD,
      securePwHint: HINT,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [notice] = await mailsIn(e.t, B.username, "INBOX");
  expect(notice.message.subject).toBe(subject);
  expect(notice.message.htmlBody).not.toContain("기밀");
  const path = /\/(#\/mail\/secure\/[A-Za-z0-9_-]+)/.exec(notice.message.htmlBody ?? "")?.[1];
  expect(path).toBeTruthy();
  return `/${path}`;
}

async function visit(page: Page, path: string) {
  if (page.url() === `${e.base}${path}`) await page.reload();
  else await page.goto(`${e.base}${path}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
}

const field = (page: Page) => page.locator("input[name=password]");
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("name") ?? document.activeElement?.tagName);

let link = "";
let current: Page | null = null;
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail" && current) await e.shot(current, `FAILED-${ctx.task.name.slice(0, 24)}`).catch(() => {});
});

describe("the secure mail page", () => {
  test("signed out: the hint, a wrong password refused, the right one shows the mail and its attachment (ko)", async () => {
    link = await sendSecure(SUBJECT, { name: "급여명세서.txt", text: "secret figures" });
    const { page, context } = await e.newPage();
    current = page;
    await visit(page, link);
    await page.getByRole("heading", { level: 1, name: "보안 메일" }).waitFor();
    await expect.poll(() => page.title()).toBe("보안 메일");
    await page.getByText(HINT).waitFor();
    await page.getByText("User ana").waitFor();
    await page.getByText(`<${A.username}>`).waitFor();
    // Not the sign-in page, and the password field has the focus.
    expect(page.url()).toContain("/mail/secure/");
    await expect.poll(() => focusedName(page)).toBe("password");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "form-ko");

    // Empty, then wrong: said at the field, which is selected for another try; Enter submits.
    await page.getByRole("button", { name: "메일 열기" }).click();
    await page.getByText("비밀번호를 입력하세요.", { exact: true }).waitFor();
    await field(page).fill("wrong123");
    await field(page).press("Enter");
    await page.getByText("비밀번호가 올바르지 않습니다.").waitFor();
    await expect(field(page).getAttribute("aria-invalid")).resolves.toBe("true");
    await expect.poll(() => focusedName(page)).toBe("password");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "wrong-ko");

    // The password can be shown.
    await page.getByLabel("비밀번호", { exact: true }).fill(PASSWORD);
    const reveal = page.getByRole("button", { name: "비밀번호 표시" });
    await reveal.click();
    await expect(field(page).getAttribute("type")).resolves.toBe("text");
    await expect(reveal.getAttribute("aria-pressed")).resolves.toBe("true");
    await field(page).press("Enter");

    await page.getByRole("heading", { level: 2, name: SUBJECT }).waitFor();
    await expect.poll(() => page.title()).toBe(SUBJECT);
    await page.getByText("메일을 열었습니다.", { exact: false }).waitFor();
    await page.getByText(B.username).waitFor();
    await page.getByText("cara@secure.test").waitFor();
    const body = page.frameLocator("iframe.mr-frame");
    await body.getByText("기밀: 2분기 급여 내역입니다.").waitFor();
    expect(await page.locator("iframe.mr-frame").getAttribute("sandbox")).not.toContain("allow-scripts");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "opened-ko");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "급여명세서.txt 다운로드" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("급여명세서.txt");
    expect(await downloadText(download)).toBe("secret figures");
    await context.close();
  });

  test("signed in as someone else, the same link still shows the secure page, not the mail list", async () => {
    const { page, context } = await e.newPage();
    current = page;
    await signIn(e, page, "cara", co.domain, USER_PASSWORD);
    await page.goto(`${e.base}${link}`);
    await page.getByRole("heading", { level: 1, name: "보안 메일" }).waitFor();
    await page.getByText(HINT).waitFor();
    expect(page.url()).toBe(`${e.base}${link}`);
    await expect(page.locator(".shell").count()).resolves.toBe(0);
    await field(page).fill(PASSWORD);
    await field(page).press("Enter");
    await page.frameLocator("iframe.mr-frame").getByText("기밀: 2분기 급여 내역입니다.").waitFor();
    await e.shot(page, "signed-in-opened");
    // A fresh load while signed in: the same.
    await page.reload();
    await page.getByText(HINT).waitFor();
    await context.close();
  });

  test("an unknown link, a server error with retry, and a link locked by wrong passwords (en)", async () => {
    const { page, context } = await e.newPage();
    current = page;
    await page.goto(`${e.base}/#/login`);
    await page.getByRole("button", { name: "English" }).click();

    await visit(page, "/#/mail/secure/NoSuchTokenAtAll0123456789");
    await page.getByText("This secure mail cannot be found.").waitFor();
    await expect.poll(() => page.title()).toBe("Secure mail");
    await e.shot(page, "unknown-en");

    await page.route("**/api/mail/secure/*", (r) => r.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: "common.500", message: "x" }) }));
    await visit(page, link);
    await page.getByText("A server error has occurred! Please contact your administrator.").waitFor({ timeout: 15_000 });
    await e.shot(page, "server-error-en");
    await page.unroute("**/api/mail/secure/*");
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText(HINT).waitFor();

    // Wrong passwords from this address (the API calls and the browser are both 127.0.0.1): the next try says
    // until when; then many from all addresses lock the link: the next try says so, a new visit shows it at once.
    const locked = await sendSecure("Locked one");
    await visit(page, locked);
    await page.getByLabel("Password", { exact: true }).waitFor();
    const token = locked.split("/").pop()!;
    for (let i = 0; i < SECURE_MAX_FAILURES_PER_ADDRESS; i++) {
      const r = await e.t.call("POST", `/api/mail/secure/${token}`, { json: { password: `nope${i}` } });
      expect(r.status).toBe(403);
    }
    await field(page).fill(PASSWORD);
    await field(page).press("Enter");
    await page.getByText(/^Too many wrong passwords from your address\. Try again in 15 minutes, at .+\.$/).waitFor();
    await e.shot(page, "throttled-en");
    await e.t.db.db.update(mailSecureLinks).set({ failedAttempts: SECURE_MAX_FAILURES }).where(eq(mailSecureLinks.token, token));
    await e.t.db.db.delete(loginFailures).where(like(loginFailures.key, "secure:%"));
    await field(page).press("Enter");
    await page.getByText("Too many wrong passwords: this secure mail is locked until its sender unlocks it.").waitFor();
    await page.getByText("Ask the sender to unlock it.").waitFor();
    await expect(field(page).count()).resolves.toBe(0);
    await visit(page, locked);
    await page.getByText("Too many wrong passwords: this secure mail is locked until its sender unlocks it.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "locked-en");
    await context.close();
  });

  test("the sender sees a locked secure mail in Sent and unlocks it; the recipients can open it again", async () => {
    const link = await sendSecure("Unlock me");
    const token = link.split("/").pop()!;
    await e.t.db.db.update(mailSecureLinks).set({ failedAttempts: SECURE_MAX_FAILURES }).where(eq(mailSecureLinks.token, token));
    const { page, context } = await e.newPage();
    current = page;
    await signIn(e, page, "ana", "secure.test", USER_PASSWORD);
    const { SENT } = await folders(e.t, A);
    await page.goto(`${e.base}/#/mail/${SENT}/1`);
    await page.locator("[role=row][data-mail-id]").filter({ hasText: "Unlock me" }).click();
    const notice = page.getByRole("status", { name: "보안 메일" });
    await notice.getByText(`받는 사람이 비밀번호를 ${SECURE_MAX_FAILURES}번 틀려 이 보안 메일이 잠겼습니다.`, { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "sender-locked-ko");
    await notice.getByRole("button", { name: "잠금 해제" }).click();
    await page.getByText("보안 메일의 잠금을 풀었습니다.").waitFor();
    await notice.waitFor({ state: "detached" });
    expect((await e.t.call("GET", `/api/mail/secure/${token}`)).body.locked).toBe(false);
    // A secure mail that is not locked shows nothing of the kind.
    await page.reload();
    await page.getByRole("heading", { name: "Unlock me" }).waitFor();
    expect(await page.getByRole("status", { name: "보안 메일" }).count()).toBe(0);
    await context.close();
  });

  test("screens in ko, en and id at 1280 and 390 px", async () => {
    for (const width of [1280, 390]) {
      const { page, context } = await e.newPage({ width, height: width > 500 ? 800 : 844 });
      current = page;
      for (const [lang, button, open, heading, wrong] of [
        ["ko", "한국어", "메일 열기", "보안 메일", "비밀번호가 올바르지 않습니다."],
        ["en", "English", "Open mail", "Secure mail", "The password is not correct."],
        ["id", "Bahasa Indonesia", "Buka email", "Email aman", "Kata sandi salah."],
      ]) {
        await visit(page, link);
        await page.getByRole("button", { name: button }).click();
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        await page.getByText(HINT).waitFor();
        await field(page).fill("wrong123");
        await field(page).press("Enter");
        // The mail's own error texts (mailErrors) are loaded on this public page too, in its language.
        await page.locator(".field-error", { hasText: wrong }).waitFor();
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/${lang}-${width}-form.png`, fullPage: true });
        await field(page).fill(PASSWORD);
        await page.getByRole("button", { name: open }).click();
        await page.frameLocator("iframe.mr-frame").getByText("기밀: 2분기 급여 내역입니다.").waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/${lang}-${width}-opened.png`, fullPage: true });
      }
      await context.close();
    }
  });
});
