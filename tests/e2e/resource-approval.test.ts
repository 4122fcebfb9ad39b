// Resource booking's approval in two browsers (issue 26): a member books a camera that needs the admin's yes (the
// block is marked pending), the admin approves it under "waiting for my approval", and the member's open grid shows
// it confirmed through realtime, without a reload; with nothing left waiting, the admin's side pane still offers
// "waiting for my approval" (they approve the camera) and the member's does not. Then the member's screens in en
// at 390 px (drawer, grid scrolled sideways, dialog) with axe; screenshots under test-results/e2e/resource-approval/.
import { describe, expect, test } from "vitest";
import type { AdminResource } from "../../shared/resource/resources.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import { strings } from "./support/walk-i18n.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";

const e = await startE2E("resource-approval");
const co = await mailCompany(e, "resource-approval.test");
await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useResource: true, useCalendar: true } });
const mina = await co.member("mina");
const add = async (body: Record<string, unknown>) => {
  const r = await e.t.call("POST", "/api/resource/admin/resources", { token: co.admin.token, json: body });
  if (r.status !== 201) throw new Error(`resource: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as AdminResource;
};
await add({ type: "EQUIPMENT", name: "4K 카메라", needsApproval: true, approverId: co.admin.userId, capacity: null, location: "장비실", description: "삼각대 포함" });
await add({ type: "MEETING_ROOM", name: "소회의실", status: "REPAIR", capacity: 4 });
const tomorrow = new Date(e.t.clock.now().getTime() + 9 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
const todaySeoul = () => new Date(e.t.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);

describe("approval", () => {
  test("the approver approves; the booker sees it confirmed without reloading", async () => {
    const { page: m } = await e.newPage();
    m.setDefaultTimeout(12_000);
    await signIn(e, m, "mina", co.domain, USER_PASSWORD, `/resource/${tomorrow}/ALL`);
    const grid = m.getByRole("grid");
    await grid.getByText("수리 중").waitFor();
    // Keyboard: the grid's one tab stop, arrows to the camera's 14:00, Enter opens the dialog with that slot.
    const cameraRow = grid.getByRole("row").filter({ has: m.getByRole("button", { name: "4K 카메라 정보", exact: true }) });
    await cameraRow.locator('[data-slot="16"]').focus();
    for (let i = 0; i < 12; i++) await m.keyboard.press("ArrowRight");
    await m.keyboard.press("Enter");
    const dialog = m.getByRole("dialog", { name: "자원 예약" });
    await dialog.getByRole("textbox", { name: "제목" }).fill("제품 촬영");
    await expect.poll(() => dialog.getByRole("button", { name: /시작 시간$/ }).textContent(), { timeout: 3000 }).toContain("14:00");
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    await cameraRow.locator('[data-slot="28"][aria-label*="승인 대기"]').waitFor();
    expect(await seriousViolations(m)).toEqual([]);
    await e.shot(m, "pending");

    const { page: a } = await e.newPage();
    a.setDefaultTimeout(12_000);
    await signIn(e, a, "admin", co.domain, ADMIN_PASSWORD, `/resource/${tomorrow}/ALL`);
    await a.getByRole("link", { name: /승인 대기/ }).click();
    await a.getByText("제품 촬영").waitFor();
    expect(await seriousViolations(a)).toEqual([]);
    await e.shot(a, "approvals");
    await a.getByRole("button", { name: "'제품 촬영' 승인" }).click();
    await a.getByText("승인을 기다리는 예약이 없습니다.").waitFor();

    // The booker's grid, still open: confirmed, and told so.
    await cameraRow.locator('[data-slot="28"][aria-label*="예약 확정"]').waitFor();
    await m.getByText("예약이 승인되었습니다.").waitFor();
    await e.shot(m, "confirmed");

    // With nothing waiting, the approver's side pane still offers "waiting for my approval" (the camera's
    // approverOf); the booker's does not. Today's grid is the list the side pane reads, so once it shows, the
    // pane knows.
    const today = todaySeoul();
    for (const [page, approver] of [[a, true], [m, false]] as const) {
      await page.goto(`${e.base}/#/resource/${today}/ALL`);
      await page.getByRole("grid").getByRole("button", { name: "4K 카메라 정보", exact: true }).waitFor();
      const side = page.getByRole("navigation", { name: "예약 메뉴" });
      await side.getByRole("link", { name: "내 예약", exact: true }).waitFor();
      await expect.poll(() => side.getByRole("link", { name: "승인 대기", exact: true }).count(), { timeout: 3000 }).toBe(approver ? 1 : 0);
    }
    await e.shot(a, "approver-side-pane");
    await a.context().close();
    await m.context().close();
  });

  test("the member's screens in en at 390 px", async () => {
    const tr = strings("en");
    await speak(e, mina, "en");
    const { page: p } = await e.newPage({ width: 390, height: 844 });
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, `/resource/${tomorrow}/ALL`);
    await p.getByRole("grid").getByText(tr("resource:resourceStatus.REPAIR")).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "phone-grid");
    await p.getByRole("button", { name: tr("resource:side.open") }).click();
    const drawer = p.getByRole("dialog", { name: tr("resource:side.label") });
    await drawer.getByRole("link", { name: tr("resource:side.mine") }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "phone-drawer");
    await drawer.getByRole("link", { name: tr("resource:side.mine") }).click();
    await p.getByRole("heading", { name: tr("resource:side.mine") }).waitFor();
    await p.getByText("제품 촬영").waitFor();
    await e.shot(p, "phone-mine");
    await p.goto(`${e.base}/#/resource/${tomorrow}/ALL?range=week`);
    await p.getByRole("table").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "phone-week");
    await p.getByRole("button", { name: tr("resource:side.quick") }).click();
    const dialog = p.getByRole("dialog", { name: tr("resource:dialog.saveTitle") });
    await dialog.getByRole("textbox", { name: tr("resource:dialog.title") }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "phone-dialog");
    await p.context().close();
  });
});
