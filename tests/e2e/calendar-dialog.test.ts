// The event dialog's less common fields, stored as chosen: a monthly repetition on "the Nth <weekday>" (or
// "the last <weekday>") ending on a date, a reminder an hour before, another time zone (the wall clock is
// read in it), an all-day event over three days (its last day inclusive), and the §5 check of an end before
// the start. The stored event is read back through the API (view/{id}), and its popup describes the rule.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("calendar-dialog");
const co = await mailCompany(e, "cal-dialog.test");
await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCalendar: true } });
const me = await co.member("hana");

const TZ = "Asia/Seoul";
const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now());
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const timeLabel = (min: number) => new Intl.DateTimeFormat("ko", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(min * 60_000);
const nth = Math.ceil(Number(today.slice(8)) / 7);
const weekdayLong = new Intl.DateTimeFormat("ko", { weekday: "long", timeZone: "UTC" }).format(Date.parse(`${today}T00:00:00Z`));
const code = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][new Date(Date.parse(`${today}T00:00:00Z`)).getUTCDay()];
const ordinal: Record<number, string> = { 1: "첫째 주", 2: "둘째 주", 3: "셋째 주", 4: "넷째 주" };
const useNth = nth <= 4;
const monthlyLabel = useNth ? `${ordinal[nth]} ${weekdayLong}` : `마지막 주 ${weekdayLong}`;
const expectedByDay = useNth ? `${nth}${code}` : `-1${code}`;

async function find(name: string) {
  const r = await e.t.call("GET", `/api/calendar/search?keyword=${encodeURIComponent(name)}`, { token: me.token });
  expect(r.status).toBe(200);
  const hit = r.body.content.find((x: { name: string }) => x.name === name);
  expect(hit).toBeTruthy();
  return (await e.t.call("GET", `/api/calendar/view/${hit.id}`, { token: me.token })).body;
}

async function pick(p: Page, button: RegExp, option: string) {
  await p.getByRole("dialog").getByRole("button", { name: button }).click();
  await p.getByRole("option", { name: option, exact: true }).click();
}

const { page } = await e.newPage();
page.setDefaultTimeout(10_000);
const dialog = () => page.getByRole("dialog", { name: "일정 만들기" });

