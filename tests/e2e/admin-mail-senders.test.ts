// The company's block list in the admin console (#/admin/mail-senders) in a real browser: the admin blocks a
// domain and sees it; a message from that domain sent over real SMTP to a member lands in the member's spam
// as system-blocked (SPAM, spamReason SYSTEM) with a spam log entry; a wrong pattern shows the server rule's
// text and a duplicate the server's answer; removing entries (one, then several) asks first, and mail then
// reaches the inbox. A member who is not an admin is sent to /404. Screens in ko, en and id; axe.
import { afterEach, describe, expect, test } from "vitest";
import { mkdir } from "node:fs/promises";
import type { Page } from "playwright-core";
import { compose, listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const SHOTS = "/tmp/shots-c/";
await mkdir(SHOTS, { recursive: true });

const e = await startE2E("admin-mail-senders");
const smtp = await listen(e.t.deps, localResolver({}));
const co = await mailCompany(e, "senders-ui.test");
const lee = await co.member("lee");
const screen = `${e.base}/#/admin/mail-senders`;

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
page.on("console", (m) => m.type() === "error" && console.error(`[console] ${m.text()}`));
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

/** The company's list as the server has it. */
const companyList = async () =>
  (await e.t.call("GET", "/api/admin/mail/senders", { token: co.admin.token })).body.senders.map((s: { pattern: string }) => s.pattern);

/** Sends one message over SMTP to lee; answers where it was filed. */
async function arrive(from: string, subject: string) {
  const raw = await compose({ from, to: lee.username, subject, text: "hello" });
  const r = await sendRaw(smtp.port, { from, to: [lee.username] }, raw);
  expect(r.ok, r.response).toBe(true);
  const rows = await e.t.db.sql`select f.folder_type, m.spam_reason from mails m join mail_messages g on g.id = m.message_id
    join mail_folders f on f.id = m.folder_id where m.user_id = ${lee.userId} and g.subject = ${subject}`;
  return rows[0] as { folder_type: string; spam_reason: string | null } | undefined;
}

async function shoot(p: Page, name: string) {
  await p.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
  await e.shot(p, name);
}

const field = () => page.getByRole("textbox", { name: "차단할 주소 또는 도메인" });
const blockButton = () => page.getByRole("button", { name: "차단", exact: true });
const table = () => page.getByRole("grid", { name: "발신자 차단" });

describe("blocked senders (admin)", () => {
  test("the admin blocks a domain; mail from it over SMTP lands in the member's spam as system-blocked", async () => {
    await signIn(e, page, "admin", co.domain, ADMIN_PASSWORD);
    await page.goto(screen);
    await page.getByRole("heading", { name: "발신자 차단", level: 2 }).waitFor();
    await expect.poll(() => page.getByRole("link", { name: "발신자 차단" }).getAttribute("aria-current")).toBe("page");
    await page.getByText("차단한 발신자가 없습니다.").waitFor();
    await shoot(page, "empty-ko");

    await field().fill("Promo.Example");
    await blockButton().click();
    await table().getByRole("rowheader", { name: "@promo.example" }).waitFor();
    await page.getByText("차단한 발신자 1개").waitFor();
    expect(await companyList()).toEqual(["@promo.example"]);
    expect(await field().inputValue()).toBe("");

    // A subdomain of the blocked domain: spam, blocked by the company's policy; lee's log marks it system.
    expect(await arrive("news@mail.promo.example", "회사 차단 확인")).toEqual({ folder_type: "SPAM", spam_reason: "SYSTEM" });
    const log = (await e.t.call("GET", "/api/spam/list", { token: lee.token })).body.content;
    expect(log[0]).toMatchObject({ subject: "회사 차단 확인", pattern: "@promo.example", system: true, status: "BLOCKED" });
    // Another sender is not blocked.
    expect(await arrive("friend@other.example", "다른 발신자")).toEqual({ folder_type: "INBOX", spam_reason: null });
  });

  test("a wrong pattern shows the rule's text; a duplicate shows the server's answer", async () => {
    await field().fill("not an address");
    await blockButton().click();
    await page.locator(".field-error", { hasText: "이메일 주소나 도메인을 입력하세요." }).waitFor();
    expect(await field().getAttribute("aria-invalid")).toBe("true");
    // The field is focused so the message is read out.
    await expect.poll(() => field().evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await companyList()).toEqual(["@promo.example"]);

    await field().fill("@PROMO.example");
    await blockButton().click();
    await page.locator(".field-error", { hasText: "이미 목록에 있는 발신자입니다." }).waitFor();
    expect(await companyList()).toEqual(["@promo.example"]);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, "error-ko");
  });

  test("removing one entry asks first; mail from the sender then reaches the inbox", async () => {
    await field().fill("spam@bulk.example");
    await field().press("Enter");
    await table().getByRole("rowheader", { name: "spam@bulk.example" }).waitFor();
    await shoot(page, "list-ko");

    await page.getByRole("button", { name: "@promo.example 삭제" }).click();
    const dialog = page.getByRole("dialog", { name: "차단 발신자 삭제" });
    await dialog.getByText("@promo.example을(를) 차단 목록에서 삭제할까요?", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "취소" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await companyList()).toEqual(["@promo.example", "spam@bulk.example"]);

    await page.getByRole("button", { name: "@promo.example 삭제" }).click();
    await dialog.getByRole("button", { name: "삭제", exact: true }).click();
    await table().getByRole("rowheader", { name: "@promo.example" }).waitFor({ state: "detached" });
    await expect.poll(companyList).toEqual(["spam@bulk.example"]);
    expect(await arrive("news@mail.promo.example", "차단 해제 후")).toEqual({ folder_type: "INBOX", spam_reason: null });
  });

  test("select several by keyboard and remove them together", async () => {
    await field().fill("b@second.example");
    await blockButton().click();
    await table().getByRole("rowheader", { name: "b@second.example" }).waitFor();
    await page.getByRole("searchbox", { name: "주소 또는 도메인 검색" }).fill("second");
    await expect.poll(() => table().getByRole("row").count()).toBe(2); // header + one match
    await page.getByRole("searchbox", { name: "주소 또는 도메인 검색" }).fill("");
    await expect.poll(() => table().getByRole("row").count()).toBe(3);

    // The header box selects the page; Space on a focused row toggles it.
    const selectPage = table().getByRole("checkbox", { name: "이 페이지 모두 선택" });
    await table().locator("thead .adm-senders-check").click(); // the visible box, as a pointer user does
    await page.getByText("2개 선택됨").waitFor();
    expect(await selectPage.isChecked()).toBe(true);
    await table().getByRole("row", { name: /b@second\.example/ }).focus();
    await page.keyboard.press("Space");
    await page.getByText("1개 선택됨").waitFor();
    await page.keyboard.press("Space");
    await page.getByText("2개 선택됨").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, "selected-ko");

    await page.getByRole("button", { name: "선택 삭제" }).click();
    const dialog = page.getByRole("dialog", { name: "차단 발신자 삭제" });
    await dialog.getByText("선택한 발신자 2개를 차단 목록에서 삭제할까요?", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "삭제", exact: true }).click();
    await page.getByText("차단한 발신자가 없습니다.").waitFor();
    await expect.poll(companyList).toEqual([]);
  });

  test("the screen in English and Indonesian", async () => {
    await e.t.call("POST", "/api/admin/mail/senders", { token: co.admin.token, json: { pattern: "newsletter@very-long-marketing-domain-name.example" } });
    await e.t.call("POST", "/api/admin/mail/senders", { token: co.admin.token, json: { pattern: "ads.example" } });
    for (const [lng, heading, invalid] of [
      ["en", "Blocked senders", "Enter an email address or a domain."],
      ["id", "Pengirim diblokir", "Masukkan alamat email atau domain."],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.goto(screen);
      await page.reload();
      await page.getByRole("heading", { name: heading, level: 2 }).waitFor();
      await page.getByRole("grid", { name: heading }).getByRole("rowheader", { name: "@ads.example" }).waitFor();
      await page.getByRole("textbox").first().fill("x@");
      await page.getByRole("textbox").first().press("Enter");
      await page.locator(".field-error", { hasText: invalid }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `list-${lng}`);
    }
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
    // A phone-width view of the same screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await table().getByRole("rowheader", { name: "@ads.example" }).waitFor();
    await shoot(page, "phone-ko");
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("a long list is paged (20 a page) and filtered", async () => {
    for (let i = 1; i <= 21; i++) {
      const r = await e.t.call("POST", "/api/admin/mail/senders", { token: co.admin.token, json: { pattern: `bulk${i}@pages.example` } });
      expect(r.status).toBe(201);
    }
    await page.reload();
    await page.getByText("차단한 발신자 23개").waitFor();
    const pager = page.getByRole("navigation", { name: "페이지" });
    await pager.getByText("전체 23개 중 1–20").waitFor();
    await expect.poll(() => table().getByRole("row").count()).toBe(21);
    await pager.getByRole("button", { name: "다음 페이지" }).click();
    await pager.getByText("전체 23개 중 21–23").waitFor();
    await table().getByRole("rowheader", { name: "bulk21@pages.example" }).waitFor();
    await page.getByRole("searchbox", { name: "주소 또는 도메인 검색" }).fill("bulk2");
    await expect.poll(() => table().getByRole("row").count()).toBe(4); // bulk2, bulk20, bulk21
    expect(await pager.count()).toBe(0);
    await page.getByRole("searchbox", { name: "주소 또는 도메인 검색" }).fill("nobody");
    await page.getByText("검색과 일치하는 발신자가 없습니다.").waitFor();
  });

  test("a member who is not an admin cannot reach the screen or the API", async () => {
    const { page: other } = await e.newPage();
    await signIn(e, other, "lee", co.domain, USER_PASSWORD);
    await other.goto(screen);
    await other.waitForURL(/#\/404/);
    expect(await other.getByRole("heading", { name: "발신자 차단" }).count()).toBe(0);
    const r = await e.t.call("POST", "/api/admin/mail/senders", { token: lee.token, json: { pattern: "x.example" } });
    expect(r.status).toBe(403);
    await other.close();
  });
});
