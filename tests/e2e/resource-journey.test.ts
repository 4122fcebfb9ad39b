// Resource booking in the browser (issue 26): an admin adds a custom type and two resources (one needing the
// admin's approval) in the admin console; a member books a room by dragging across the day grid, changes the
// booking, finds it in the calendar at its new time with the room as its place, books a weekly repeat whose first
// week conflicts (the dates are listed), books the other weeks, then cancels one week and the following ones,
// which leave the calendar. axe on each screen; screenshots under
// test-results/e2e/resource-journey/.
import { describe, expect, test } from "vitest";
import type { Booking, BookingPage } from "../../shared/resource/resources.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";

const e = await startE2E("resource-journey");
const co = await mailCompany(e, "resource-ui.test");
const flags = await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useResource: true, useCalendar: true } });
if (flags.status !== 200) throw new Error(`flags: ${flags.status} ${JSON.stringify(flags.body)}`);
const mina = await co.member("mina");

const seoulDay = (days: number) => new Date(e.t.clock.now().getTime() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const tomorrow = seoulDay(1);
const myBookings = async () =>
  ((await e.t.call("GET", "/api/resource/book/mine?pageSize=100", { token: mina.token })).body as BookingPage).content;

/** Picks an option of a react-aria select by the select's label. */
async function choose(scope: import("playwright-core").Locator, label: string, option: string) {
  await scope.getByRole("button", { name: new RegExp(`${label}$`) }).click();
  await scope.page().getByRole("listbox").waitFor();
  await scope.page().getByRole("option", { name: option, exact: true }).click();
}

describe("resource booking", () => {
  test("the admin adds a type and two resources", async () => {
    const { page: p } = await e.newPage();
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "admin", co.domain, ADMIN_PASSWORD, "/admin/resources");
    await p.getByRole("heading", { name: "자원", exact: true }).waitFor();
    await p.getByText("등록된 자원이 없습니다. 회의실, 차량, 비품을 추가해 보세요.").waitFor();

    await p.getByRole("button", { name: "종류 추가", exact: true }).click();
    let dialog = p.getByRole("dialog", { name: "종류 추가" });
    await dialog.getByRole("textbox", { name: "종류 이름" }).fill("촬영 장비");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    await p.getByText("촬영 장비", { exact: true }).waitFor();

    await p.getByRole("button", { name: "자원 추가", exact: true }).click();
    dialog = p.getByRole("dialog", { name: "자원 추가" });
    await dialog.getByRole("textbox", { name: "이름" }).fill("대회의실");
    await dialog.getByRole("textbox", { name: "위치" }).fill("본관 3층");
    await dialog.getByRole("textbox", { name: "수용 인원" }).fill("12");
    await dialog.getByRole("textbox", { name: "설명" }).fill("화상 회의 장비가 있습니다.");
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "admin-resource-dialog");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    await p.getByRole("button", { name: "대회의실", exact: true }).waitFor();

    await p.getByRole("button", { name: "자원 추가", exact: true }).click();
    dialog = p.getByRole("dialog", { name: "자원 추가" });
    await choose(dialog, "종류", "촬영 장비");
    await dialog.getByRole("textbox", { name: "이름" }).fill("4K 카메라");
    await dialog.getByText("예약에 승인이 필요합니다", { exact: true }).click();
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("승인자를 고르세요.").waitFor();
    await dialog.getByRole("combobox", { name: "승인자" }).fill("김관리");
    await p.getByRole("option", { name: /김관리/ }).click();
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    await p.getByRole("button", { name: "4K 카메라", exact: true }).waitFor();
    await p.getByText("승인: 김관리").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "admin-resources");
    await p.context().close();
  });

  test("a member drags a booking, changes it, sees it in the calendar, books a weekly repeat past a conflict, cancels the following", async () => {
    const { page: p } = await e.newPage();
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, `/resource/${tomorrow}/ALL`);
    const grid = p.getByRole("grid");
    const row = (name: string) => grid.getByRole("row").filter({ has: p.getByRole("button", { name: `${name} 정보`, exact: true }) });
    const slot = (name: string, time: string) => row(name).locator(`[data-slot="${Number(time.slice(0, 2)) * 2 + (time.endsWith("30") ? 1 : 0)}"]`);
    await slot("대회의실", "10:00").waitFor();
    await grid.getByRole("button", { name: "4K 카메라 정보" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "day-grid");

    // Drag 10:00 → 11:30 on the first row (대회의실): four half-hours.
    const from = await slot("대회의실", "10:00").boundingBox();
    const to = await slot("대회의실", "11:30").boundingBox();
    await p.mouse.move(from!.x + 5, from!.y + 10);
    await p.mouse.down();
    await p.mouse.move(from!.x + 40, from!.y + 10, { steps: 3 });
    await p.mouse.move(to!.x + 10, to!.y + 10, { steps: 5 });
    await p.mouse.up();
    let dialog = p.getByRole("dialog", { name: "자원 예약" });
    await dialog.getByRole("textbox", { name: "제목" }).fill("주간 회의");
    await expect.poll(() => dialog.getByRole("button", { name: /시작 시간$/ }).textContent(), { timeout: 3000 }).toContain("10:00");
    await expect.poll(() => dialog.getByRole("button", { name: /종료 시간$/ }).textContent(), { timeout: 3000 }).toContain("12:00");
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "dialog-from-drag");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    const block = grid.locator(".rs-block", { hasText: "주간 회의" });
    await block.waitFor();
    let mine = await myBookings();
    expect(mine.map((b) => [b.title, b.startDate, b.startTime, b.endTime, b.status])).toEqual([["주간 회의", tomorrow, "10:00", "12:00", "CONFIRMED"]]);

    // Update: shorter, PATCH.
    await block.click();
    dialog = p.getByRole("dialog", { name: "예약 수정" });
    await expect.poll(() => dialog.getByRole("textbox", { name: "제목" }).inputValue(), { timeout: 5000 }).toBe("주간 회의");
    await dialog.getByRole("textbox", { name: "제목" }).click();
    await choose(dialog, "종료 시간", "11:00");
    await dialog.getByRole("button", { name: "수정", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await myBookings())[0]?.endTime, { timeout: 5000 }).toBe("11:00");

    // The calendar shows it on that day at its new time (10:00-11:00 in Seoul, the calendar's zone), the room as
    // its place.
    await p.goto(`${e.base}/#/cal/day/${tomorrow}`);
    await p.locator(".cal-tg .cal-block", { hasText: "주간 회의" }).click();
    const popup = p.getByRole("dialog", { name: "주간 회의" });
    await popup.getByText("대회의실", { exact: true }).waitFor();
    await popup.getByText(/오전 10:00 – 오전 11:00$/).waitFor();
    await e.shot(p, "calendar");
    await p.keyboard.press("Escape");

    // A weekly repeat at 10:00-11:00 from tomorrow for four weeks: the first week overlaps "주간 회의".
    await p.goto(`${e.base}/#/resource/${tomorrow}/ALL`);
    await slot("대회의실", "10:00").waitFor();
    await p.getByRole("button", { name: "빠른 예약" }).first().click();
    dialog = p.getByRole("dialog", { name: "자원 예약" });
    await dialog.getByRole("textbox", { name: "제목" }).click();
    await choose(dialog, "자원", "대회의실");
    await dialog.getByRole("textbox", { name: "제목" }).fill("팀 주간 회의");
    await dialog.getByLabel("시작일").fill(tomorrow);
    await dialog.getByLabel("종료일").fill(tomorrow);
    await choose(dialog, "시작 시간", "10:00");
    await choose(dialog, "종료 시간", "11:00");
    await choose(dialog, "반복", "매주");
    await dialog.getByLabel("반복 종료일").fill(seoulDay(22));
    await dialog.getByRole("button", { name: "저장" }).click();
    const alert = dialog.getByRole("alert");
    await alert.getByText("다른 예약과 시간이 겹칩니다.").waitFor();
    await alert.getByText("겹치는 날짜 1건:").waitFor();
    expect(await alert.getByRole("listitem").count()).toBe(1);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "conflict");
    await alert.getByRole("button", { name: "나머지만 예약" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await myBookings()).length, { timeout: 5000 }).toBe(4);
    mine = await myBookings();
    const series = mine.filter((b) => b.title === "팀 주간 회의");
    expect(series.map((b) => b.startDate)).toEqual([seoulDay(8), seoulDay(15), seoulDay(22)]);

    // My bookings: open the second week and cancel it and the following.
    await p.getByRole("link", { name: "내 예약" }).click();
    await p.getByRole("heading", { name: "내 예약" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "mine");
    await p.getByRole("button", { name: new RegExp(`팀 주간 회의`) }).nth(1).click();
    dialog = p.getByRole("dialog", { name: "예약 수정" });
    await dialog.getByRole("button", { name: "이후 일정 모두 취소" }).click();
    await p.getByRole("dialog", { name: "예약 취소" }).getByRole("button", { name: "예약 취소" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(async () => (await myBookings()).map((b: Booking) => `${b.title} ${b.startDate}`), { timeout: 5000 })
      .toEqual([`주간 회의 ${tomorrow}`, `팀 주간 회의 ${seoulDay(8)}`]);

    // The calendar keeps the week left and lost the cancelled ones: on the third week's day only an event of the
    // member's own shows (once it shows, the day's events are in).
    const cal = (await e.t.call("GET", "/api/calendar/find", { token: mina.token })).body.find((c: { type: string }) => c.type === "DEFAULT");
    const mark = await e.t.call("POST", "/api/calendar/event", {
      token: mina.token, json: { calendarId: cal.id, summary: "점심 약속", dtStart: `${seoulDay(15)}T12:00`, dtEnd: `${seoulDay(15)}T13:00`, timezone: "Asia/Seoul" },
    });
    expect(mark.status, JSON.stringify(mark.body)).toBe(201);
    await p.goto(`${e.base}/#/cal/day/${seoulDay(8)}`);
    await p.locator(".cal-tg .cal-block", { hasText: "팀 주간 회의" }).waitFor();
    await p.goto(`${e.base}/#/cal/day/${seoulDay(15)}`);
    await p.locator(".cal-tg .cal-block", { hasText: "점심 약속" }).waitFor();
    expect(await p.locator(".cal-tg .cal-block", { hasText: "팀 주간 회의" }).count()).toBe(0);
    await e.shot(p, "calendar-after-cancel");
    await p.context().close();
  });
});
