// Flow tasks in a real browser (issue 30): in 웹사이트 개편 김마스 adds the task group 디자인 (미지정, the default
// group, refuses to move: 기본 그룹은 이동할 수 없습니다.), adds a task in LIST, changes its status and its due day,
// and a start after the due is refused with the spec's text; bulk creates three tasks; moves a card to 완료 in
// KANBAN; filters this week (ISO week, the server's clock) with a search word and saves the filter. 이멤버, with
// the list open, sees a task 김마스 adds without a reload; 김마스's side pane shows a filter he saves elsewhere.
// Then the list and a task's panel in English at 390 px and in Indonesian. Console errors fail the test; axe on
// each screen; screenshots under test-results/e2e/flow-tasks/.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { workPages } from "./support/work-pages.ts";
import { speak } from "./support/books.ts";
import type { Lang } from "./support/walk-i18n.ts";
import { flowApi, flowCompany, makeProject, makeTask } from "../flow/support.ts";
import type { FlowTask, TaskBoard } from "../../shared/flow/tasks.ts";

const e = await startE2E("flow-tasks");
const F = await flowCompany(e.t, "flow-tasks.test");
const api = flowApi(e.t);
const project = await makeProject(e.t, F.master, { title: "웹사이트 개편", members: [F.member] });

/** Days of the server clock's ISO week (Monday first, Korean time) as YYYY-MM-DD: offset 0 is Monday. */
function weekDay(offset: number): string {
  const kst = new Date(e.t.clock.now().getTime() + 9 * 3600_000);
  const monday = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate()) - ((kst.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday + offset * 86_400_000).toISOString().slice(0, 10);
}

