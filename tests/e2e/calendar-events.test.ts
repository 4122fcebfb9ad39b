// The calendar in a browser against the real server: /cal opens the month of today, and a bad view or date in
// the address falls back to month / today; an event made in the dialog shows in the month and week views (and
// is stored with the times chosen); the dialog's checks (§5); dragging a block in the week view moves the event
// by the half hours dragged, dragging its lower edge makes it longer; the dialog edits it and the popup deletes
// one after a confirm; a weekly event repeating 3 times shows in the following weeks, moving one occurrence by
// keyboard asks this / following / all, and deleting one occurrence keeps the others; unticking a calendar
// hides its events and the choice is kept on the server; the search finds an event by a Korean word and opens
// it on its day; the month cache of 001 §4 (neighbours prefetched, each month asked once, at most 4 kept);
// shortcuts and arrows move between periods and views, Enter opens an event; axe finds nothing serious on the
// month, week, dialog, popup, scope dialog and search.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("calendar-events");
const co = await mailCompany(e, "cal-events.test");
const on = await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCalendar: true } });
if (on.status !== 200) throw new Error(`useCalendar: ${on.status} ${JSON.stringify(on.body)}`);
const me = await co.member("mina");

const TZ = "Asia/Seoul";
const ymd = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const today = ymd(Date.now());
const timeLabel = (min: number) => new Intl.DateTimeFormat("ko", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(min * 60_000);

async function events(from: string, to: string) {
  const tree = await e.t.call("GET", "/api/calendar/find", { token: me.token });
  const ids = tree.body.map((c: { id: number }) => c.id);
  const q = new URLSearchParams({ dtStart: `${from}T00:00:00+09:00`, dtEnd: `${to}T00:00:00+09:00`, timezone: TZ });
  for (const id of ids) q.append("calendars[]", String(id));
  const r = await e.t.call("GET", `/api/calendar/event?${q}`, { token: me.token });
  expect(r.status).toBe(200);
  return r.body as { id: string; name: string; start: string; end: string; isRecurring: boolean }[];
}

const { page } = await e.newPage();
page.setDefaultTimeout(10_000);
const dialog = () => page.getByRole("dialog", { name: "일정 만들기" });

async function pickTime(p: Page, label: string, min: number) {
  await p.getByRole("button", { name: new RegExp(label) }).click();
  await p.getByRole("option", { name: timeLabel(min), exact: true }).click();
}

describe("calendar events in the browser", () => {
  test("/cal opens this month; an event made in the dialog shows in the month and week views", async () => {
    await signIn(e, page, "mina", co.domain, USER_PASSWORD, "/cal");
    await page.waitForURL(new RegExp(`#/cal/month/${today}$`));
    await page.getByRole("heading", { name: "내 캘린더" }).waitFor();
    await page.getByRole("checkbox", { name: /User mina/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "month-empty");

    await page.getByRole("button", { name: "일정 만들기" }).click();
    await dialog().waitFor();
    // §5: a title is required.
    await dialog().getByRole("button", { name: "저장" }).click();
    await dialog().getByText("제목을 입력하세요.").waitFor();
    await dialog().getByRole("textbox", { name: "제목" }).fill("주간 회의");
    await pickTime(page, "시작 시간", 10 * 60);
    await pickTime(page, "종료 시간", 11 * 60);
    await dialog().getByRole("textbox", { name: "장소" }).fill("3층 회의실");
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "dialog");
    await dialog().getByRole("button", { name: "저장" }).click();
    await page.getByText("일정을 등록했습니다.").waitFor();
    await dialog().waitFor({ state: "detached" });

    const stored = (await events(today, addDays(today, 1))).find((x) => x.name === "주간 회의")!;
    expect(stored).toBeTruthy();
    expect(new Date(stored.start).toISOString()).toBe(new Date(`${today}T10:00:00+09:00`).toISOString());
    expect(new Date(stored.end).toISOString()).toBe(new Date(`${today}T11:00:00+09:00`).toISOString());

    await page.locator(".cal-month .cal-item", { hasText: "주간 회의" }).waitFor();
    await e.shot(page, "month-with-event");
    await page.getByRole("navigation", { name: "보기 방식" }).getByRole("link", { name: "주", exact: true }).click();
    await page.waitForURL(new RegExp(`#/cal/week/${today}$`));
    const block = page.locator(".cal-tg .cal-block", { hasText: "주간 회의" });
    await block.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "week-with-event");
  });

  test("a bad view or date in the address falls back to the month and today", async () => {
    await page.goto(`${e.base}/#/cal/year/2026-13-45`);
    await page.waitForURL(new RegExp(`#/cal/month/${today}$`));
    await page.goto(`${e.base}/#/cal/week/soon`);
    await page.waitForURL(new RegExp(`#/cal/week/${today}$`));
    await page.goto(`${e.base}/#/cal/day`);
    await page.waitForURL(new RegExp(`#/cal/day/${today}$`));
    await page.goto(`${e.base}/#/cal/week/${today}`);
    await page.locator(".cal-tg .cal-block", { hasText: "주간 회의" }).waitFor();
  });

  test("the summary popup: time, location, edit and delete; Escape closes it", async () => {
    await page.locator(".cal-tg .cal-block", { hasText: "주간 회의" }).click();
    const popup = page.getByRole("dialog", { name: "주간 회의" });
    await popup.waitFor();
    await popup.getByText("3층 회의실").waitFor();
    await popup.getByRole("button", { name: "수정" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "popup");
    await page.keyboard.press("Escape");
    await popup.waitFor({ state: "detached" });
    // The event menu: edit, delete, and its day.
    await page.locator(".cal-tg .cal-block", { hasText: "주간 회의" }).click();
    await popup.getByRole("button", { name: "일정 메뉴" }).click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitem", { name: "수정" }).waitFor();
    await menu.getByRole("menuitem", { name: "삭제" }).waitFor();
    await menu.getByRole("menuitem", { name: "이 날짜 보기" }).click();
    await page.waitForURL(new RegExp(`#/cal/day/${today}$`));
    await popup.waitFor({ state: "detached" });
    await page.getByRole("navigation", { name: "보기 방식" }).getByRole("link", { name: "주", exact: true }).click();
    await page.waitForURL(new RegExp(`#/cal/week/${today}$`));
  });

  test("dragging the block an hour down moves the event by an hour", async () => {
    const block = page.locator(".cal-tg .cal-block", { hasText: "주간 회의" });
    await block.scrollIntoViewIfNeeded();
    const box = (await block.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 8);
    await page.mouse.down();
    for (let dy = 8; dy <= 48; dy += 8) await page.mouse.move(box.x + box.width / 2, box.y + 8 + dy);
    await page.mouse.up();
    await page.getByText("일정을 수정했습니다.").waitFor();
    await expect.poll(async () => (await events(today, addDays(today, 1))).find((x) => x.name === "주간 회의")?.start)
      .toBe(new Date(`${today}T11:00:00+09:00`).toISOString());
    await expect.poll(async () => (await block.boundingBox())!.y).toBeGreaterThan(box.y + 40);
    await e.shot(page, "week-after-drag");
  });

  test("dragging the lower edge makes it longer; the dialog edits it; the popup deletes it", async () => {
    const block = page.locator(".cal-tg .cal-block", { hasText: "주간 회의" });
    await block.scrollIntoViewIfNeeded();
    const box = (await block.boundingBox())!;
    const edge = { x: box.x + box.width / 2, y: box.y + box.height - 2 };
    await page.mouse.move(edge.x, edge.y);
    await page.mouse.down();
    for (let dy = 8; dy <= 24; dy += 8) await page.mouse.move(edge.x, edge.y + dy);
    await page.mouse.up();
    await page.getByText("일정을 수정했습니다.").first().waitFor();
    await expect.poll(async () => (await events(today, addDays(today, 1))).find((x) => x.name === "주간 회의")?.end)
      .toBe(new Date(`${today}T12:30:00+09:00`).toISOString());
    // The longer block drawn from the refetched week before it is clicked (a loaded CI run's 수정 opened no edit
    // dialog; the likely cause, not reproduced here: the popup was opened on the block the refetch then replaced).
    await expect.poll(async () => (await block.boundingBox())!.height).toBeGreaterThan(box.height + 10);

    await block.click();
    const popup = page.getByRole("dialog", { name: "주간 회의" });
    await popup.getByRole("button", { name: "수정" }).click();
    const edit = page.getByRole("dialog", { name: "일정 수정" });
    await edit.getByRole("textbox", { name: "제목" }).fill("주간 회의 (변경)");
    await edit.getByRole("button", { name: "저장" }).click();
    await page.getByText("일정을 수정했습니다.").first().waitFor();
    const changed = page.locator(".cal-tg .cal-block", { hasText: "주간 회의 (변경)" });
    await changed.waitFor();
    const stored = (await events(today, addDays(today, 1))).find((x) => x.name === "주간 회의 (변경)")!;
    expect(stored.start).toBe(new Date(`${today}T11:00:00+09:00`).toISOString());

    // A copy to delete: the popup's delete asks first.
    const tree = await e.t.call("GET", "/api/calendar/find", { token: me.token });
    await e.t.call("POST", "/api/calendar/event", {
      token: me.token, json: { calendarId: tree.body[0].id, summary: "지울 일정", dtStart: `${today}T16:00`, dtEnd: `${today}T17:00`, timezone: TZ },
    });
    await page.reload();
    const gone = page.locator(".cal-tg .cal-block", { hasText: "지울 일정" });
    await gone.click();
    await page.getByRole("dialog", { name: "지울 일정" }).getByRole("button", { name: "삭제" }).click();
    const ask = page.getByRole("dialog", { name: "확인해 주세요" });
    await ask.getByText("'지울 일정' 일정을 삭제할까요?").waitFor();
    await e.shot(page, "delete-confirm");
    await ask.getByRole("button", { name: "삭제" }).click();
    await page.getByText("일정을 삭제했습니다.").waitFor();
    await gone.waitFor({ state: "detached" });
    expect((await events(today, addDays(today, 1))).some((x) => x.name === "지울 일정")).toBe(false);
  });

  test("a weekly event repeating 3 times shows in the next weeks and is stored as a series", async () => {
    await page.getByRole("button", { name: "일정 만들기" }).click();
    await dialog().waitFor();
    await dialog().getByRole("textbox", { name: "제목" }).fill("정기 점검");
    await pickTime(page, "시작 시간", 14 * 60);
    await pickTime(page, "종료 시간", 15 * 60);
    await dialog().getByRole("button", { name: /반복/ }).click();
    await page.getByRole("option", { name: "매주", exact: true }).click();
    await dialog().getByText("횟수 지정", { exact: true }).click();
    await dialog().getByRole("spinbutton", { name: "반복 횟수" }).fill("3");
    await e.shot(page, "dialog-repeat");
    await dialog().getByRole("button", { name: "저장" }).click();
    await page.getByText("일정을 등록했습니다.").waitFor();
    const list = (await events(today, addDays(today, 35))).filter((x) => x.name === "정기 점검");
    expect(list.length).toBe(3);
    expect(list.every((x) => x.isRecurring)).toBe(true);
    await page.getByRole("button", { name: "다음 주" }).click();
    await page.waitForURL(new RegExp(`#/cal/week/${addDays(today, 7)}$`));
    await page.locator(".cal-tg .cal-block", { hasText: "정기 점검" }).waitFor();
    // Its summary says it repeats, and moving it asks this / following / all.
    await page.locator(".cal-tg .cal-block", { hasText: "정기 점검" }).click();
    const popup = page.getByRole("dialog", { name: "정기 점검" });
    await popup.getByText(/매주/).waitFor();
    await page.keyboard.press("Escape");
    await popup.waitFor({ state: "detached" });
    await page.locator(".cal-tg .cal-block-btn", { hasText: "정기 점검" }).focus();
    await page.keyboard.press("Alt+ArrowDown");
    const scope = page.getByRole("dialog", { name: "반복 일정 수정" });
    await scope.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "scope-dialog");
    await scope.getByText("이 일정", { exact: true }).click();
    await scope.getByRole("button", { name: "확인" }).click();
    await page.getByText("일정을 수정했습니다.").waitFor();
    const after = (await events(today, addDays(today, 35))).filter((x) => x.name === "정기 점검").map((x) => x.start).sort();
    expect(after).toContain(new Date(`${addDays(today, 7)}T14:30:00+09:00`).toISOString());
    expect(after).toContain(new Date(`${today}T14:00:00+09:00`).toISOString());
    // Deleting that one occurrence from its popup: the scope is asked, "this event" keeps the other two.
    await page.locator(".cal-tg .cal-block", { hasText: "정기 점검" }).click();
    await page.getByRole("dialog", { name: "정기 점검" }).getByRole("button", { name: "삭제" }).click();
    const del = page.getByRole("dialog", { name: "반복 일정 삭제" });
    await del.getByText("이 일정", { exact: true }).click();
    await del.getByRole("button", { name: "삭제" }).click();
    await page.getByText("일정을 삭제했습니다.").waitFor();
    await page.locator(".cal-tg .cal-block", { hasText: "정기 점검" }).waitFor({ state: "detached" });
    const left = (await events(today, addDays(today, 35))).filter((x) => x.name === "정기 점검");
    expect(left.length).toBe(2);
  });

  test("unticking the calendar hides its events, and the choice is kept", async () => {
    await page.goto(`${e.base}/#/cal/month/${today}`);
    const item = page.locator(".cal-month .cal-item", { hasText: "주간 회의" });
    await item.waitFor();
    const box = page.getByRole("checkbox", { name: /User mina/ });
    await box.uncheck();
    await item.waitFor({ state: "detached" });
    await expect.poll(async () => (await e.t.call("GET", "/api/calendar/find", { token: me.token })).body.find((c: { type: string }) => c.type === "DEFAULT").selected)
      .toBe(false);
    await e.shot(page, "month-unticked");
    await page.reload();
    await page.getByRole("checkbox", { name: /User mina/ }).waitFor();
    await expect(page.getByRole("checkbox", { name: /User mina/ }).isChecked()).resolves.toBe(false);
    await expect(item.count()).resolves.toBe(0);
    await page.getByRole("checkbox", { name: /User mina/ }).check();
    await item.waitFor();
  });

  test("search: 2 characters at least; a hit opens on its day", async () => {
    await page.getByRole("button", { name: "일정 검색" }).click();
    const field = page.getByRole("searchbox", { name: "검색어" });
    await field.fill("회");
    await page.getByRole("button", { name: "검색", exact: true }).click();
    await page.getByText("검색어를 2자 이상 입력하세요.").waitFor();
    await field.fill("회의");
    await page.getByRole("button", { name: "검색", exact: true }).click();
    const hit = page.locator(".cal-search-item", { hasText: "주간 회의" });
    await hit.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "search");
    await hit.click();
    await page.waitForURL(new RegExp(`#/cal/day/${today}$`));
    await page.getByRole("dialog", { name: "주간 회의" }).waitFor();
    await page.keyboard.press("Escape");
  });

  test("month cache (001 §4): neighbours prefetched, each month asked once, at most 4 months kept", async () => {
    const asked: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const u = new URL(r.url());
      if (u.pathname !== "/api/calendar/event") return;
      // A month's query asks for its grid, from the Sunday of its first week (up to 6 days before the 1st).
      const from = Date.parse(`${u.searchParams.get("dtStart")!.slice(0, 10)}T00:00:00Z`);
      asked.push(new Date(from + 10 * 86_400_000).toISOString().slice(0, 7));
    };
    page.on("request", onRequest);
    // A slow browser (as on a loaded CI host): the months' answers come in within the same millisecond, and a
    // view that told the months' data apart by their time stamps kept showing the month it came from.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    // Twenty times slower, on a CI host that runs other browser files beside this one: the page's waits get the
    // room that slowness needs, and the throttle ends whatever happens (the next tests run at full speed).
    page.setDefaultTimeout(40_000);
    const slow = { timeout: 40_000 };
    try {
      const month = (n: number) => {
        const d = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`));
        d.setUTCMonth(d.getUTCMonth() + n);
        return d.toISOString().slice(0, 7);
      };
      await page.goto(`${e.base}/#/cal/month/${today}`);
      await page.reload(); // an empty cache
      await page.locator(".cal-month .cal-item", { hasText: "주간 회의" }).waitFor();
      await expect.poll(() => [...new Set(asked)].sort(), slow).toEqual([month(-1), month(0), month(1)].sort());
      asked.length = 0;
      await page.getByRole("button", { name: "다음 달", exact: true }).click();
      await expect.poll(() => asked, slow).toEqual([month(2)]);
      await page.getByRole("button", { name: "다음 달", exact: true }).click();
      await expect.poll(() => asked, slow).toEqual([month(2), month(3)]);
      // Five months were fetched; the one farthest from the current month went. Back to the first month: only
      // the dropped month before it is asked again.
      // Each click once the month before is shown (the previous month answers from the cache at once, and a second
      // click before the toolbar has drawn it would step from the same month again).
      await page.getByRole("button", { name: "이전 달", exact: true }).click();
      await page.waitForURL(new RegExp(`#/cal/month/${month(1)}-`));
      await page.getByRole("button", { name: "이전 달", exact: true }).click();
      await page.waitForURL(new RegExp(`#/cal/month/${month(0)}-`));
      await page.locator(".cal-month .cal-item", { hasText: "주간 회의" }).waitFor();
      await expect.poll(() => asked, slow).toEqual([month(2), month(3), month(-1)]);
    } finally {
      page.off("request", onRequest);
      page.setDefaultTimeout(10_000);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cdp.detach();
    }
  });

  test("keyboard: PageDown / t / w / m move between periods and views; arrows move the day; Enter opens an event", async () => {
    await page.goto(`${e.base}/#/cal/month/${today}`);
    await page.locator(".cal-month .cal-item", { hasText: "주간 회의" }).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press("PageDown");
    const next = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`));
    next.setUTCMonth(next.getUTCMonth() + 1);
    await page.waitForURL(new RegExp(`#/cal/month/${next.toISOString().slice(0, 7)}-`));
    await page.keyboard.press("t");
    await page.waitForURL(new RegExp(`#/cal/month/${today}$`));
    await page.keyboard.press("w");
    await page.waitForURL(new RegExp(`#/cal/week/${today}$`));
    await page.keyboard.press("x");
    await page.waitForURL(new RegExp(`#/cal/4day/${today}$`));
    await page.locator(".cal-tg-dayhead").nth(3).waitFor();
    await expect(page.locator(".cal-tg-dayhead").count()).resolves.toBe(4);
    await page.keyboard.press("m");
    await page.waitForURL(new RegExp(`#/cal/month/${today}$`));
    // The day numbers are one tab stop; arrows move it.
    const todayBtn = page.locator(`.cal-month [data-day="${today}"]`);
    await todayBtn.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-day"))).toBe(addDays(today, 1));
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`#/cal/day/${addDays(today, 1)}$`));
    await page.goto(`${e.base}/#/cal/month/${today}`);
    const ev = page.locator(".cal-month .cal-item", { hasText: "주간 회의" });
    await ev.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "주간 회의" }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => ev.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
