// The calendar in ko, en and id, at desktop width and on a phone (390x844), with each language's own labels:
// the month (multi-day bars, "+N more"), week and day views with events the API made; nothing scrolls
// sideways on the phone; the calendar list opens as a modal drawer from the top bar (focus inside, Escape
// closes it, picking a day closes it and shows that day); the event dialog fits the phone; axe finds nothing
// serious. Screenshots go to test-results/e2e/calendar-phone/ (and SHOTS_DIR when set).
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany } from "./support/mail.ts";
import { type Lang, signInIn, strings } from "./support/walk-i18n.ts";

const e = await startE2E("calendar-phone");
const LANGS = (Deno.env.get("CAL_LANGS") ?? "ko,en,id").split(",") as Lang[];
const SHOTS = Deno.env.get("SHOTS_DIR");
const PHONE = { width: 390, height: 844 };
const TZ = "Asia/Seoul";
const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now());
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const co = await mailCompany(e, "cal-phone.test");
await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCalendar: true } });

async function shot(page: Page, name: string) {
  const file = await e.shot(page, name);
  if (SHOTS) await Deno.copyFile(file, `${SHOTS}/${file.split("/").pop()}`);
}

async function expectNoSideScroll(page: Page) {
  const outside = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("body *")].filter((el) => {
        if (el.closest("[aria-hidden='true']")) return false;
        const r = el.getBoundingClientRect();
        return r.width > 1 && (r.right > innerWidth + 0.5 || r.left < -0.5);
      }).slice(0, 5).map((el) => `${el.tagName}.${el.className}`));
  await expect.poll(async () => (await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)) || await outside()).toBe(true);
}

/** A member with events on and around today: timed ones, an all-day one over three days, five on one day. */
async function seeded(loginId: string, lng: Lang, names: Record<string, string>) {
  const who = await co.member(loginId);
  await e.t.call("PUT", "/api/users/general", { token: who.token, form: { accountName: `Mina ${lng}`, personalEmail: "", languageType: lng.toUpperCase() } });
  const tree = await e.t.call("GET", "/api/calendar/find", { token: who.token });
  const calendarId = tree.body[0].id;
  const post = async (json: Record<string, unknown>) => {
    const r = await e.t.call("POST", "/api/calendar/event", { token: who.token, json: { calendarId, timezone: TZ, ...json } });
    if (r.status !== 201) throw new Error(`event: ${r.status} ${JSON.stringify(r.body)}`);
  };
  await post({ summary: names.meeting, dtStart: `${today}T10:00`, dtEnd: `${today}T11:30`, location: names.room });
  await post({ summary: names.lunch, dtStart: `${today}T12:00`, dtEnd: `${today}T13:00` });
  await post({ summary: names.trip, dtStart: addDays(today, 1), dtEnd: addDays(today, 3), isAllDay: true });
  for (let i = 0; i < 5; i++) await post({ summary: `${names.busy} ${i + 1}`, dtStart: `${addDays(today, -2)}T0${i + 1}:00`, dtEnd: `${addDays(today, -2)}T0${i + 1}:30` });
  return who;
}

for (const lng of LANGS) {
  const tr = strings(lng);
  const names = {
    ko: { meeting: "디자인 검토", room: "본관 2층", lunch: "팀 점심", trip: "부산 출장", busy: "바쁜 일정" },
    en: { meeting: "Design review", room: "Main building 2F", lunch: "Team lunch", trip: "Busan trip", busy: "Busy slot" },
    id: { meeting: "Tinjauan desain", room: "Gedung utama lt. 2", lunch: "Makan siang tim", trip: "Perjalanan ke Busan", busy: "Slot sibuk" },
  }[lng];

  describe(`calendar in ${lng}`, () => {
    test("desktop: month, week and day views with events; axe", async () => {
      await seeded(`desk-${lng}`, lng, names);
      const { context, page } = await e.newPage();
      await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
      page.setDefaultTimeout(12_000);
      await signInIn(e.base, page, tr, `desk-${lng}`, co.domain, `/cal/month/${today}`);
      await page.getByRole("heading", { name: tr("calendar:tree.group.mine") }).waitFor();
      await page.locator(".cal-item", { hasText: names.trip }).first().waitFor();
      await page.locator(".cal-item", { hasText: names.meeting }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `${lng}-month`);
      await page.getByRole("link", { name: tr("calendar:view.week"), exact: true }).click();
      await page.locator(".cal-block", { hasText: names.meeting }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `${lng}-week`);
      await page.getByRole("link", { name: tr("calendar:view.day"), exact: true }).click();
      await page.locator(".cal-block", { hasText: names.meeting }).click();
      await page.getByRole("dialog", { name: names.meeting }).getByText(names.room).waitFor();
      await shot(page, `${lng}-day-popup`);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: tr("calendar:toolbar.newEvent") }).first().click();
      await page.getByRole("dialog", { name: tr("calendar:dialog.newTitle") }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `${lng}-dialog`);
      await context.close();
    });

    test("phone: no sideways scroll; the calendar list is a drawer; the dialog fits", async () => {
      await seeded(`phone-${lng}`, lng, names);
      const { context, page } = await e.newPage(PHONE);
      await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
      page.setDefaultTimeout(12_000);
      await signInIn(e.base, page, tr, `phone-${lng}`, co.domain, `/cal/month/${today}`);
      await page.locator(".cal-item", { hasText: names.trip }).first().waitFor();
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `${lng}-phone-month`);

      const open = page.getByRole("button", { name: tr("calendar:side.open") });
      await open.click();
      const drawer = page.getByRole("dialog", { name: tr("calendar:side.label") });
      await drawer.getByRole("heading", { name: tr("calendar:tree.group.mine") }).waitFor();
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `${lng}-phone-drawer`);
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "detached" });
      await open.click();
      await drawer.locator(`[data-mini-day="${addDays(today, 1)}"]`).click();
      await drawer.waitFor({ state: "detached" });
      await page.waitForURL(new RegExp(`#/cal/month/${addDays(today, 1)}$`));

      await page.getByRole("link", { name: tr("calendar:view.week"), exact: true }).click();
      await page.locator(".cal-tg .cal-bar", { hasText: names.trip }).first().waitFor();
      await expectNoSideScroll(page);
      await shot(page, `${lng}-phone-week`);
      await page.getByRole("button", { name: tr("calendar:toolbar.newEvent") }).click();
      const dlg = page.getByRole("dialog", { name: tr("calendar:dialog.newTitle") });
      await dlg.waitFor();
      await expectNoSideScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `${lng}-phone-dialog`);
      await context.close();
    });
  });
}
