// A calendar invitation in the mail reader (issue 5 "view/calendar"): an Outlook-style REQUEST and its CANCEL
// are delivered over a real SMTP conversation (nodemailer, icalEvent) to the inbound listener, opened in the
// browser, and the invitation card shows title, when (in the reader's language and time zone), where,
// organiser, guests with their answers, and the cancelled state. A mail without an invitation shows no card
// and never asks for one. Screens in ko, en and id (E2E_SHOTS_DIR also keeps a copy), with axe.
import { afterAll, afterEach, describe, expect, test } from "vitest";
import nodemailer from "nodemailer";
import type { Page } from "playwright-core";
import { axe, startE2E } from "./support/browser.ts";
import { deliver, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { listen, localResolver } from "../mail/smtp/support.ts";

const e = await startE2E("mail-calendar");
const co = await mailCompany(e, "cal.test");
const invitee = await co.member("sujin");
const box = await folders(e.t, invitee);
const listener = await listen(e.t.deps, localResolver({}));
const SHOTS = Deno.env.get("E2E_SHOTS_DIR");
if (SHOTS) await Deno.mkdir(SHOTS, { recursive: true });

const ics = (method: "REQUEST" | "CANCEL", sequence: number) =>
  [
    "BEGIN:VCALENDAR",
    `METHOD:${method}`,
    "PRODID:Microsoft Exchange Server 2010",
    "VERSION:2.0",
    "BEGIN:VTIMEZONE",
    "TZID:Korea Standard Time",
    "BEGIN:STANDARD",
    "DTSTART:16010101T000000",
    "TZOFFSETFROM:+0900",
    "TZOFFSETTO:+0900",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    "ORGANIZER;CN=김민수:mailto:minsu.kim@partner.example",
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=이수진:mailto:${invitee.username}`,
    "ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=박지훈:mailto:jihoon.park@partner.example",
    "ATTENDEE;ROLE=OPT-PARTICIPANT;PARTSTAT=DECLINED;CN=Dana Lee:mailto:dana@partner.example",
    "UID:040000008200E00074C5B7101A82E008000000001",
    "SUMMARY;LANGUAGE=ko-KR:4분기 실적 검토 회의",
    "DTSTART;TZID=Korea Standard Time:20261203T100000",
    "DTEND;TZID=Korea Standard Time:20261203T113000",
    "RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=TH",
    "LOCATION:본사 3층 대회의실",
    `SEQUENCE:${sequence}`,
    `STATUS:${method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

const transport = nodemailer.createTransport({ host: "127.0.0.1", port: listener.port, secure: false, ignoreTLS: true, name: "mx.partner.example" });
afterAll(() => transport.close());

async function sendInvite(subject: string, method: "REQUEST" | "CANCEL", sequence: number): Promise<number> {
  await transport.sendMail({
    from: "김민수 <minsu.kim@partner.example>",
    to: invitee.username,
    subject,
    text: "회의에 초대합니다.",
    html: "<p>회의에 초대합니다.</p>",
    icalEvent: { method, content: ics(method, sequence) },
  });
  // Filed before the 250: the summary API finds it at once.
  const main = await e.t.call("GET", "/api/mails/main?size=20", { token: invitee.token });
  const row = main.body.mails.find((m: { subject: string }) => m.subject === subject);
  expect(row, JSON.stringify(main.body)).toBeTruthy();
  return row.mailId;
}

const INVITE = "초대: 4분기 실적 검토 회의";
const CANCEL = "취소됨: 4분기 실적 검토 회의";
const inviteId = await sendInvite(INVITE, "REQUEST", 0);
const cancelId = await sendInvite(CANCEL, "CANCEL", 1);
const plainId = await deliver(e, invitee, { subject: "일반 메일", to: invitee.username, text: "초대 없음" });

const viewUrl = (mailId: number) =>
  `${e.base}/#/mail/view/${box.INBOX}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId } }))}`;

// The reader in Seoul: the card's times are in the browser's zone.
const context = await e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "ko-KR", timezoneId: "Asia/Seoul" });
const page = await context.newPage();
page.setDefaultTimeout(10_000);
page.on("pageerror", (err) => console.error(`[mail-calendar] page error: ${err.message}`));
const calendarCalls: string[] = [];
page.on("request", (r) => {
  if (r.url().includes("/api/mails/view/calendar")) calendarCalls.push(r.url());
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, "-")}`);
});

async function shot(name: string) {
  const file = await e.shot(page, name);
  if (SHOTS) await Deno.copyFile(file, `${SHOTS}/${name}.png`);
}

async function cardViolations(p: Page): Promise<string[]> {
  const result = await axe(p).include(".mc-cards").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
}

const card = () => page.getByTestId("mail-invitation");

describe("the invitation card", () => {
  test("an invitation delivered over SMTP shows its card above the body (ko)", async () => {
    await signIn(e, page, "sujin", "cal.test", USER_PASSWORD);
    await page.goto(viewUrl(inviteId));
    await page.getByRole("heading", { name: INVITE, level: 2 }).waitFor();
    await card().waitFor();
    await expect(card().getByRole("heading", { level: 3 }).textContent()).resolves.toBe("4분기 실적 검토 회의");
    const text = await card().textContent();
    expect(text).toContain("일정 초대");
    expect(text).toContain("2026년 12월 3일");
    expect(text).toContain("오전 10:00");
    expect(text).toContain("매주 반복");
    expect(text).toContain("본사 3층 대회의실");
    expect(text).toContain("김민수 <minsu.kim@partner.example>");
    expect(text).toContain("참석자 3명");
    expect(text).toContain("참석 1");
    expect(text).toContain("불참 1");
    expect(text).not.toContain("취소된 일정입니다.");
    await card().getByText("참석자 3명").click();
    await card().getByText("Dana Lee <dana@partner.example>").waitFor();
    expect(await cardViolations(page)).toEqual([]);
    await shot("invitation-ko");
  });

  test("in English and Indonesian", async () => {
    for (const [lng, kind, guests] of [["en", "Invitation", "3 guests"], ["id", "Undangan", "3 tamu"]] as const) {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.goto(viewUrl(inviteId));
      await page.reload();
      await card().waitFor();
      await expect.poll(() => card().textContent()).toContain(kind);
      const text = await card().textContent();
      expect(text).toContain(guests);
      expect(text).toContain(lng === "en" ? "Dec 3, 2026" : "3 Des 2026");
      await card().getByText(guests).click();
      await shot(`invitation-${lng}`);
    }
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
  });

  test("a cancellation is clearly cancelled, in each language", async () => {
    for (const [lng, note] of [["ko", "취소된 일정입니다."], ["en", "This event has been cancelled."], ["id", "Acara ini telah dibatalkan."]] as const) {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.goto(viewUrl(cancelId));
      await page.reload();
      await card().waitFor();
      await card().getByRole("note").filter({ hasText: note }).waitFor();
      expect(await card().getAttribute("class")).toContain("mc-cancelled");
      await shot(`cancelled-${lng}`);
    }
    expect(await cardViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
  });

  test("a reader in another time zone sees their own time and the organiser's", async () => {
    const jakarta = await e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "id-ID", timezoneId: "Asia/Jakarta" });
    const p = await jakarta.newPage();
    p.setDefaultTimeout(10_000);
    try {
      await signIn(e, p, "sujin", "cal.test", USER_PASSWORD);
      await p.evaluate(() => localStorage.setItem("gw.language", "id"));
      await p.goto(viewUrl(inviteId));
      await p.reload();
      const c = p.getByTestId("mail-invitation");
      await c.waitFor();
      await expect.poll(() => c.textContent()).toContain("Undangan");
      const text = await c.textContent();
      expect(text).toContain("Kam, 3 Des 2026 08.00–09.30");
      expect(text).toContain("Waktu penyelenggara: Kam, 3 Des 2026 10.00–11.30 (Korea Standard Time)");
      const file = await e.shot(p, "invitation-id-jakarta");
      if (SHOTS) await Deno.copyFile(file, `${SHOTS}/invitation-id-jakarta.png`);
    } finally {
      await jakarta.close();
    }
  });

  test("a mail without an invitation shows no card and never asks for one", async () => {
    calendarCalls.length = 0;
    await page.goto(viewUrl(plainId));
    await page.reload();
    await page.getByRole("heading", { name: "일반 메일", level: 2 }).waitFor();
    await page.locator(".mr-text").getByText("초대 없음").waitFor();
    expect(await card().count()).toBe(0);
    expect(calendarCalls).toEqual([]);
  });
});
