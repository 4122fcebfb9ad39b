// The leave island's screens in ko, en and id at desktop width and at 390 px (issue 27): the own dashboard, the
// drawer on phones, the application, the members dashboard and the settings (policy, leave types), seen by HR
// (한인사) — each checked with axe and for text cut off or past the screen's edge, and kept as a screenshot under
// test-results/e2e/leave-screens/.
import { describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import { overflowing } from "./support/drive-screens.ts";
import { type Lang, strings } from "./support/walk-i18n.ts";
import { leaveApi, leaveCompany, seoul, setCompanyFlag } from "../leave/support.ts";
import { PW } from "../share/share-helpers.ts";

const e = await startE2E("leave-screens");
e.t.clock.set(seoul("2026-06-16", "09:00"));
const L = await leaveCompany(e.t, "leave-screens.test");
await setCompanyFlag(e.t, L.admin, "useLeave", true);
const api = leaveApi(e.t);
await api.ok(200, "POST", "hr/leaves/accrual/run", L.hr);
const annual = await api.annualOf(L.hr);
const sick = await api.templateNamed(L.hr, "병가");
await api.grant(L.hr, L.hr.id, sick.id, 3, "2026-01-01", "2026-12-31");
await api.ok(201, "POST", "leaves/usages", L.hr, {
  templateId: annual.id, startDate: "2026-06-18", endDate: "2026-06-19", unit: "FULL_DAY", summary: "여름 휴가 가족 여행 (제주도 3박 4일 일정 중 이틀)", reason: "",
});
await api.ok(201, "POST", "leaves/usages", L.employee, { templateId: annual.id, startDate: "2026-06-22", endDate: "2026-06-22", unit: "HALF_DAY", startTime: "09:00" });

async function walk(lng: Lang, width: number) {
  const tr = strings(lng);
  const tag = `${lng}-${width}`;
  const phone = width < 600;
  await speak(e, L.hr, lng, "한인사");
  const { context, page: p } = await e.newPage({ width, height: phone ? 844 : 800 });
  p.setDefaultTimeout(12_000);
  async function look(name: string, scope?: string) {
    expect(await seriousViolations(p), `${tag} ${name}`).toEqual([]);
    expect(await overflowing(p, scope), `${tag} ${name}`).toEqual([]);
    await e.shot(p, `${tag}-${name}`);
  }
  await signIn(e, p, "han", L.co.domain, PW, "/leave");
  await p.getByRole("heading", { level: 1, name: tr("leave:dashboard.mine") }).waitFor();
  await p.locator(".lv-card-annual").waitFor();
  await p.getByText("여름 휴가 가족 여행", { exact: false }).waitFor();
  // Numbers of days in words of the language ("0 days used", not "0 d used").
  await p.locator(".lv-card-custom").getByText(tr("leave:balance.usedDays_other", { days: 0 }), { exact: true }).first().waitFor();
  if (lng === "en") expect(tr("leave:balance.usedDays_other", { days: 0 })).toBe("0 days used");
  await look("dashboard");

  if (phone) {
    await p.getByRole("button", { name: tr("leave:side.open") }).click();
    const drawer = p.getByRole("dialog", { name: tr("leave:side.label") });
    await drawer.getByRole("link", { name: tr("leave:side.setting") }).waitFor();
    await look("drawer", "[role=dialog]");
    await drawer.getByRole("link", { name: tr("leave:side.application"), exact: true }).click();
    await drawer.waitFor({ state: "detached" });
  } else {
    await p.getByRole("navigation", { name: tr("leave:side.label") }).getByRole("link", { name: tr("leave:side.application"), exact: true }).click();
  }
  await p.getByRole("heading", { level: 1, name: tr("leave:side.application") }).waitFor();
  await p.getByText("최본부").waitFor();
  await look("application");

  await p.goto(`${e.base}/#/leave/members`);
  await p.getByRole("heading", { level: 1, name: tr("leave:side.members") }).waitFor();
  await p.getByRole("link", { name: "김사원" }).waitFor();
  await look("members");

  await p.goto(`${e.base}/#/leave/pending`);
  await p.getByRole("heading", { level: 1, name: tr("leave:side.pending") }).waitFor();
  await p.locator(".lv-note").waitFor(); // HR: the company's count
  // …and the company's pending items themselves: 김사원's half day (박팀장 decides) and 한인사's own (최본부 decides)
  const companyPending = p.getByRole("region", { name: tr("leave:pending.companyTitle_other", { count: 2 }) });
  await companyPending.getByRole("link", { name: "김사원" }).waitFor();
  await companyPending.getByText(tr("leave:pending.waitsFor", { name: "박팀장" })).waitFor();
  await look("pending");

  await p.goto(`${e.base}/#/leave/setting`);
  await p.getByRole("heading", { level: 1, name: tr("leave:side.setting") }).waitFor();
  await p.getByRole("switch", { name: tr("leave:policy.promotion") }).waitFor();
  // "run now" on the policy tab, beside the basis, with what it did (everything was granted at set-up)
  await p.getByRole("button", { name: tr("leave:accrual.run") }).click();
  await p.getByText(tr("leave:accrual.result", { granted: 0, expired: 0 }), { exact: true }).waitFor();
  await look("settings-policy");
  await p.getByRole("tab", { name: tr("leave:settings.tab.templates") }).click();
  await p.getByRole("button", { name: tr("leave:template.add") }).waitFor();
  await p.locator(".lv-template").nth(1).waitFor();
  await look("settings-types");
  await p.getByRole("button", { name: tr("leave:template.add") }).click();
  await p.getByRole("dialog", { name: tr("leave:template.newTitle") }).waitFor();
  await look("template-dialog");
  await context.close();
}

describe("the leave island's screens", () => {
  for (const lng of ["ko", "en", "id"] as const) {
    test(`${lng} at desktop width`, () => walk(lng, 1280));
    test(`${lng} at 390 px`, () => walk(lng, 390));
  }
});
