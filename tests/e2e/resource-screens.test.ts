// Resource booking's screens in ko, en and id at desktop width (1280) and at 390 px (issue 26): the member's day
// grid (with a resource's card), the week table, the booking dialogs (a new weekly booking, the change of one's
// own, someone else's read only), my bookings, waiting for my approval (the member approves the van), the drawer on
// phones, and the admin's resources page with its dialog — each checked with axe, for text cut off or past the
// screen's edge (overflowing()) and for text running out of its table cell (spilling()), and kept as a screenshot
// under test-results/e2e/resource-screens/. In ko at desktop width also: the side pane offers only the types that
// have resources, and the address of a type without any falls back to ALL.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import type { AdminResource, BookingCreated, ResourceTypeInfo } from "../../shared/resource/resources.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { apiAs, speak } from "./support/books.ts";
import { overflowing } from "./support/drive-screens.ts";
import { type Lang, strings } from "./support/walk-i18n.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";

const e = await startE2E("resource-screens");
const co = await mailCompany(e, "resource-screens.test");
const asAdmin = apiAs(e, co.admin);
await asAdmin("PUT", "/api/admin/company", { useResource: true, useCalendar: true });
const mina = await co.member("mina");
const budi = await co.member("budi");
await speak(e, budi, "ko", "박부디");

const camera = await asAdmin<ResourceTypeInfo>("POST", "/api/resource/admin/types", { name: "촬영 장비 및 방송 설비" });
const drones = await asAdmin<ResourceTypeInfo>("POST", "/api/resource/admin/types", { name: "드론" }); // no resources
const add = (body: Record<string, unknown>) => asAdmin<AdminResource>("POST", "/api/resource/admin/resources", body);
const room = await add({
  type: "MEETING_ROOM", name: "대회의실 (본관 3층 동쪽 끝, 화상 회의 장비 완비)", location: "본관 3층", capacity: 12,
  description: "화상 회의 장비와 빔 프로젝터가 있습니다. 사용 후 장비 전원을 꺼 주세요.", sortOrder: 1,
});
await add({ type: "MEETING_ROOM", name: "소회의실", status: "REPAIR", capacity: 4, sortOrder: 2 });
const van = await add({ type: "CAR", name: "업무용 승합차 (12인승)", needsApproval: true, approverId: mina.userId, location: "지하 2층 주차장", sortOrder: 3 });
await add({ type: camera.code, name: "4K 카메라", bookerScope: "SELECTED", bookerUserIds: [budi.userId], sortOrder: 4 });

