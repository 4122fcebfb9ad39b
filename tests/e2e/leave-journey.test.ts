// Leave's Done-when in real browsers (issue 27): 김사원 applies for an afternoon half day in /leave/application
// and sees it pending; his team lead 박팀장 approves it under 승인 대기 in another browser,
// and rejects 김사원's request for a day of 보상휴가, listed under his name; 김사원's open dashboard
// shows it approved and his annual balance 0.5 lower through realtime, without a reload; the calendar shows the
// leave; HR (한인사) downloads the 연차휴가대장 and the test reads 0.5 used back with exceljs. Then 김사원 applies
// for a full day from the calendar's event dialog, and it shows in the calendar waiting. The server's clock is
// set to a Tuesday (the browser picks its dates by typing them); screenshots under test-results/e2e/leave-journey/.
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { downloadBytes, seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { leaveApi, leaveCompany, seoul, setCompanyFlag } from "../leave/support.ts";
import { PW } from "../share/share-helpers.ts";
import { login } from "../support/test-app.ts";

const DAY = "2026-06-16"; // a Tuesday without a holiday
const e = await startE2E("leave-journey");
e.t.clock.set(seoul(DAY, "09:00"));
const L = await leaveCompany(e.t, "leave-journey.test");
await setCompanyFlag(e.t, L.admin, "useCalendar", true);
await setCompanyFlag(e.t, L.admin, "useLeave", true);
const api = leaveApi(e.t);
await api.ok(200, "POST", "hr/leaves/accrual/run", L.hr);

async function open(loginId: string, path: string): Promise<Page> {
  const { page } = await e.newPage();
  page.setDefaultTimeout(12_000);
  await signIn(e, page, loginId, L.co.domain, PW, path);
  return page;
}

async function choose(p: Page, label: string, option: string) {
  await p.getByRole("button", { name: new RegExp(`${label}$`) }).click();
  await p.getByRole("option", { name: option, exact: true }).click();
}

const remaining = (p: Page) => p.locator(".lv-card-annual .lv-card-num").textContent();

describe("leave", () => {
  test("a half day applied, approved by the manager, shown in the dashboard, the calendar and the ledger", async () => {
    const k = await open("kim", "/leave");
    await k.waitForURL(new RegExp(`#/leave/members/${L.employee.id}$`));
    await k.getByRole("heading", { level: 1, name: "내 휴가" }).waitFor();
    const before = Number(await remaining(k));
    expect(before).toBeGreaterThan(0);
    expect(await seriousViolations(k)).toEqual([]);
    await e.shot(k, "dashboard-before");

    await k.getByRole("navigation", { name: "휴가 메뉴" }).getByRole("link", { name: "휴가 신청", exact: true }).click();
    await k.getByRole("heading", { level: 1, name: "휴가 신청" }).waitFor();
    await k.getByText("박팀장").waitFor(); // the approver
    // A full-day range over 추석 (09-24..26) and a weekend: the form shows the server's count, not the weekdays (5).
    await k.getByLabel("시작일").fill("2026-09-23");
    await k.getByLabel("종료일").fill("2026-09-29");
    await expect.poll(() => k.locator(".lv-summary div").first().textContent(), { timeout: 3000 }).toBe("사용 일수3일");
    await choose(k, "사용 단위", "반차");
    await k.getByLabel("날짜", { exact: true }).fill(DAY);
    await choose(k, "오전/오후", "오후 (14:00–18:00)");
    await k.getByRole("textbox", { name: "제목" }).fill("병원 진료");
    await expect.poll(() => k.locator(".lv-summary").textContent(), { timeout: 3000 }).toContain("0.5일");
    expect(await seriousViolations(k)).toEqual([]);
    await e.shot(k, "application");
    await k.getByRole("button", { name: "신청", exact: true }).click();
    await k.waitForURL(new RegExp(`#/leave/members/${L.employee.id}$`));
    const row = k.locator(".lv-table tr", { hasText: "병원 진료" });
    await row.getByText("승인 대기").waitFor();
    await e.shot(k, "pending");

    // The half day starts at 14:00: once it has started and is approved, it counts as used.
    e.t.clock.set(seoul(DAY, "15:00"));
    const m = await open("park", "/leave/pending");
    await m.getByRole("link", { name: "김사원" }).waitFor();
    expect(await seriousViolations(m)).toEqual([]);
    await e.shot(m, "manager-pending");
    await m.getByRole("button", { name: "김사원 연차 승인" }).click();
    const dialog = m.getByRole("dialog", { name: "휴가 승인" });
    await dialog.getByRole("textbox", { name: "의견" }).fill("쾌차하세요");
    await dialog.getByRole("button", { name: "승인", exact: true }).click();
    await m.getByText("승인을 기다리는 휴가 신청이 없습니다.").waitFor();
    // A request for days (보상휴가) names who asks, not only the type.
    const kimNow = { token: (await login(e.t, L.employee.username, PW)).access_token }; // the set-up's token has expired by now
    const comp = await api.templateNamed(kimNow, "보상휴가");
    await api.ok(201, "POST", "leaves/allocations", kimNow, { templateId: comp.id, reason: "주말 근무", validFrom: DAY, validTo: "2026-12-31", granted: 1 });
    await m.reload();
    const request = m.locator(".lv-list-item", { hasText: "주말 근무" });
    await request.getByRole("link", { name: "김사원", exact: true }).waitFor();
    await request.getByText("보상휴가 · 1일", { exact: false }).waitFor();
    await request.getByRole("button", { name: "김사원 보상휴가 반려" }).click();
    await m.getByRole("dialog", { name: "휴가 반려" }).getByRole("button", { name: "반려", exact: true }).click();
    await m.getByText("승인을 기다리는 부여 신청이 없습니다.").waitFor();
    await m.context().close();

    // 김사원's dashboard, still open: approved and half a day less, through LEAVE_CHANGED.
    await row.getByText("승인", { exact: true }).waitFor();
    await expect.poll(async () => Number(await remaining(k)), { timeout: 10_000 }).toBe(before - 0.5);
    await e.shot(k, "approved");

    // Another member's dashboard by its address: refused plainly (no "님의 휴가" without a name, no retry that
    // cannot help).
    await k.goto(`${e.base}/#/leave/members/${L.colleague.id}`);
    await k.getByText("이 구성원의 휴가를 보거나 변경할 권한이 없습니다.").waitFor();
    expect(await k.locator(".lv-title").textContent()).toBe("휴가");
    expect(await k.getByRole("button", { name: "다시 시도" }).count()).toBe(0);

    await k.goto(`${e.base}/#/cal/week/${DAY}`);
    await k.locator('.cal-item[data-leave="CONFIRMED"]').first().waitFor();
    await k.getByRole("button", { name: /휴가 · 승인됨/ }).first().waitFor();
    await e.shot(k, "calendar");
    await k.context().close();

    const h = await open("han", "/leave/setting");
    await h.getByRole("tab", { name: "보고서" }).click();
    await h.getByLabel("시작일").fill("2026-01-01");
    await h.getByLabel("종료일").fill("2026-12-31");
    expect(await seriousViolations(h)).toEqual([]);
    await e.shot(h, "reports");
    const [download] = await Promise.all([h.waitForEvent("download"), h.getByRole("button", { name: "Excel로 내려받기" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await downloadBytes(download)).buffer as ArrayBuffer);
    const sheet = wb.worksheets[0];
    let header: string[] = [];
    let kim: unknown[] | null = null;
    sheet.eachRow((r) => {
      const values = (r.values as unknown[]).slice(1).map((v) => (v && typeof v === "object" && "result" in v ? (v as { result: unknown }).result : v));
      if (values.includes("성명")) header = values.map(String);
      else if (header.length && values.includes("김사원")) kim = values;
    });
    expect(header).toContain("사용");
    expect(kim, "김사원's row").not.toBeNull();
    expect(Number(kim![header.indexOf("사용")])).toBe(0.5);
    await h.context().close();
  });

  test("a full day applied from the calendar's event dialog shows waiting in the calendar", async () => {
    const k = await open("kim", `/cal/week/${DAY}`);
    await k.getByRole("button", { name: "일정 만들기" }).first().click();
    const dialog = k.getByRole("dialog");
    await dialog.getByText("휴가", { exact: true }).click();
    expect(await dialog.getByRole("radio", { name: "휴가" }).isChecked()).toBe(true);
    await dialog.getByLabel("시작일").fill("2026-06-18");
    await dialog.getByLabel("종료일").fill("2026-06-18");
    await dialog.getByRole("textbox", { name: "제목" }).fill("가족 행사");
    await expect.poll(() => dialog.locator(".lv-summary").textContent(), { timeout: 3000 }).toContain("1일");
    expect(await seriousViolations(k)).toEqual([]);
    await e.shot(k, "calendar-dialog");
    await dialog.getByRole("button", { name: "휴가 신청" }).click();
    await dialog.waitFor({ state: "detached" });
    await k.locator('.cal-item[data-leave="READY"]').first().waitFor();
    await k.getByRole("button", { name: /휴가 · 승인 대기/ }).first().waitFor();
    await e.shot(k, "calendar-waiting");
    // The next application: the last one's "휴가를 신청했습니다" goes as soon as the form changes, and is not shown
    // beside this one's date error (a Saturday alone counts no day).
    const applied = k.locator(".snack-success", { hasText: "휴가를 신청했습니다" });
    await applied.waitFor();
    await k.getByRole("button", { name: "일정 만들기" }).first().click();
    const next = k.getByRole("dialog");
    await next.getByText("휴가", { exact: true }).click();
    await next.getByLabel("시작일").fill("2026-06-20");
    await next.getByLabel("종료일").fill("2026-06-20");
    await applied.waitFor({ state: "detached", timeout: 1000 });
    await next.getByRole("button", { name: "휴가 신청" }).click();
    await next.locator(".lv-form-error").waitFor();
    expect(await applied.count()).toBe(0);
    await k.keyboard.press("Escape");
    await next.waitFor({ state: "detached" });
    // The own dashboard lists it: a full day, waiting.
    await k.goto(`${e.base}/#/leave`);
    const row = k.locator(".lv-table tr", { hasText: "가족 행사" });
    await row.getByText("승인 대기").waitFor();
    expect(await row.getByText("종일", { exact: true }).count()).toBe(1);
    await k.context().close();
  });
});
