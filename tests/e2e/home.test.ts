// The home dashboard in the browser (issue 32), one journey of 이팀장 (Korean), an approver of the approval
// cast: the welcome splash goes; the widgets show what was made through the API (a mail, today's event, a
// document waiting for his approval); a mail arriving changes the mail widget live (realtime, no reload); the
// quick booking books the free meeting room for the next hour; he
// unlocks the grid, moves the mail widget with the keyboard (and the mouse), resizes it (Shift + arrow and a button), adds a clock
// from the catalogue and removes it, and resets to the default; adds a bookmark (an address that is not http(s)
// refused), edits and deletes it; the notepad saves after typing stops and is there after a reload. The admin
// removes the clock from the company's default layout, which a new colleague then gets. At phone width the
// widgets stack in one column; axe-clean in each state; the dashboard in English and Indonesian.
// Screenshots: test-results/e2e/home/.
import { describe, expect } from "vitest";
import type { DashboardConfig, DefaultLayout } from "../../shared/home/api.ts";
import { journeySteps, seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs } from "./support/books.ts";
import { approvalSetup, PW } from "./support/approval.ts";
import { build, file } from "./support/mail.ts";
import { signInDirect } from "./support/login-page.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";

const e = await startE2E("home");
const domain = "home-e2e.test";
const { A, submit } = await approvalSetup(e, domain);
await apiAs(e, A.admin)("PUT", "/api/admin/company", { useHome: true, useCalendar: true, useResource: true });
await apiAs(e, A.admin)("POST", "/api/resource/admin/resources", { type: "MEETING_ROOM", name: "대회의실", capacity: 10 });
const lee = A.planLead;
const asLee = apiAs(e, lee);
const leeWho = { companyId: A.co.companyId, userId: lee.id, username: lee.username, token: lee.token };
const mailTo = (subject: string) =>
  file(e.t, leeWho, build({ from: "김기안 <kim@example.com>", to: lee.username, subject, text: "확인 부탁드립니다." }), { notify: { username: lee.username } });

// A mail, an event today (in the calendar's zone, Asia/Seoul) and a document waiting for lee's approval.
await mailTo("3분기 실적 보고");
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Seoul", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
const calendars = await asLee<{ id: number }[]>("GET", "/api/calendar/find");
await asLee("POST", "/api/calendar/event", { calendarId: calendars[0].id, timezone: "Asia/Seoul", summary: "주간 팀 회의", dtStart: `${today}T00:00`, dtEnd: `${today}T23:59` });
await submit("사내 교육 품의");

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
await signInDirect(page, e.base, { loginId: "lee", domain, password: PW }, "/home");

async function clean() {
  expect(await seriousViolations(page)).toEqual([]);
}

const step = journeySteps(e, { failed: page });

const widget = (i: string) => page.locator(`article[data-widget="${i}"]`);
const config = () => asLee<DashboardConfig>("GET", "/api/users/dashboard/config");
const placed = async (i: string) => (await config()).widgets.find((w) => w.i === i);