function tx(lng: Lang = "ko") {
  const root = new URL(`../../web/src/locales/${lng}/`, import.meta.url);
  const base = JSON.parse(readFileSync(new URL("flow.json", root), "utf8"));
  for (const part of ["projects", "members", "tasks", "groups", "filters", "bulk", "panel"]) {
    base[part] = JSON.parse(readFileSync(new URL(`flow/${part}.json`, root), "utf8"));
  }
  base.errors = JSON.parse(readFileSync(new URL("flowErrors.json", root), "utf8")).flow;
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], base);
    if (typeof v !== "string") throw new Error(`no text flow.${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
}
const ko = tx("ko");

const pages = workPages(e, F.co.domain, { timeout: 15_000 });
const open = (loginId: string, path: string, width?: number) => pages.open(path, loginId, width);
const look = pages.look;

const snack = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();
const tasksOf = async () => (await api.ok<TaskBoard>(200, "GET", `projects/${project.id}/tasks/initial`, F.master)).lanes.flatMap((l) => l.tasks);
const taskNamed = async (title: string) => (await tasksOf()).find((x) => x.title === title);

afterAll(() => {
  expect(pages.consoleErrors).toEqual([]);
});

let kim: Page;

describe("flow tasks", () => {
  test("LIST: a group, a task with its status and days (the 409 text), bulk create", async () => {
    kim = await open("kim", `/flow/${project.id}/tasks`);
    await kim.getByRole("heading", { name: "웹사이트 개편", level: 1 }).waitFor();
    await kim.getByRole("heading", { name: ko("groups.default"), level: 2 }).waitFor();

    await kim.getByRole("button", { name: ko("groups.add"), exact: true }).click();
    const add = kim.getByRole("dialog", { name: ko("groups.add") });
    await add.getByRole("textbox", { name: ko("groups.title") }).fill("디자인");
    await add.getByRole("button", { name: ko("groups.create"), exact: true }).click();
    await kim.getByRole("heading", { name: "디자인", level: 2 }).waitFor();

    // The default group stays first.
    await kim.getByRole("button", { name: ko("groups.menuOf", { title: ko("groups.default") }) }).click();
    await kim.getByRole("menuitem", { name: ko("groups.moveDown"), exact: true }).click();
    await snack(kim, ko("errors.default_group_fixed"));

    // A task in 미지정, its status and days.
    await kim.getByRole("textbox", { name: ko("tasks.addTo", { group: ko("groups.default") }) }).fill("메인 페이지 시안");
    await kim.keyboard.press("Enter");
    const title = kim.getByRole("button", { name: "메인 페이지 시안", exact: true });
    await title.waitFor();
    await kim.getByRole("button", { name: new RegExp(`${ko("tasks.statusOf", { title: "메인 페이지 시안" })}$`) }).click();
    await kim.getByRole("option", { name: ko("status.IN_PROGRESS"), exact: true }).click();
    await expect.poll(async () => (await taskNamed("메인 페이지 시안"))?.status).toBe("IN_PROGRESS");
    // A row's day is a button until pressed (LazyDayInput); pressed, the date field takes its place, focused.
    const day = async (key: "tasks.dueOf" | "tasks.startOf", value: string) => {
      const name = ko(key, { title: "메인 페이지 시안" });
      await kim.getByRole("button", { name }).click();
      const field = kim.getByRole("textbox", { name });
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      await field.fill(value);
    };
    await day("tasks.dueOf", weekDay(2));
    await expect.poll(async () => (await taskNamed("메인 페이지 시안"))?.dueDate).toBe(weekDay(2));
    await day("tasks.startOf", weekDay(4));
    await snack(kim, ko("errors.start_after_due"));
    expect((await taskNamed("메인 페이지 시안"))?.startDate).toBeNull();
    await look(kim, "ko-list");

    // Bulk create in 디자인.
    await kim.getByRole("button", { name: ko("bulk.open"), exact: true }).click();
    const bulk = kim.getByRole("dialog", { name: ko("bulk.title") });
    await bulk.getByRole("textbox", { name: ko("bulk.titles") }).fill("로고 수정\n배너 제작\n문구 검토");
    await bulk.getByRole("button", { name: new RegExp(`${ko("bulk.group")}$`) }).click();
    await kim.getByRole("option", { name: "디자인", exact: true }).click();
    await bulk.getByRole("checkbox", { name: "이멤버" }).check();
    await look(kim, "ko-bulk");
    await bulk.getByRole("button", { name: ko("bulk.create"), exact: true }).click();
    await snack(kim, ko("bulk.created_other", { count: 3 }));
    const design = kim.getByRole("region", { name: "디자인" });
    for (const x of ["로고 수정", "배너 제작", "문구 검토"]) await design.getByRole("button", { name: x, exact: true }).waitFor();
    const banner = await taskNamed("배너 제작");
    expect(banner?.assignees.map((a) => a.name)).toEqual(["이멤버"]);
  });

  test("KANBAN: a card moved to 완료 changes its status", async () => {
    await kim.getByRole("link", { name: ko("view.KANBAN") }).click();
    await kim.getByRole("heading", { name: new RegExp(`^${ko("status.REQUESTED")}`) }).waitFor();
    await kim.getByRole("button", { name: "메인 페이지 시안 옮기기" }).click();
    await kim.getByRole("menuitem", { name: ko("status.COMPLETED") }).click();
    await expect.poll(async () => (await taskNamed("메인 페이지 시안"))?.status).toBe("COMPLETED");
    await look(kim, "ko-kanban");
  });

  test("a filter: this week and a search word, saved", async () => {
    await makeTask(e.t, F.master, project.id, { title: "주간 회의록 정리", dueDate: weekDay(3) });
    await makeTask(e.t, F.master, project.id, { title: "월간 회의록 정리", dueDate: weekDay(20) });
    await kim.getByRole("link", { name: ko("view.LIST") }).click();
    await kim.getByRole("button", { name: new RegExp(`${ko("filters.range")}$`) }).click();
    await kim.getByRole("option", { name: ko("filters.rangeType.THIS_WEEK"), exact: true }).click();
    await kim.getByRole("checkbox", { name: ko("filters.includeNoDate") }).uncheck();
    await kim.getByRole("searchbox", { name: ko("filters.search") }).fill("회의록");
    await kim.getByRole("button", { name: ko("filters.searchSubmit"), exact: true }).click();
    await kim.waitForURL(/THIS_WEEK/);
    await kim.getByRole("button", { name: "주간 회의록 정리", exact: true }).waitFor();
    await expect.poll(() => kim.getByRole("button", { name: "월간 회의록 정리", exact: true }).count()).toBe(0);
    await expect.poll(() => kim.getByRole("button", { name: "로고 수정", exact: true }).count()).toBe(0);
    await look(kim, "ko-filtered");

    await kim.getByRole("button", { name: ko("filters.save"), exact: true }).click();
    const save = kim.getByRole("dialog", { name: ko("filters.saveTitle") });
    await save.getByRole("textbox", { name: ko("filters.name") }).fill("이번 주 회의");
    await save.getByRole("button", { name: ko("common.save"), exact: true }).click();
    await snack(kim, ko("filters.saved"));
    await kim.getByRole("navigation", { name: ko("side.label") }).getByRole("link", { name: "이번 주 회의", exact: true }).waitFor();
  });

  test("이멤버 sees a task 김마스 adds without a reload; 김마스's side pane a filter he saves elsewhere", async () => {
    const lee = await open("lee", `/flow/${project.id}/tasks`);
    await lee.getByRole("button", { name: "로고 수정", exact: true }).waitFor();
    await makeTask(e.t, F.master, project.id, { title: "404 페이지 디자인" });
    await lee.getByRole("button", { name: "404 페이지 디자인", exact: true }).waitFor();
    await lee.context().close();
    // Saved from another window or device (FLOW_FOLDERS on his own topic).
    await api.ok(201, "POST", "projects/all/tasks/filters", F.master, { name: "다른 창의 필터", filters: [] });
    await kim.getByRole("navigation", { name: ko("side.label") }).getByRole("link", { name: "다른 창의 필터", exact: true }).waitFor();
    await kim.context().close();
  });

  test("a long list: the first page's 150 tasks, then a group past them loads when scrolled to; all's list too", async () => {
    const big = await makeProject(e.t, F.master, { title: "대형 프로젝트" });
    const later = await api.ok<{ id: number }>(201, "POST", `projects/${big.id}/groups`, F.master, { title: "나중 그룹" });
    for (let n = 0; n < 160; n += 80) {
      await api.ok(201, "POST", `projects/${big.id}/tasks/bulk`, F.master, { titles: Array.from({ length: 80 }, (_, i) => `앞 업무 ${n + i + 1}`) });
    }
    await api.ok(201, "POST", `projects/${big.id}/tasks/bulk`, F.master, { titles: ["뒤 업무 1", "뒤 업무 2"], groupId: later.id });
    const p = await open("kim", `/flow/${big.id}/tasks`);
    await p.getByRole("button", { name: "앞 업무 150", exact: true }).waitFor();
    expect(await p.getByRole("button", { name: "앞 업무 151", exact: true }).count()).toBe(0);
    const lane = p.getByRole("region", { name: "나중 그룹" });
    await lane.getByRole("heading", { name: "나중 그룹" }).scrollIntoViewIfNeeded();
    await lane.getByRole("button", { name: "뒤 업무 2", exact: true }).waitFor();
    // The first group's rest by its 더 보기.
    await p.getByRole("region", { name: ko("groups.default") }).getByRole("button", { name: ko("tasks.more"), exact: true }).click();
    await p.getByRole("button", { name: "앞 업무 160", exact: true }).waitFor();
    // Every project's list: 대형 프로젝트 fills the first page; 웹사이트 개편 loads when scrolled to, and its task
    // opens in the panel though it was not among the first page's rows (the address names its project).
    await p.goto(`${e.base}/#/flow/all/tasks/${encodeURIComponent(JSON.stringify({ filterId: "all" }))}`);
    await p.getByRole("heading", { name: "대형 프로젝트", level: 2 }).waitFor();
    await p.getByRole("heading", { name: "웹사이트 개편", level: 2 }).scrollIntoViewIfNeeded();
    await p.getByRole("button", { name: "로고 수정", exact: true }).click();
    await p.getByRole("dialog", { name: "로고 수정" }).getByText(ko("panel.requester")).waitFor();
    expect(p.url()).toContain(encodeURIComponent(`"taskProjectId":${project.id}`));
    await p.reload();
    await p.getByRole("dialog", { name: "로고 수정" }).getByText(ko("panel.requester")).waitFor();
    await p.context().close();
  });

  async function walk(lng: Lang, width: number) {
    const tr = tx(lng);
    const main = (await taskNamed("메인 페이지 시안")) as FlowTask;
    await speak(e, F.member, lng, "이멤버");
    const p = await open("lee", `/flow/${project.id}/tasks`, width);
    await p.getByRole("heading", { name: tr("groups.default"), level: 2 }).waitFor();
    await p.getByRole("button", { name: "로고 수정", exact: true }).waitFor();
    await look(p, `${lng}-${width}-list`);
    await p.getByRole("button", { name: "메인 페이지 시안", exact: true }).click();
    const panel = p.getByRole("dialog", { name: "메인 페이지 시안" });
    await panel.getByText(tr("panel.requester")).waitFor();
    expect(p.url()).toContain(encodeURIComponent(`"taskId":${main.id}`));
    await look(p, `${lng}-${width}-panel`);
    await p.context().close();
    await speak(e, F.member, "ko", "이멤버");
  }

  test("the list and a task's panel in English at phone width", () => walk("en", 390));
  test("the list and a task's panel in Indonesian", () => walk("id", 1280));
});