const seoulDay = (days: number) => new Date(e.t.clock.now().getTime() + 9 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
const tomorrow = seoulDay(1);
const book = (who: typeof mina, body: Record<string, unknown>) =>
  apiAs(e, who)<BookingCreated>("POST", "/api/resource/book", { startDate: tomorrow, endDate: tomorrow, ...body });
const OWN = "주간 회의: 하반기 사업 계획과 예산 검토";
const OTHERS = "고객사 제품 시연";
const VISIT = "거래처 방문 (판교 테크노밸리)";
await book(mina, { resourceId: room.id, startTime: "10:00", endTime: "11:30", title: OWN });
await book(budi, { resourceId: room.id, startTime: "13:00", endTime: "14:00", title: OTHERS });
await book(mina, { resourceId: van.id, startTime: "08:00", endTime: "09:00", title: "공항 픽업" }); // the approver's own: confirmed
await book(budi, { resourceId: van.id, startTime: "13:00", endTime: "15:30", title: VISIT }); // waits for mina

/**
 * Text running out of its table cell or row header over the next one: overflowing() sees only boxes that clip,
 * and a cell shows what spills. Booking blocks and the week's "book" buttons sit on the cells on purpose.
 */
async function spilling(p: Page): Promise<string[]> {
  return await p.evaluate(() => {
    const out: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>("th, td, [role=rowheader], [role=columnheader]")) {
      const c = cell.getBoundingClientRect();
      for (const el of cell.querySelectorAll<HTMLElement>("span, button, a")) {
        let placed = false;
        for (let a: HTMLElement | null = el; a && a !== cell; a = a.parentElement) placed ||= getComputedStyle(a).position === "absolute";
        const r = el.getBoundingClientRect();
        if (!placed && r.width && (r.right > c.right + 1 || r.left < c.left - 1)) out.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").trim().slice(0, 40)}"`);
      }
    }
    return [...new Set(out)];
  });
}

/** Picks an option of a react-aria select by the select's label. */
async function choose(p: Page, scope: ReturnType<Page["getByRole"]>, label: string, option: string) {
  await scope.getByRole("button", { name: new RegExp(`${label}$`) }).click();
  await p.getByRole("listbox").waitFor();
  await p.getByRole("option", { name: option, exact: true }).click();
}

async function walk(lng: Lang, width: number) {
  const tr = strings(lng);
  const tag = `${lng}-${width}`;
  const phone = width < 600;
  await speak(e, mina, lng);
  await speak(e, co.admin, lng, "김관리");
  const { context, page: p } = await e.newPage({ width, height: phone ? 844 : 800 });
  p.setDefaultTimeout(12_000);
  async function look(name: string, scope?: string) {
    expect(await seriousViolations(p), `${tag} ${name}`).toEqual([]);
    expect(await overflowing(p, scope), `${tag} ${name}`).toEqual([]);
    expect(await spilling(p), `${tag} ${name}`).toEqual([]);
    await e.shot(p, `${tag}-${name}`);
  }
  /** The side pane: the navigation beside the grid, or on phones the drawer, opened. */
  async function side() {
    if (!phone) return p.getByRole("navigation", { name: tr("resource:side.label") });
    await p.getByRole("button", { name: tr("resource:side.open") }).click();
    return p.getByRole("dialog", { name: tr("resource:side.label") });
  }
  async function escape(name: string) {
    await p.keyboard.press("Escape");
    await p.getByRole("dialog", { name, exact: true }).waitFor({ state: "detached" });
  }

  await signIn(e, p, "mina", co.domain, USER_PASSWORD, `/resource/${tomorrow}/ALL`);
  const grid = p.getByRole("grid");
  await grid.locator(".rs-block", { hasText: OWN }).waitFor();
  await grid.getByText(tr("resource:grid.notAllowed"), { exact: true }).waitFor();
  await look("day");

  if (!phone && lng === "ko") {
    // The types offered are those with resources; an address of a type without any goes to ALL.
    const nav = await side();
    const typeLinks = nav.getByRole("list").first().getByRole("link");
    await expect.poll(() => typeLinks.allTextContents(), { timeout: 5000 })
      .toEqual(["전체", "회의실2", "차량1", "촬영 장비 및 방송 설비1"]);
    await p.goto(`${e.base}/#/resource/${tomorrow}/${drones.code}`);
    await p.waitForURL(new RegExp(`#/resource/${tomorrow}/ALL$`));
    await p.goto(`${e.base}/#/resource/${tomorrow}/EQUIPMENT?range=week`);
    await p.waitForURL(new RegExp(`#/resource/${tomorrow}/ALL\\?range=week$`));
    await p.goto(`${e.base}/#/resource/${tomorrow}/${camera.code}`);
    await grid.getByRole("button", { name: tr("resource:info.open", { name: "4K 카메라" }), exact: true }).waitFor();
    expect(p.url()).toMatch(new RegExp(`#/resource/${tomorrow}/${camera.code}$`));
    await p.goto(`${e.base}/#/resource/${tomorrow}/ALL`);
    await grid.locator(".rs-block", { hasText: OWN }).waitFor();
  }

  if (phone) {
    const drawer = await side();
    await drawer.getByRole("link", { name: tr("resource:side.mine") }).waitFor();
    await look("drawer", "[role=dialog]");
    await p.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
  }

  // The van's card: the member approves its bookings.
  await grid.getByRole("button", { name: tr("resource:info.open", { name: van.name }), exact: true }).click();
  const card = p.getByRole("dialog", { name: van.name });
  await card.getByText(tr("resource:info.approvalYou"), { exact: true }).waitFor();
  await look("card", "[role=dialog]");
  await escape(van.name);

  // Someone else's booking, read only; one's own, to change.
  await grid.locator(".rs-block", { hasText: OTHERS }).click();
  await p.getByRole("dialog", { name: OTHERS }).getByText("박부디", { exact: false }).waitFor();
  await look("view", "[role=dialog]");
  await escape(OTHERS);
  await grid.locator(".rs-block", { hasText: OWN }).click();
  const change = p.getByRole("dialog", { name: tr("resource:dialog.updateTitle") });
  await expect.poll(() => change.getByRole("textbox", { name: tr("resource:dialog.title") }).inputValue(), { timeout: 5000 }).toBe(OWN);
  await look("dialog-update", "[role=dialog]");
  await escape(tr("resource:dialog.updateTitle"));

  // A new booking, repeating weekly (the dialog at its fullest).
  await p.getByRole("button", { name: tr("resource:side.quick") }).click();
  const dialog = p.getByRole("dialog", { name: tr("resource:dialog.saveTitle") });
  await dialog.getByRole("textbox", { name: tr("resource:dialog.title") }).waitFor();
  await choose(p, dialog, tr("resource:dialog.repeat"), tr("resource:repeat.WEEKLY"));
  await dialog.getByLabel(tr("resource:dialog.until"), { exact: true }).waitFor();
  await dialog.getByRole("button", { name: tr("resource:dialog.save"), exact: true }).click();
  await dialog.getByText(tr("resource:dialog.titleRequired")).waitFor();
  await look("dialog-new", "[role=dialog]");
  await escape(tr("resource:dialog.saveTitle"));

  // The week.
  await p.getByRole("navigation", { name: tr("resource:toolbar.range") }).getByRole("link", { name: tr("resource:toolbar.week"), exact: true }).click();
  await p.waitForURL(/\?range=week$/);
  await p.getByRole("table").getByRole("button", { name: new RegExp(VISIT.replace(/[()]/g, "\\$&")) }).waitFor();
  await look("week");

  // My bookings and the approvals through the side pane.
  let nav = await side();
  await nav.getByRole("link", { name: tr("resource:side.mine") }).click();
  await p.getByRole("heading", { level: 1, name: tr("resource:side.mine") }).waitFor();
  await p.getByRole("button", { name: new RegExp(`^${OWN}`) }).waitFor();
  await look("mine");
  nav = await side();
  await nav.getByRole("link", { name: new RegExp(`^${tr("resource:side.approvals")}`) }).click();
  await p.getByRole("heading", { level: 1, name: tr("resource:side.approvals") }).waitFor();
  await p.getByRole("button", { name: tr("resource:approval.rejectOne", { title: VISIT }), exact: true }).click();
  const reject = p.getByRole("dialog", { name: tr("resource:approval.rejectTitle", { title: VISIT }) });
  await reject.getByRole("textbox", { name: tr("resource:approval.reason") }).fill("차량 점검 일정과 겹칩니다.");
  await look("reject", "[role=dialog]");
  await escape(tr("resource:approval.rejectTitle", { title: VISIT }));
  await look("approvals");
  await context.close();

  // The admin's resources page and a resource's dialog.
  const admin = await e.newPage({ width, height: phone ? 844 : 800 });
  const a = admin.page;
  a.setDefaultTimeout(12_000);
  await signIn(e, a, "admin", co.domain, ADMIN_PASSWORD, "/admin/resources");
  await a.getByRole("heading", { name: tr("admin:section.resources"), exact: true }).waitFor();
  await a.getByRole("button", { name: room.name, exact: true }).waitFor();
  await a.getByText(tr("admin/resources:types.title"), { exact: true }).waitFor();
  await a.getByText("드론", { exact: true }).waitFor(); // every type, those without resources too
  expect(await seriousViolations(a), `${tag} admin`).toEqual([]);
  expect(await overflowing(a), `${tag} admin`).toEqual([]);
  expect(await spilling(a), `${tag} admin`).toEqual([]);
  await e.shot(a, `${tag}-admin`);
  await a.getByRole("button", { name: van.name, exact: true }).click();
  const edit = a.getByRole("dialog", { name: tr("admin/resources:form.editTitle") });
  await edit.getByRole("textbox", { name: tr("admin/resources:form.name") }).waitFor();
  expect(await seriousViolations(a), `${tag} admin-dialog`).toEqual([]);
  expect(await overflowing(a, "[role=dialog]"), `${tag} admin-dialog`).toEqual([]);
  await e.shot(a, `${tag}-admin-dialog`);
  await admin.context.close();
}

describe("resource booking's screens", () => {
  for (const lng of ["ko", "en", "id"] as const) {
    test(`${lng} at desktop width`, () => walk(lng, 1280));
    test(`${lng} at 390 px`, () => walk(lng, 390));
  }
});