describe("home dashboard", () => {
  step("the splash goes; the widgets show the mail, today's event and the document waiting; a new mail arrives live", async () => {
    await page.locator(".hm-splash").waitFor({ state: "detached" });
    await widget("mail-1").getByRole("link", { name: /3분기 실적 보고/ }).waitFor();
    await widget("mail-1").getByText("안 읽은 메일 1통").waitFor();
    await widget("cal-1").getByRole("link", { name: /주간 팀 회의/ }).waitFor();
    await widget("approval-1").getByRole("link", { name: /사내 교육 품의/ }).waitFor();
    await widget("etc-1").locator("time").waitFor();
    await e.shot(page, "ko-dashboard");
    await clean();

    await mailTo("긴급: 계약서 검토");
    await widget("mail-1").getByRole("link", { name: /긴급: 계약서 검토/ }).waitFor();
    await widget("mail-1").getByText("안 읽은 메일 2통").waitFor();

    // The quick booking takes the free meeting room from now for an hour; it is among his next bookings.
    const booking = widget("etc-2");
    await booking.getByRole("button", { name: "한 시간 예약" }).click();
    await page.getByText("지금부터 한 시간 동안 예약했습니다.").waitFor();
    await booking.getByRole("list", { name: "다가오는 내 예약" }).getByRole("link").first().waitFor();
    await booking.getByText("앞으로 한 시간 동안 빈 회의실이 없습니다.").waitFor();
    await e.shot(page, "ko-booked");
  });

  step("unlocked: the mail widget moves and grows by keyboard and buttons; a clock is added and removed; reset", async () => {
    await page.getByRole("button", { name: "배치 편집" }).click();
    const handle = page.getByRole("button", { name: "메일 옮기기" });
    await handle.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await placed("mail-1"))?.x).toBe(3);
    expect(await handle.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Shift+ArrowDown");
    await expect.poll(async () => (await placed("mail-1"))?.h).toBe(5);
    await page.getByRole("button", { name: "메일 좁게" }).click();
    await expect.poll(async () => (await placed("mail-1"))?.w).toBe(3);
    await e.shot(page, "ko-editing");
    await clean();

    await page.getByRole("button", { name: "위젯 추가" }).click();
    const catalogue = page.getByRole("dialog", { name: "위젯 추가" });
    await clean();
    await catalogue.getByRole("button", { name: "시계 추가" }).click();
    await widget("etc-1-2").waitFor();
    await expect.poll(async () => (await config()).widgets.some((w) => w.i === "etc-1-2")).toBe(true);
    await widget("etc-1-2").getByRole("button", { name: "시계 삭제" }).click();
    await widget("etc-1-2").waitFor({ state: "detached" });
    await expect.poll(async () => (await config()).widgets.some((w) => w.i === "etc-1-2")).toBe(false);

    await page.getByRole("button", { name: "기본값으로 되돌리기" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "기본값으로 되돌리기" }).click();
    await expect.poll(async () => (await config()).defaultLayout).toBe(true);
    await expect.poll(() => widget("mail-1").evaluate((el) => getComputedStyle(el).gridColumnStart)).toBe("1");

    // Dragged by its handle three columns to the right (pointer events), the mail widget swaps with today's events.
    const grid = (await page.locator(".hm-grid-cells").boundingBox())!;
    const grip = (await page.getByRole("button", { name: "메일 옮기기" }).boundingBox())!;
    const column = (grid.width + 12) / 12;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2 + 3 * column, grip.y + grip.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => [(await placed("mail-1"))?.x, (await placed("cal-1"))?.x]).toEqual([3, 0]);
    await page.getByRole("button", { name: "완료" }).click();
  });

  step("bookmarks: added (not a javascript: address), edited, deleted; the notepad saves and stays", async () => {
    const panel = page.getByRole("region", { name: "즐겨찾기" });
    await panel.getByRole("button", { name: "추가" }).click();
    const add = page.getByRole("dialog", { name: "즐겨찾기 추가" });
    await add.getByRole("textbox", { name: "이름" }).fill("사내 위키");
    await add.getByRole("textbox", { name: "주소" }).fill("javascript:alert(1)");
    await add.getByRole("button", { name: "저장" }).click();
    await add.getByText("http:// 또는 https://로 시작하는 웹 주소를 입력하세요.").waitFor();
    await clean();
    await add.getByRole("textbox", { name: "주소" }).fill("https://wiki.example.com/");
    await add.getByRole("button", { name: "저장" }).click();
    await panel.getByRole("link", { name: "사내 위키" }).waitFor();
    expect(await panel.getByRole("link", { name: "사내 위키" }).getAttribute("href")).toBe("https://wiki.example.com/");

    await panel.getByRole("button", { name: "사내 위키 수정" }).click();
    const edit = page.getByRole("dialog", { name: "즐겨찾기 수정" });
    await edit.getByRole("textbox", { name: "이름" }).fill("팀 위키");
    await edit.getByRole("button", { name: "저장" }).click();
    await panel.getByRole("link", { name: "팀 위키" }).waitFor();
    expect((await config()).bookmarks.map((b) => b.title)).toEqual(["팀 위키"]);
    await panel.getByRole("button", { name: "팀 위키 삭제" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
    await panel.getByText("즐겨찾기가 없습니다.").waitFor();
    expect((await config()).bookmarks).toEqual([]);

    const notes = page.getByRole("textbox", { name: "메모" });
    await notes.fill("금요일까지 예산안 검토");
    await page.getByRole("region", { name: "메모장" }).getByText(/저장됨/).waitFor();
    await e.shot(page, "ko-bookmarks-notepad");
    await clean();
    await page.reload();
    await expect.poll(() => page.getByRole("textbox", { name: "메모" }).inputValue()).toBe("금요일까지 예산안 검토");
  });

  step("at phone width the widgets stack in one column", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await widget("cal-1").waitFor();
    const left = async (i: string) => (await widget(i).boundingBox())!.x;
    expect(await left("cal-1")).toBe(await left("mail-1"));
    expect(await left("etc-1")).toBe(await left("mail-1"));
    await page.getByRole("button", { name: "배치 편집" }).click();
    expect(await page.getByRole("button", { name: "메일 옮기기" }).count()).toBe(0);
    await e.shot(page, "ko-phone-editing");
    await clean();
    await page.getByRole("button", { name: "완료" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  for (const [lng, t] of [
    ["en", { mail: "Mail", unread: "2 unread mails", notepad: "Notepad", edit: "Edit layout" }],
    ["id", { mail: "Email", unread: "2 email belum dibaca", notepad: "Catatan", edit: "Ubah tata letak" }],
  ] as const) {
    step(`${lng}: the dashboard`, async () => {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.reload();
      await widget("mail-1").getByRole("heading", { name: t.mail }).waitFor();
      await widget("mail-1").getByText(t.unread).waitFor();
      await page.getByRole("region", { name: t.notepad }).waitFor();
      await page.getByRole("button", { name: t.edit }).click();
      await e.shot(page, `${lng}-editing`);
      await clean();
    });
  }

  step("the admin's default layout without the clock is what a new colleague gets", async () => {
    await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
    await signInDirect(page, e.base, { loginId: A.admin.username.split("@")[0], domain, password: ADMIN_PASSWORD }, "/admin/home");
    await page.getByRole("heading", { name: "홈 대시보드 기본 배치", level: 2 }).waitFor();
    await page.getByText("제품 기본 배치").waitFor();
    await page.getByRole("button", { name: "배치 편집" }).click();
    await page.getByRole("button", { name: "시계 삭제" }).click();
    await page.getByText("회사가 정한 기본 배치").waitFor();
    await e.shot(page, "ko-admin-default");
    await clean();
    const saved = await apiAs(e, A.admin)<DefaultLayout>("GET", "/api/admin/dashboard/default");
    expect(saved.custom).toBe(true);
    expect(saved.widgets.some((w) => w.component === "etc-1")).toBe(false);
    const newbie = await A.co.user("newbie");
    const got = await apiAs(e, newbie)<DashboardConfig>("GET", "/api/users/dashboard/config");
    expect(got.defaultLayout).toBe(true);
    expect(got.widgets.some((w) => w.component === "etc-1")).toBe(false);
    expect(got.widgets.some((w) => w.component === "mail-1")).toBe(true);
  });
});
