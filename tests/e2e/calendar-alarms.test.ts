// Calendar alarms in the browser (issue 23 "alarms"): a signed-in user on the mail screen gets the in-app notice
// when the alarm job fires (its tick run here on the test app's clock), with the event's title, time and place;
// "열기" goes to the event's day with its popup open. The browser's notifications are never asked for on page
// load, only from the calendar's alarm settings (where "alarms also by mail" is switched and kept) or on the first
// save of an event with an alarm (once); once allowed, an alarm is shown by the browser too. A reload brings
// back the alarms of the last minutes not dismissed. The notice in en and id (the phone width for id), axe clean.
//
// Headless chromium shows no system notifications, so the page's Notification is a small stand-in that
// records what the app asks of it (permission requests, notifications made): that is all the app does with it.
import { afterAll, describe, expect, test } from "vitest";
import { runAlarmTick } from "../../server/modules/calendar/alarms/job.ts";
import { calendarTopic } from "../../shared/calendar/constants.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("calendar-alarms");
const co = await mailCompany(e, "cal-alarms-web.test");
const on = await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCalendar: true } });
if (on.status !== 200) throw new Error(`useCalendar: ${on.status} ${JSON.stringify(on.body)}`);
const me = await co.member("mina");
const { context, page } = await e.newPage();
page.setDefaultTimeout(10_000);
afterAll(() => context.close());

/** The page's Notification replaced by the recording stand-in (the permission kept in the page's storage). */
function standInNotifications() {
  const record = { asked: 0, shown: [] as { title: string; body: string }[] };
  let permission = (localStorage.getItem("standIn.permission") ?? "default") as NotificationPermission;
  class StandIn {
    onclick: (() => void) | null = null;
    static get permission() {
      return permission;
    }
    static requestPermission() {
      record.asked++;
      permission = "granted";
      localStorage.setItem("standIn.permission", permission);
      return Promise.resolve(permission);
    }
    constructor(title: string, opts?: { body?: string }) {
      record.shown.push({ title, body: opts?.body ?? "" });
    }
    close() {}
  }
  Object.assign(globalThis, { Notification: StandIn, __notify: record });
}
await context.addInitScript(standInNotifications);
const notified = (p = page) => p.evaluate(() => (globalThis as unknown as { __notify: { asked: number; shown: { title: string }[] } }).__notify);

const T0 = e.t.clock.now().getTime();
const MIN = 60_000;
const calendarId = (await e.t.call("GET", "/api/calendar/find", { token: me.token })).body.find((c: { type: string }) => c.type === "DEFAULT").id;

