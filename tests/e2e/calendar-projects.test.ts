// Project calendars in the browser (001 §3 type PROJECT, §7 api/calendar/project): the "프로젝트" group of the
// calendar tree with each project's colour and checkbox, its tasks in the month and week views read-only (no
// drag, no resize, a popup without edit or delete), unchecking hides them, the colour dialog, taking a project
// out of the list and choosing it again. The flow module (issue 30) is not built yet: the projects come from a
// small source over a fixed list registered here through registerProjectCalendarSource, as flow will register.
import { afterAll, describe, expect, test } from "vitest";
import { projectDefaultColor } from "../../shared/calendar/projects.ts";
import type { ProjectTaskItem } from "../../server/modules/calendar/projects/source.ts";
import { registerProjectCalendarSource } from "../../server/modules/calendar/projects/source.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("calendar-projects");
const co = await mailCompany(e, "cal-projects.test");
await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCalendar: true, useFlow: true } });
const mina = await co.member("mina");

const TZ = "Asia/Seoul";
const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.now());
const at = (hhmm: string) => new Date(`${today}T${hhmm}:00+09:00`);
const PROJECTS = [{ id: 7, title: "신제품 출시" }, { id: 8, title: "웹사이트" }];
const TASKS: ProjectTaskItem[] = [
  { projectId: 7, taskId: 70, title: "시안 검토", status: "IN_PROGRESS", path: null, isAllDay: true, startDate: today, dueDate: today },
  { projectId: 8, taskId: 80, title: "고객 미팅 준비", status: "REQUESTED", path: "/flow/8/tasks", isAllDay: false, start: at("14:00"), due: at("15:00") },
];
const unregister = registerProjectCalendarSource({
  projectsOf: (ctx) => Promise.resolve(ctx.companyId === mina.companyId && ctx.userId === mina.userId ? PROJECTS : []),
  itemsOf: (_ctx, ids) => Promise.resolve(TASKS.filter((task) => ids.includes(task.projectId))),
});
afterAll(() => unregister());

const { page: p } = await e.newPage();
p.setDefaultTimeout(10_000);
const projects = async () => (await e.t.call("GET", "/api/calendar/project/all", { token: mina.token })).body as { id: number; color: string; isChecked: boolean; isSubscribed: boolean }[];