describe("the event dialog's fields", () => {
  test("monthly on the weekday of the month, until a date, with a reminder, in another zone", async () => {
    await signIn(e, page, "hana", co.domain, USER_PASSWORD, `/cal/month/${today}`);
    await page.getByRole("button", { name: "일정 만들기" }).click();
    await dialog().getByRole("textbox", { name: "제목" }).fill("월간 보고회");
    await pick(page, /시작 시간/, timeLabel(10 * 60));
    await pick(page, /시간대/, "Asia/Jakarta (GMT+7)");
    await pick(page, /반복/, "매월");
    await dialog().getByText(monthlyLabel, { exact: true }).click();
    await dialog().getByText("날짜 지정", { exact: true }).click();
    await dialog().getByLabel("반복 종료 날짜", { exact: true }).fill(addDays(today, 120));
    await dialog().getByRole("button", { name: "알림 추가" }).click();
    await dialog().getByRole("spinbutton", { name: "알림 1 시간" }).fill("1");
    await pick(page, /알림 1 단위/, "시간");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "monthly");
    await dialog().getByRole("button", { name: "저장" }).click();
    await page.getByText("일정을 등록했습니다.").waitFor();

    const ev = await find("월간 보고회");
    expect(ev.timezone).toBe("Asia/Jakarta");
    expect(new Date(ev.detail.dtStart).toISOString()).toBe(new Date(`${today}T10:00:00+07:00`).toISOString());
    expect(ev.recurrence.freq).toBe("MONTHLY");
    expect(ev.recurrence.byDay).toEqual([expectedByDay]);
    expect(ev.recurrence.until).toBe(addDays(today, 120));
    expect(ev.alarms).toEqual([{ value: 1, unit: "HOURS" }]);

    // In the Seoul view it starts at 12:00; the popup describes the rule.
    const item = page.locator(".cal-month .cal-item", { hasText: "월간 보고회" }).first();
    await item.click();
    const popup = page.getByRole("dialog", { name: "월간 보고회" });
    await popup.getByText(new RegExp(`매월, ${monthlyLabel}`)).waitFor();
    await popup.getByText("1시간 전").waitFor();
    await e.shot(page, "monthly-popup");
    await page.keyboard.press("Escape");
  });

  test("an all-day event over three days; an end before the start is refused", async () => {
    await page.getByRole("button", { name: "일정 만들기" }).click();
    await dialog().getByRole("textbox", { name: "제목" }).fill("제주 워크숍");
    await dialog().getByText("종일", { exact: true }).click();
    await dialog().getByLabel("종료 날짜", { exact: true }).fill(addDays(today, -1));
    await dialog().getByRole("button", { name: "저장" }).click();
    await dialog().getByText("시작 일시는 종료 일시보다 앞서야 합니다.").waitFor();
    await dialog().getByLabel("종료 날짜", { exact: true }).fill(addDays(today, 2));
    await dialog().getByRole("button", { name: "저장" }).click();
    // The first test's message may still be up: the dialog closing is what tells this save went through.
    await dialog().waitFor({ state: "hidden" });
    await page.getByText("일정을 등록했습니다.").waitFor();
    const ev = await find("제주 워크숍");
    expect(ev.isAllDay).toBe(true);
    expect(ev.start.slice(0, 10)).toBe(today);
    expect(ev.end.slice(0, 10)).toBe(addDays(today, 2));
    await page.locator(".cal-month .cal-bar", { hasText: "제주 워크숍" }).first().waitFor();
    await e.shot(page, "all-day-bar");
  });

  test("dragging over empty hours, clicking a day of the month, or pressing c opens a new event there", async () => {
    await page.goto(`${e.base}/#/cal/day/${addDays(today, 1)}`);
    const col = page.locator(".cal-tg-col").first();
    await col.waitFor();
    await page.locator(".cal-tg-scroll").evaluate((el) => (el.scrollTop = 14 * 48));
    const box = (await col.boundingBox())!;
    const bodyTop = (await page.locator(".cal-tg-cols").boundingBox())!.y;
    const y = (min: number) => bodyTop + (min / 60) * 48 + 4;
    await page.mouse.move(box.x + 40, y(15 * 60));
    await page.mouse.down();
    for (const m of [15 * 60 + 30, 16 * 60, 16 * 60 + 15]) await page.mouse.move(box.x + 40, y(m));
    await page.mouse.up();
    await dialog().waitFor();
    await dialog().getByRole("button", { name: new RegExp(`${timeLabel(15 * 60)}.*시작 시간|시작 시간.*${timeLabel(15 * 60)}`) }).waitFor();
    await dialog().getByRole("button", { name: new RegExp(`${timeLabel(16 * 60 + 30)}.*종료 시간|종료 시간.*${timeLabel(16 * 60 + 30)}`) }).waitFor();
    await expect(dialog().getByLabel("시작 날짜", { exact: true }).inputValue()).resolves.toBe(addDays(today, 1));
    await e.shot(page, "drag-create");
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });

    await page.goto(`${e.base}/#/cal/month/${today}`);
    await page.locator(".cal-month .cal-item", { hasText: "월간 보고회" }).first().waitFor();
    const cell = page.locator(".cal-day", { has: page.locator(`[data-day="${today}"]`) });
    const c = (await cell.boundingBox())!;
    await page.mouse.click(c.x + c.width - 6, c.y + c.height - 6);
    await dialog().waitFor();
    await expect(dialog().getByRole("checkbox", { name: "종일" }).isChecked()).resolves.toBe(true);
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("c");
    await dialog().waitFor();
    await expect(dialog().getByRole("textbox", { name: "제목" }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });

  test("search results come in pages of 20", async () => {
    const calendarId = (await e.t.call("GET", "/api/calendar/find", { token: me.token })).body[0].id;
    for (let i = 1; i <= 22; i++) {
      const r = await e.t.call("POST", "/api/calendar/event", {
        token: me.token,
        json: { calendarId, summary: `점검 항목 ${i}`, dtStart: `${addDays(today, i)}T09:00`, dtEnd: `${addDays(today, i)}T09:30`, timezone: TZ },
      });
      expect(r.status).toBe(201);
    }
    await page.keyboard.press("Escape");
    await page.goto(`${e.base}/#/cal/month/${today}`);
    await page.getByRole("button", { name: "일정 검색" }).click();
    await page.getByRole("searchbox", { name: "검색어" }).fill("항목");
    await page.getByRole("button", { name: "검색", exact: true }).click();
    await page.getByText("'항목' 검색 결과 22건").waitFor();
    await expect(page.locator(".cal-search-item").count()).resolves.toBe(20);
    await page.getByText("1 / 2").waitFor();
    await page.getByRole("button", { name: "다음", exact: true }).click();
    await page.getByText("2 / 2").waitFor();
    await expect.poll(() => page.locator(".cal-search-item").count()).toBe(2);
    await e.shot(page, "search-page-2");
  });
});
