// ICS and feeds in the browser (issue 23 "In and out"): a calendar's menu in the tree opens the import / export
// / subscribe dialog; an .ics file chosen there is imported (counts and a left-out event's reason shown) and its
// events appear in the month; a subscription address is made, shown once, served without sign-in, and
// revoked; an administrator adds and removes a company holiday from the holiday calendar's dialog, which a
// member's lacks. axe finds nothing serious in the dialog.
import { afterAll, describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";

const e = await startE2E("calendar-inout");
const co = await mailCompany(e, "cal-inout-web.test");
const me = await co.member("mina");
const { page } = await e.newPage();
page.setDefaultTimeout(10_000);
afterAll(() => page.close());

const ICS = [
  "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN",
  "BEGIN:VEVENT", "UID:web-1@test", "DTSTAMP:20261101T000000Z", "DTSTART;TZID=Asia/Seoul:20261209T100000",
  "DTEND;TZID=Asia/Seoul:20261209T110000", "SUMMARY:가져온 회의", "END:VEVENT",
  "BEGIN:VEVENT", "UID:web-2@test", "DTSTAMP:20261101T000000Z", "SUMMARY:시작 없음", "END:VEVENT",
  "END:VCALENDAR", "",
].join("\r\n");

describe("the import / export / subscribe dialog", () => {
  let feedUrl = "";

  test("an .ics file imported from the calendar's menu shows in the month", async () => {
    await signIn(e, page, "mina", co.domain, USER_PASSWORD, "/cal/month/2026-12-09");
    await page.locator(".cal-tree-more").first().click();
    await page.getByRole("menuitem", { name: "가져오기/내보내기" }).click();
    const dialog = page.getByRole("dialog", { name: /가져오기\/내보내기/ });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel(".ics 파일 선택").setInputFiles({ name: "team.ics", mimeType: "text/calendar", buffer: Buffer.from(ICS) });
    await dialog.getByText("2개 중 새 일정 1개, 바뀐 일정 0개를 가져왔습니다.").waitFor();
    await dialog.getByText("가져오지 못한 일정 1개").click();
    await dialog.getByText("2번째 일정(web-2@test): 시작 시각 없음").waitFor();
    await e.shot(page, "import-report");
    await dialog.getByRole("button", { name: "닫기" }).click();
    await page.locator(".cal-month .cal-item", { hasText: "가져온 회의" }).waitFor();
  });

  test("a subscription address: made, shown once, served without sign-in, then revoked", async () => {
    await page.locator(".cal-tree-more").first().click();
    await page.getByRole("menuitem", { name: "가져오기/내보내기" }).click();
    const dialog = page.getByRole("dialog", { name: /가져오기\/내보내기/ });
    await dialog.getByRole("button", { name: "구독 주소 만들기" }).click();
    const address = dialog.getByRole("textbox", { name: "구독 주소" });
    await address.waitFor();
    feedUrl = await address.inputValue();
    expect(feedUrl).toMatch(/\/feeds\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await e.shot(page, "feed-address");
    const served = await fetch(`${e.base}${new URL(feedUrl).pathname}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("SUMMARY:가져온 회의");
    await dialog.getByRole("button", { name: "구독 주소 사용 중지" }).click();
    await page.getByText("구독 주소를 사용 중지했습니다.").waitFor();
    expect((await fetch(`${e.base}${new URL(feedUrl).pathname}`)).status).toBe(404);
    expect(me.username).toBe(`mina@${co.domain}`);
  });

  test("an administrator adds and removes a company holiday from the holiday calendar's dialog", async () => {
    const admin = await e.newPage();
    admin.page.setDefaultTimeout(10_000);
    await signIn(e, admin.page, "admin", co.domain, ADMIN_PASSWORD);
    const year = new Date().getFullYear();
    await admin.page.goto(`${e.base}/#/cal/month/${year}-10-01`);
    await admin.page.locator(".cal-tree-item", { hasText: "공휴일" }).locator(".cal-tree-more").click();
    await admin.page.getByRole("menuitem", { name: "가져오기/내보내기" }).click();
    const dialog = admin.page.getByRole("dialog", { name: /가져오기\/내보내기/ });
    await dialog.getByRole("list", { name: `${year}년 휴일` }).getByText("개천절", { exact: true }).waitFor();
    expect(await dialog.getByRole("button", { name: "가져오기" }).count()).toBe(0);
    await dialog.getByLabel("날짜").fill(`${year}-10-15`);
    await dialog.getByLabel("휴일 이름").fill("창립기념일");
    await dialog.getByRole("button", { name: "휴일 추가" }).click();
    await dialog.getByRole("list", { name: `${year}년 휴일` }).getByText("창립기념일").waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await e.shot(admin.page, "company-holidays");
    await dialog.getByRole("button", { name: "닫기" }).click();
    await admin.page.locator(".cal-month .cal-item", { hasText: "창립기념일" }).waitFor();
    await admin.page.locator(".cal-tree-item", { hasText: "공휴일" }).locator(".cal-tree-more").click();
    await admin.page.getByRole("menuitem", { name: "가져오기/내보내기" }).click();
    await dialog.getByRole("button", { name: "창립기념일 삭제" }).click();
    await admin.page.getByText("회사 휴일을 삭제했습니다.").waitFor();
    // A member sees no such section.
    await page.getByRole("dialog", { name: /가져오기\/내보내기/ }).getByRole("button", { name: "닫기" }).click();
    await page.locator(".cal-tree-item", { hasText: "공휴일" }).locator(".cal-tree-more").click();
    await page.getByRole("menuitem", { name: "가져오기/내보내기" }).click();
    await page.getByRole("dialog", { name: /가져오기\/내보내기/ }).getByRole("heading", { name: "구독 주소" }).waitFor();
    expect(await page.getByRole("heading", { name: "회사 휴일" }).count()).toBe(0);
    await admin.page.close();
  });
});