/** An event starting `startMin` after T0 with a 10-minute alarm (due at startMin - 10). */
async function event(summary: string, startMin: number, location: string) {
  const r = await e.t.call("POST", "/api/calendar/event", {
    token: me.token,
    json: {
      calendarId, summary, location, dtStart: new Date(T0 + startMin * MIN).toISOString(), dtEnd: new Date(T0 + (startMin + 30) * MIN).toISOString(),
      alarms: [{ value: 10, unit: "MINUTES" }],
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; start: string };
}

/** The clock to `min` after T0 (and 5 s), and one tick of the alarm job there, once the page listens. */
async function fireAt(min: number) {
  // A page just (re)loaded subscribes once its shell has started: on a busy machine that takes seconds.
  await expect.poll(() => e.t.deps.realtime.hub.subscriberCount(calendarTopic(me.username)), { timeout: 15_000 }).toBe(1);
  e.t.clock.set(T0 + min * MIN + 5000);
  return await runAlarmTick(e.t.deps);
}

const ymdSeoul = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul" }).format(new Date(iso));

describe("calendar alarms in the browser", () => {
  test("the notice arrives on the mail screen and opens the event on its day", async () => {
    const ko = await event("주간 회의", 11, "회의실 3");
    await signIn(e, page, "mina", co.domain, USER_PASSWORD);
    expect((await notified()).asked).toBe(0); // never asked on page load
    expect(await fireAt(1)).toMatchObject({ fired: 1, notices: 1 });
    const notice = page.getByRole("alert").filter({ hasText: "주간 회의" });
    await notice.waitFor();
    await notice.getByText("장소: 회의실 3").waitFor();
    await notice.getByRole("button", { name: "열기" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "notice-ko-mail");
    expect((await notified()).shown).toEqual([]); // not allowed: no browser notification
    await notice.getByRole("button", { name: "열기" }).click();
    await page.waitForURL(new RegExp(`#/cal/day/${ymdSeoul(ko.start)}$`));
    await page.getByRole("dialog", { name: "주간 회의" }).waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "주간 회의" }).count()).toBe(0);
    await e.shot(page, "opened-ko");
  });

  test("the alarm settings: browser notifications asked for from here, alarms by mail switched and kept", async () => {
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "알림 설정" }).click();
    const dialog = page.getByRole("dialog", { name: "일정 알림 설정" });
    await dialog.waitFor();
    const byMail = dialog.getByRole("switch", { name: "알림을 메일로도 받기" });
    expect(await byMail.isChecked()).toBe(false);
    await dialog.getByRole("button", { name: "브라우저 알림 허용" }).click();
    await dialog.getByText("켜짐: 일정 알림이 이 브라우저의 알림으로도 표시됩니다.").waitFor();
    expect((await notified()).asked).toBe(1);
    await byMail.click({ force: true });
    await expect.poll(async () => (await e.t.call("GET", "/api/calendar/alarms/settings", { token: me.token })).body).toEqual({ byMail: true });
    expect(await byMail.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "settings-ko");
    await dialog.getByRole("button", { name: "닫기" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  test("in English and Indonesian (phone width), shown by the browser too once allowed", async () => {
    await event("Quarterly review", 12, "Room 7");
    await event("Rapat tim", 13, "Ruang 2");
    for (const [lng, title, min, open, where] of [
      ["en", "Quarterly review", 2, "Open", "Where: Room 7"],
      ["id", "Rapat tim", 3, "Buka", "Tempat: Ruang 2"],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      if (lng === "id") await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${e.base}/#/mail`);
      await page.reload();
      await page.waitForURL(/#\/mail\//);
      expect(await fireAt(min)).toMatchObject({ fired: 1 });
      const notice = page.getByRole("alert").filter({ hasText: title });
      await notice.waitFor();
      await notice.getByText(where).waitFor();
      await notice.getByRole("button", { name: open }).waitFor();
      await expect.poll(async () => (await notified()).shown.map((n) => n.title)).toEqual([title]);
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `notice-${lng}`);
    }
    // Alarms by mail was switched on above: each alarm since is in the inbox too (in mina's language, ko).
    await page.getByText("알림: Rapat tim").waitFor();
    await page.getByText("알림: Quarterly review").waitFor();
    // Dismissed, it is gone, also after a reload; one not dismissed comes back (fetched: it fired minutes ago),
    // in the app only; the one opened earlier does not.
    await page.getByRole("alert").filter({ hasText: "Rapat tim" }).getByRole("button", { name: /Tutup pengingat/ }).click();
    expect(await page.getByRole("alert").filter({ hasText: "Rapat tim" }).count()).toBe(0);
    await page.reload();
    await page.getByRole("alert").filter({ hasText: "Quarterly review" }).waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "Rapat tim" }).count()).toBe(0);
    expect(await page.getByRole("alert").filter({ hasText: "주간 회의" }).count()).toBe(0);
    expect((await notified()).shown).toEqual([]);
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
  });

  test("the first save of an event with an alarm asks for browser notifications, once", async () => {
    const other = await e.newPage();
    await other.context.addInitScript(standInNotifications);
    const p = other.page;
    p.setDefaultTimeout(10_000);
    try {
      await signIn(e, p, "mina", co.domain, USER_PASSWORD, "/cal");
      await p.waitForURL(/#\/cal\/month\//);
      const dialog = p.getByRole("dialog", { name: "일정 만들기" });
      for (const [title, withAlarm] of [["알림 없는 일정", false], ["알림 있는 일정", true], ["또 알림 있는 일정", true]] as const) {
        await p.getByRole("button", { name: "일정 만들기" }).first().click();
        await dialog.waitFor();
        await dialog.getByRole("textbox", { name: "제목" }).fill(title);
        if (withAlarm) await dialog.getByRole("button", { name: "알림 추가" }).click();
        await dialog.getByRole("button", { name: "저장" }).click();
        await dialog.waitFor({ state: "detached" });
        expect((await notified(p)).asked).toBe(withAlarm ? 1 : 0);
      }
    } finally {
      await other.context.close();
    }
  });
});
