// Invitations in the browser: the organiser picks a colleague in the dialog's attendee field (the directory
// autocomplete the mail composer uses) and adds an outside address by typing it; the free/busy grid shows the
// colleague's busy time; saving invites both. The colleague sees the event in their month, marked as awaiting
// their answer; the popup says so, and "accept" stores ACCEPTED, which the organiser's popup then shows.
// "Only yourself" is refused as §5 says. A new invitation arrives in the colleague's open month without a
// reload (CALENDAR_CHANGED on /topic/calendar/user/{username} through the shell's websocket).
import { describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("calendar-invite");
const co = await mailCompany(e, "cal-invite.test");
await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCalendar: true } });
const organiser = await co.member("juno");
const guest = await co.member("sora");
await e.t.call("PUT", "/api/users/general", { token: guest.token, form: { accountName: "한소라", personalEmail: "", languageType: "KO" } });

const TZ = "Asia/Seoul";
const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now());
const timeLabel = (min: number) => new Intl.DateTimeFormat("ko", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(min * 60_000);

// The guest is busy 15:00-16:00 today (their own event).
const guestCal = (await e.t.call("GET", "/api/calendar/find", { token: guest.token })).body[0].id;
const busy = await e.t.call("POST", "/api/calendar/event", {
  token: guest.token, json: { calendarId: guestCal, summary: "개인 일정", dtStart: `${today}T15:00`, dtEnd: `${today}T16:00`, timezone: TZ },
});
if (busy.status !== 201) throw new Error(`busy: ${busy.status} ${JSON.stringify(busy.body)}`);

const a = await e.newPage();
const b = await e.newPage();
a.page.setDefaultTimeout(10_000);
b.page.setDefaultTimeout(10_000);

describe("inviting a colleague", () => {
  test("only yourself is refused; a colleague picked from the directory shows their free/busy", async () => {
    await signIn(e, a.page, "juno", co.domain, USER_PASSWORD);
    await signIn(e, b.page, "sora", co.domain, USER_PASSWORD, `/cal/month/${today}`);
    await b.page.locator(".cal-month .cal-item", { hasText: "개인 일정" }).waitFor();

    const p = a.page;
    await p.goto(`${e.base}/#/cal/month/${today}`);
    await p.getByRole("button", { name: "일정 만들기" }).click();
    const dialog = p.getByRole("dialog", { name: "일정 만들기" });
    await dialog.getByRole("textbox", { name: "제목" }).fill("분기 계획 회의");
    await p.getByRole("button", { name: /시작 시간/ }).click();
    await p.getByRole("option", { name: timeLabel(14 * 60), exact: true }).click();
    const field = dialog.getByRole("combobox", { name: "참석자" });
    await field.fill(organiser.username);
    await field.press("Enter");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.getByText("본인만 초대할 수는 없습니다.").waitFor();
    await dialog.getByRole("button", { name: `${organiser.username} 삭제` }).click();

    await field.fill("한소");
    await p.getByRole("option", { name: /한소라/ }).click();
    await dialog.getByRole("list", { name: "초대한 참석자" }).getByText("한소라").waitFor();
    await field.fill("guest@partner.example");
    await field.press("Enter");
    await dialog.getByText("외부", { exact: true }).waitFor();
    // Free/busy: the colleague's row says when they are busy.
    const fb = dialog.getByRole("region", { name: "참석자 일정 확인" });
    await fb.getByText(new RegExp(`한소라: ${timeLabel(15 * 60)}`)).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await fb.scrollIntoViewIfNeeded();
    await e.shot(p, "dialog-attendees");
    await dialog.getByRole("button", { name: "저장" }).click();
    await p.getByText("일정을 등록했습니다.").waitFor();
  });

  test("the colleague sees it in their month, awaiting their answer, and accepts", async () => {
    const item = b.page.locator(".cal-month .cal-item", { hasText: "분기 계획 회의" });
    await b.page.reload();
    await item.waitFor();
    await expect(item.getAttribute("data-awaits")).resolves.toBe("true");
    await e.shot(b.page, "guest-month");
    await item.click();
    const popup = b.page.getByRole("dialog", { name: "분기 계획 회의" });
    await popup.getByText("회원님의 응답을 기다리는 일정입니다.").waitFor();
    await popup.getByText("한소라", { exact: true }).first().waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
    await e.shot(b.page, "guest-popup");
    await popup.getByRole("button", { name: "수락" }).click();
    await b.page.getByText("일정을 수락했습니다.").waitFor();
    await expect.poll(async () => (await item.getAttribute("data-awaits")) ?? "none").toBe("none");

    const ev = (await e.t.call("GET", `/api/calendar/view/${(await e.t.call("GET", "/api/calendar/search?keyword=" + encodeURIComponent("분기 계획"), { token: organiser.token })).body.content[0].id}`, { token: organiser.token })).body;
    const sora = ev.detail.attendees.find((x: { name: string }) => x.name === "한소라");
    expect(sora.partStat).toBe("ACCEPTED");

    await a.page.locator(".cal-month .cal-item", { hasText: "분기 계획 회의" }).click();
    const mine = a.page.getByRole("dialog", { name: "분기 계획 회의" });
    await mine.locator(".cal-attendee", { hasText: "한소라" }).getByText("수락").waitFor();
    await mine.locator(".cal-attendee", { hasText: "guest@partner.example" }).getByText("응답 전").waitFor();
    // The organiser has nothing to answer.
    await expect(mine.getByRole("group", { name: "참석 여부" }).count()).resolves.toBe(0);
    await e.shot(a.page, "organiser-popup");
  });

  test("a new invitation arrives in an open month without a reload", async () => {
    await b.page.goto(`${e.base}/#/cal/month/${today}`);
    await b.page.locator(".cal-month .cal-item", { hasText: "분기 계획 회의" }).waitFor();
    const created = await e.t.call("POST", "/api/calendar/event", {
      token: organiser.token,
      json: {
        calendarId: (await e.t.call("GET", "/api/calendar/find", { token: organiser.token })).body[0].id, summary: "긴급 점검",
        dtStart: `${today}T17:00`, dtEnd: `${today}T18:00`, timezone: TZ, attendees: [{ email: guest.username }],
      },
    });
    expect(created.status).toBe(201);
    const item = b.page.locator(".cal-month .cal-item", { hasText: "긴급 점검" });
    await item.waitFor();
    await expect(item.getAttribute("data-awaits")).resolves.toBe("true");
  });

  test("answering one meeting of a weekly series asks this one or all, and answers that one alone", async () => {
    const calendarId = (await e.t.call("GET", "/api/calendar/find", { token: organiser.token })).body[0].id;
    const created = await e.t.call("POST", "/api/calendar/event", {
      token: organiser.token,
      json: {
        calendarId, summary: "주간 스탠드업", dtStart: `${today}T09:00`, dtEnd: `${today}T09:30`, timezone: TZ,
        attendees: [{ email: guest.username }], recurrence: { freq: "WEEKLY", count: 3 },
      },
    });
    expect(created.status).toBe(201);
    const p = b.page;
    await p.goto(`${e.base}/#/cal/week/${today}`);
    await p.locator(".cal-tg .cal-block", { hasText: "주간 스탠드업" }).click();
    await p.getByRole("dialog", { name: "주간 스탠드업" }).getByRole("button", { name: "거절" }).click();
    const scope = p.getByRole("dialog", { name: "반복 일정 응답" });
    await scope.getByText("이 일정", { exact: true }).click();
    await e.shot(p, "answer-scope");
    await scope.getByRole("button", { name: "확인" }).click();
    await p.getByText("일정을 거절했습니다.").waitFor();
    const tree = (await e.t.call("GET", "/api/calendar/find", { token: guest.token })).body;
    const end = new Date(Date.parse(`${today}T00:00:00Z`) + 21 * 86_400_000).toISOString().slice(0, 10);
    const q = new URLSearchParams({ dtStart: `${today}T00:00:00+09:00`, dtEnd: `${end}T00:00:00+09:00`, timezone: TZ });
    for (const c of tree) q.append("calendars[]", String(c.id));
    const list = (await e.t.call("GET", `/api/calendar/event?${q}`, { token: guest.token })).body
      .filter((x: { name: string }) => x.name === "주간 스탠드업").map((x: { partStat: string }) => x.partStat);
    expect(list).toEqual(["DECLINED", "NEEDS-ACTION", "NEEDS-ACTION"]);
  });
});