describe("project calendars", () => {
  test("the projects group lists the user's projects in their colours; their tasks show in the month", async () => {
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, `/cal/month/${today}`);
    const group = p.getByRole("region", { name: "프로젝트" });
    await group.getByRole("checkbox", { name: "신제품 출시" }).waitFor();
    expect(await group.getByRole("checkbox", { name: "신제품 출시" }).isChecked()).toBe(true);
    const color = await group.locator(".cal-tree-item", { hasText: "웹사이트" }).evaluate((el) => getComputedStyle(el).getPropertyValue("--cal-color"));
    expect(color.trim()).toBe(projectDefaultColor(8));
    await p.locator(".cal-month .cal-item", { hasText: "시안 검토" }).waitFor();
    await p.locator(".cal-month .cal-item", { hasText: "고객 미팅 준비" }).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "month");
  });

  test("a task opens read-only: no edit or delete; a task whose route flow gives opens there", async () => {
    await p.locator(".cal-month .cal-item", { hasText: "시안 검토" }).click();
    const dialog = p.getByRole("dialog", { name: /시안 검토/ });
    await dialog.getByText("프로젝트 업무는 캘린더에서 수정할 수 없습니다.").waitFor();
    await dialog.getByText("신제품 출시").waitFor();
    await dialog.getByText("진행").waitFor();
    expect(await dialog.getByRole("button", { name: "수정" }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "삭제" }).count()).toBe(0);
    expect(await dialog.getByRole("link", { name: "업무 열기" }).count()).toBe(0);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "popup");
    await p.keyboard.press("Escape");
    await p.locator(".cal-month .cal-item", { hasText: "고객 미팅 준비" }).click();
    const timed = p.getByRole("dialog", { name: /고객 미팅 준비/ });
    expect(await timed.getByRole("link", { name: "업무 열기" }).getAttribute("href")).toBe("#/flow/8/tasks");
    await p.keyboard.press("Escape");
  });

  test("in the week view a timed task cannot be dragged or resized", async () => {
    await p.goto(`${e.base}/#/cal/week/${today}`);
    const block = p.locator(".cal-tg-col .cal-item", { hasText: "고객 미팅 준비" });
    await block.waitFor();
    expect(await block.locator(".cal-resize").count()).toBe(0);
    const before = await block.evaluate((el) => (el as HTMLElement).style.top);
    const box = (await block.boundingBox())!;
    await p.mouse.move(box.x + box.width / 2, box.y + 5);
    await p.mouse.down();
    await p.mouse.move(box.x + box.width / 2, box.y + 120, { steps: 6 });
    await p.mouse.up();
    expect(await block.evaluate((el) => (el as HTMLElement).style.top)).toBe(before);
    await p.keyboard.press("Escape");
    await p.getByRole("dialog").waitFor({ state: "detached" });
    expect(await block.evaluate((el) => (el as HTMLElement).style.top)).toBe(before);
  });

  test("unchecking a project hides its tasks; its colour changes in the colour dialog", async () => {
    await p.goto(`${e.base}/#/cal/month/${today}`);
    const group = p.getByRole("region", { name: "프로젝트" });
    await group.getByRole("checkbox", { name: "신제품 출시" }).uncheck();
    await p.locator(".cal-month .cal-item", { hasText: "시안 검토" }).waitFor({ state: "detached" });
    await p.locator(".cal-month .cal-item", { hasText: "고객 미팅 준비" }).waitFor();
    await expect.poll(async () => (await projects()).find((x) => x.id === 7)?.isChecked).toBe(false);
    await group.getByRole("checkbox", { name: "신제품 출시" }).check();
    await p.locator(".cal-month .cal-item", { hasText: "시안 검토" }).waitFor();

    await group.getByRole("button", { name: "웹사이트 메뉴" }).click();
    await p.getByRole("menuitem", { name: "색상" }).click();
    const dialog = p.getByRole("dialog", { name: "프로젝트 색상" });
    await dialog.getByRole("radio", { name: /#0b8043/ }).check({ force: true });
    expect(await seriousViolations(p)).toEqual([]);
    await dialog.getByRole("button", { name: "저장" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await projects()).find((x) => x.id === 8)?.color).toBe("#0b8043");
    const item = p.locator(".cal-month .cal-item", { hasText: "고객 미팅 준비" });
    await expect.poll(() => item.evaluate((el) => getComputedStyle(el).getPropertyValue("--ev-color").trim())).toBe("#0b8043");
  });

  test("a project taken out of the list leaves the tree and the views; + lists it again", async () => {
    const group = p.getByRole("region", { name: "프로젝트" });
    await group.getByRole("button", { name: "웹사이트 메뉴" }).click();
    await p.getByRole("menuitem", { name: "목록에서 제거" }).click();
    await group.getByRole("checkbox", { name: "웹사이트" }).waitFor({ state: "detached" });
    await p.locator(".cal-month .cal-item", { hasText: "고객 미팅 준비" }).waitFor({ state: "detached" });
    expect((await projects()).map((x) => [x.id, x.isSubscribed])).toEqual([[7, true], [8, false]]);

    await group.getByRole("button", { name: "표시할 프로젝트 선택" }).click();
    const dialog = p.getByRole("dialog", { name: "캘린더에 표시할 프로젝트" });
    await dialog.getByRole("checkbox", { name: "웹사이트" }).check();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "choose");
    await dialog.getByRole("button", { name: "저장" }).click();
    await group.getByRole("checkbox", { name: "웹사이트" }).waitFor();
    await p.locator(".cal-month .cal-item", { hasText: "고객 미팅 준비" }).waitFor();
  });

  test("a company without flow shows no projects group", async () => {
    await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useFlow: false } });
    await p.reload();
    await p.getByRole("checkbox", { name: "User mina" }).waitFor();
    expect(await p.getByRole("region", { name: "프로젝트" }).count()).toBe(0);
    expect(await p.locator(".cal-month .cal-item", { hasText: "시안 검토" }).count()).toBe(0);
  });
});
