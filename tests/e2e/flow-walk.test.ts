// Flow walked as a new company would (issue 30, R2): what the walk found wrong, kept fixed. 이멤버 reads one
// project (READ) and works in another (MEMBER): on the board of all (filterId all) the READ project's tasks offer
// no status, priority or day changes, no selection (delete, copy, move) and, in KANBAN, no move, while his own
// project's tasks keep them; the server refuses those changes (403 flow.no_permission), so the screen must not
// offer them. The project's tasks appear in the calendar's project calendars. Console errors and failed
// requests fail the test; axe on each screen; screenshots under test-results/e2e/flow-walk/.
import { afterAll, describe, expect, test } from "vitest";
import { startE2E } from "./support/browser.ts";
import { workPages } from "./support/work-pages.ts";
import { flowApi, flowCompany, makeProject, makeTask } from "../flow/support.ts";

const e = await startE2E("flow-walk");
const F = await flowCompany(e.t, "flow-walk.test");
await e.t.call("PUT", "/api/admin/company", { token: F.admin.token, json: { useCalendar: true, useFlow: true } });
const api = flowApi(e.t);
const read = await makeProject(e.t, F.master, { title: "보안 점검", members: [F.member] });
const own = await makeProject(e.t, F.master, { title: "신제품 출시", members: [F.member] });
await api.ok(200, "PUT", `projects/${read.id}/members/authority`, F.master, { memberId: F.member.id, authority: "READ" });
const today = new Date(e.t.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
await makeTask(e.t, F.master, read.id, { title: "방화벽 점검", dueDate: today });
await makeTask(e.t, F.member, own.id, { title: "주간회의 준비", startDate: today, dueDate: today });

const pages = workPages(e, F.co.domain, { timeout: 15_000, failedRequests: true, expected: /(?!)/ });
const errors = pages.consoleErrors;
const open = (loginId: string, path: string, width?: number) => pages.open(path, loginId, width);

const look = pages.look;

const allPath = (action: Record<string, unknown>) => `/flow/all/tasks/${encodeURIComponent(JSON.stringify({ filterId: "all", ...action }))}`;

afterAll(() => {
  expect(errors).toEqual([]);
});

describe("flow walk", () => {
  test("the board of all offers a READ project's tasks no changes, his own project's tasks all of them", async () => {
    const lee = await open("lee", allPath({}));
    await lee.getByRole("button", { name: "방화벽 점검", exact: true }).waitFor();
    await lee.getByRole("button", { name: "주간회의 준비", exact: true }).waitFor();
    // His own project: editable once his authorities have arrived.
    await expect.poll(() => lee.getByRole("button", { name: /주간회의 준비 상태$/ }).isEnabled()).toBe(true);
    await lee.getByRole("checkbox", { name: "주간회의 준비 선택" }).waitFor();
    // The READ project: nothing to change.
    expect(await lee.getByRole("button", { name: /방화벽 점검 상태$/ }).isDisabled()).toBe(true);
    expect(await lee.getByRole("button", { name: "방화벽 점검 시작일" }).isDisabled()).toBe(true);
    expect(await lee.getByRole("checkbox", { name: "방화벽 점검 선택" }).count()).toBe(0);
    await look(lee, "ko-all-list-read");

    await lee.goto(`${e.base}/#${allPath({ viewType: "KANBAN" })}`);
    await lee.getByRole("button", { name: "방화벽 점검", exact: true }).waitFor();
    await lee.getByRole("button", { name: "주간회의 준비 옮기기" }).waitFor();
    expect(await lee.getByRole("button", { name: "방화벽 점검 옮기기" }).count()).toBe(0);
    await look(lee, "ko-all-kanban-read");
    await lee.context().close();
  });

  test("the project's dated tasks in the calendar's project calendars", async () => {
    const lee = await open("lee", "/cal");
    await lee.getByText("주간회의 준비").first().waitFor();
    await look(lee, "ko-calendar");
    await lee.context().close();
  });
});
