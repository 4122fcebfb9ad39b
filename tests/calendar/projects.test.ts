// Project calendars (001 §3 type PROJECT, subscribedProject, §6, §7 api/calendar/project) through the API.
// The flow module (issue 30) is not built yet, so the projects and their tasks come from a small source
// written here (FixedProjects: a fixed list of projects, members and dated tasks in two companies), registered
// through the same registerProjectCalendarSource the flow module will call. Without a source, or with the
// company's useFlow off, a user has no project calendars: all answers [] and a call naming a project 404
// calendar.project_not_found, as for a project of someone else or another company.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { companies } from "../../db/schema/index.ts";
import type { CalendarConfig } from "../../shared/calendar/calendars.ts";
import { type ProjectCalendar, projectDefaultColor, type ProjectEventItem } from "../../shared/calendar/projects.ts";
import {
  type ProjectCalendarContext, type ProjectCalendarSource, type ProjectTaskItem, registerProjectCalendarSource,
} from "../../server/modules/calendar/projects/source.ts";
import { forgetProject } from "../../server/modules/calendar/projects/service.ts";
import { createTestApp } from "../support/test-app.ts";
import { calendarApi, type Co, company, type Member } from "./helpers.ts";

const t = await createTestApp();
const api = calendarApi(t);
let A: Co, B: Co;
let kim: Member, lee: Member, bob: Member;

/** A project of the fixed list: members by login, as the flow module keeps project members. */
interface FixedProject {
  id: number;
  company: "A" | "B";
  title: string;
  members: string[];
}

const PROJECTS: FixedProject[] = [
  { id: 101, company: "A", title: "Launch", members: ["kim", "lee"] },
  { id: 102, company: "A", title: "Website", members: ["kim"] },
  { id: 103, company: "A", title: "Secret", members: ["lee"] },
  { id: 201, company: "B", title: "Other company", members: ["bob"] },
];

const day = (startDate: string | null, dueDate: string | null) => ({ isAllDay: true as const, startDate, dueDate });
const TASKS: ProjectTaskItem[] = [
  { projectId: 101, taskId: 1, title: "Design", status: "IN_PROGRESS", path: null, ...day("2026-03-02", "2026-03-04") },
  {
    projectId: 101, taskId: 2, title: "Review", status: "REQUESTED", path: "/flow/101/tasks",
    isAllDay: false, start: new Date("2026-03-10T01:00:00Z"), due: new Date("2026-03-10T03:00:00Z"),
  },
  { projectId: 101, taskId: 3, title: "Release", status: null, path: null, ...day(null, "2026-03-31") },
  { projectId: 101, taskId: 4, title: "No dates", status: null, path: null, ...day(null, null) },
  { projectId: 101, taskId: 5, title: "Kick-off", status: "COMPLETED", path: null, ...day("2026-02-27", "2026-03-01") },
  { projectId: 101, taskId: 6, title: "April", status: null, path: null, ...day("2026-04-01", "2026-04-02") },
  { projectId: 102, taskId: 7, title: "Copy", status: null, path: null, ...day("2026-03-15", "2026-03-15") },
  { projectId: 103, taskId: 8, title: "Hidden plan", status: null, path: null, ...day("2026-03-05", "2026-03-05") },
  { projectId: 201, taskId: 9, title: "Elsewhere", status: null, path: null, ...day("2026-03-06", "2026-03-06") },
];

/**
 * The in-test source: projectsOf by company and membership, as flow will answer; itemsOf gives every task of
 * the projects asked without looking at the range (the calendar keeps what falls in it), or, with `sloppy`
 * set, every task of every project of every company, to show the calendar keeps only what it asked for.
 */
class FixedProjects implements ProjectCalendarSource {
  sloppy = false;
  calls: { userId: number; projectIds: number[]; from: Date; to: Date }[] = [];
  constructor(private readonly companyOf: (p: FixedProject) => number, private readonly userOf: (login: string) => number) {}
  projectsOf(ctx: ProjectCalendarContext) {
    return Promise.resolve(PROJECTS
      .filter((p) => this.companyOf(p) === ctx.companyId && p.members.some((m) => this.userOf(m) === ctx.userId))
      .map((p) => ({ id: p.id, title: p.title })));
  }
  itemsOf(ctx: ProjectCalendarContext, projectIds: number[], from: Date, to: Date) {
    this.calls.push({ userId: ctx.userId, projectIds, from, to });
    return Promise.resolve(this.sloppy ? TASKS : TASKS.filter((task) => projectIds.includes(task.projectId)));
  }
}

let source: FixedProjects;
let unregister = () => {};

beforeAll(async () => {
  A = await company(t, "cal-projects-a.test");
  B = await company(t, "cal-projects-b.test");
  kim = await A.user("kim");
  lee = await A.user("lee");
  bob = await B.user("bob");
  const users: Record<string, number> = { kim: kim.id, lee: lee.id, bob: bob.id };
  source = new FixedProjects((p) => (p.company === "A" ? A.companyId : B.companyId), (login) => users[login]);
});
afterAll(() => unregister());

const MARCH = { dtStart: "2026-03-01", dtEnd: "2026-04-01" };

const projectsApi = {
  all: async (who: Member) => {
    const r = await api.raw("GET", "/api/calendar/project/all", who);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as ProjectCalendar[];
  },
  events: async (who: Member, json: Record<string, unknown>) => {
    const r = await api.raw("POST", "/api/calendar/project/events", who, json);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as ProjectEventItem[];
  },
  config: async (who: Member) => (await api.raw("GET", "/api/calendar/find/config", who)).body as CalendarConfig,
};

/** The calls that name a project, each naming `id`. */
function namingCalls(id: number | string): [string, string, Record<string, unknown> | undefined][] {
  return [
    ["GET", `/api/calendar/project/${id}`, undefined],
    ["PATCH", "/api/calendar/project/updateTreeStatus", { projectId: id, isChecked: false }],
    ["PUT", "/api/calendar/project/update", { id, color: "#0b8043" }],
    ["PUT", "/api/calendar/project/subscribe", { projectIds: [id] }],
    ["POST", "/api/calendar/project/events", { ...MARCH, projectIds: [id] }],
  ];
}

async function expectNotFound(who: Member, id: number | string) {
  for (const [method, path, json] of namingCalls(id)) {
    const r = await api.raw(method, path, who, json);
    expect([r.status, r.body.code], `${method} ${path} ${JSON.stringify(json)}`).toEqual([404, "calendar.project_not_found"]);
  }
}

describe("without a source (the flow module not registered)", () => {
  test("nobody has project calendars: all answers [], a named project 404, config lists none", async () => {
    expect(await projectsApi.all(kim)).toEqual([]);
    await expectNotFound(kim, 101);
    expect(await projectsApi.events(kim, MARCH)).toEqual([]);
    expect((await projectsApi.config(kim)).subscribedProject).toEqual([]);
  });
});

describe("with a source", () => {
  beforeAll(() => {
    unregister = registerProjectCalendarSource(source);
  });

  test("each user's projects, in the source's order, listed and checked with the default colour", async () => {
    expect(await projectsApi.all(kim)).toEqual([
      { id: 101, type: "PROJECT", title: "Launch", color: projectDefaultColor(101), isChecked: true, isSubscribed: true },
      { id: 102, type: "PROJECT", title: "Website", color: projectDefaultColor(102), isChecked: true, isSubscribed: true },
    ]);
    expect((await projectsApi.all(lee)).map((p) => p.id)).toEqual([101, 103]);
    expect((await projectsApi.all(bob)).map((p) => p.id)).toEqual([201]);
    expect((await api.raw("GET", "/api/calendar/project/102", kim)).body).toMatchObject({ id: 102, title: "Website" });
    expect((await projectsApi.config(kim)).subscribedProject).toEqual([101, 102]);
  });

  test("another member's project or another company's answers as a missing one", async () => {
    const missing = await api.raw("GET", "/api/calendar/project/999", kim);
    for (const id of [103, 201]) {
      const r = await api.raw("GET", `/api/calendar/project/${id}`, kim);
      expect([r.status, r.body]).toEqual([404, missing.body]);
    }
    await expectNotFound(kim, 103); // lee's project
    await expectNotFound(kim, 201); // company B's
    await expectNotFound(bob, 101);
    await expectNotFound(kim, 999);
    const r = await api.raw("GET", "/api/calendar/project/abc", kim);
    expect([r.status, r.body.code]).toEqual([404, "calendar.project_not_found"]);
    // Nothing was stored for them.
    expect((await projectsApi.all(lee)).find((p) => p.id === 103)).toMatchObject({ isChecked: true, isSubscribed: true, color: projectDefaultColor(103) });
  });

  test("the items of the checked projects in the range: all-day by their days, timed by their instants, read-only", async () => {
    source.calls = [];
    const items = await projectsApi.events(kim, MARCH);
    expect(items.map((i) => [i.id, i.start, i.end, i.isAllDay])).toEqual([
      ["project_101_5", "2026-02-27", "2026-03-01", true],
      ["project_101_1", "2026-03-02", "2026-03-04", true],
      ["project_101_2", "2026-03-10T01:00:00.000Z", "2026-03-10T03:00:00.000Z", false],
      ["project_102_7", "2026-03-15", "2026-03-15", true],
      ["project_101_3", "2026-03-31", "2026-03-31", true], // only a due date: that day
    ]);
    expect(items[2]).toMatchObject({
      type: "PROJECT", projectId: 101, taskId: 2, calendarId: 101, eventId: 2, name: "Review", status: "REQUESTED",
      path: "/flow/101/tasks", editable: false, isRecurring: false, partStat: null, awaitsAction: false,
      startForOrdering: Date.parse("2026-03-10T01:00:00Z"),
    });
    expect(items[0].startForOrdering).toBe(Date.parse("2026-02-26T15:00:00Z")); // midnight in Seoul
    // The source was asked for kim's two projects, a day more on each side of the range.
    expect(source.calls).toEqual([{
      userId: kim.id, projectIds: [101, 102],
      from: new Date("2026-02-27T15:00:00Z"), to: new Date("2026-04-01T15:00:00Z"),
    }]);
    // The same days in another zone: a day's tasks by that zone's midnight.
    const ny = await projectsApi.events(kim, { dtStart: "2026-03-02", dtEnd: "2026-03-03", timezone: "America/New_York" });
    expect(ny.map((i) => i.id)).toEqual(["project_101_1"]);
    expect(ny[0].startForOrdering).toBe(Date.parse("2026-03-02T05:00:00Z"));
    // A range ending where a task starts does not hold it; one starting on its last day does.
    expect((await projectsApi.events(kim, { dtStart: "2026-03-05", dtEnd: "2026-03-10T10:00:00" })).map((i) => i.id)).toEqual([]);
    expect((await projectsApi.events(kim, { dtStart: "2026-03-04", dtEnd: "2026-03-05" })).map((i) => i.id)).toEqual(["project_101_1"]);
  });

  test("only the user's projects and only what was asked, even from a source giving more; nothing across companies", async () => {
    source.sloppy = true;
    try {
      const ids = (await projectsApi.events(kim, MARCH)).map((i) => i.id);
      expect(ids).not.toContain("project_103_8");
      expect(ids).not.toContain("project_201_9");
      expect(ids.filter((id) => id.startsWith("project_101_") || id.startsWith("project_102_"))).toEqual(ids);
      expect((await projectsApi.events(bob, MARCH)).map((i) => i.id)).toEqual(["project_201_9"]);
      expect((await projectsApi.events(lee, { ...MARCH, projectIds: [103] })).map((i) => i.id)).toEqual(["project_103_8"]);
      expect(await projectsApi.events(kim, { ...MARCH, projectIds: [] })).toEqual([]);
    } finally {
      source.sloppy = false;
    }
  });

  test("colour per user (update), checked per project (updateTreeStatus): unchecked projects give no items", async () => {
    const c = await api.raw("PUT", "/api/calendar/project/update", kim, { id: 101, color: "#33B679" });
    expect([c.status, c.body]).toEqual([200, { id: 101, type: "PROJECT", title: "Launch", color: "#33b679", isChecked: true, isSubscribed: true }]);
    expect((await projectsApi.all(kim))[0].color).toBe("#33b679");
    expect((await projectsApi.all(lee))[0].color).toBe(projectDefaultColor(101)); // lee's own stays

    const off = await api.raw("PATCH", "/api/calendar/project/updateTreeStatus", kim, { projectId: 102, isChecked: false });
    expect([off.status, off.body.isChecked, off.body.color]).toEqual([200, false, projectDefaultColor(102)]);
    expect((await projectsApi.events(kim, MARCH)).every((i) => i.projectId === 101)).toBe(true);
    // Named explicitly, an unchecked project's items come (the tree shows them again without a new call).
    expect((await projectsApi.events(kim, { ...MARCH, projectIds: [102] })).map((i) => i.id)).toEqual(["project_102_7"]);
    // A form sends the flag as text.
    const on = await t.call("PATCH", "/api/calendar/project/updateTreeStatus", { token: kim.token, form: { projectId: 102, isChecked: "true" } });
    expect([on.status, on.body.isChecked]).toEqual([200, true]);
    expect((await projectsApi.events(kim, MARCH)).some((i) => i.projectId === 102)).toBe(true);
    expect((await projectsApi.all(lee)).every((p) => p.isChecked)).toBe(true);
  });

  test("subscribe: exactly the projects listed in the tree; the others give no items and leave subscribedProject", async () => {
    const r = await api.raw("PUT", "/api/calendar/project/subscribe", kim, { projectIds: [102] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body as ProjectCalendar[]).map((p) => [p.id, p.isSubscribed])).toEqual([[101, false], [102, true]]);
    expect((await projectsApi.config(kim)).subscribedProject).toEqual([102]);
    expect((await projectsApi.events(kim, MARCH)).map((i) => i.id)).toEqual(["project_102_7"]);
    // Its colour was kept while it was out of the tree.
    const back = await api.raw("PUT", "/api/calendar/project/subscribe", kim, { projectIds: [102, 101, 101] });
    expect((back.body as ProjectCalendar[]).map((p) => [p.id, p.isSubscribed, p.color])).toEqual([[101, true, "#33b679"], [102, true, projectDefaultColor(102)]]);
    expect((await projectsApi.config(kim)).subscribedProject).toEqual([101, 102]);
    expect((await projectsApi.config(lee)).subscribedProject).toEqual([101, 103]);
  });

  test("bad input answers 400 with its code", async () => {
    const bad: [string, string, unknown, string][] = [
      ["POST", "events", {}, "calendar.time_invalid"],
      ["POST", "events", { dtStart: "2026-03-01", dtEnd: "yesterday" }, "calendar.time_invalid"],
      ["POST", "events", { dtStart: "2026-02-30", dtEnd: "2026-03-02" }, "calendar.time_invalid"],
      ["POST", "events", { dtStart: "2026-03-02", dtEnd: "2026-03-01" }, "calendar.start_after_end"],
      ["POST", "events", { dtStart: "2026-01-01", dtEnd: "2026-06-01" }, "calendar.range_too_long"],
      ["POST", "events", { ...MARCH, timezone: "Mars/Olympus" }, "calendar.timezone_invalid"],
      ["POST", "events", { ...MARCH, projectIds: ["x"] }, "common.validation"],
      ["POST", "events", { ...MARCH, projectIds: Array.from({ length: 501 }, (_, i) => i + 1) }, "common.validation"],
      ["POST", "events", { ...MARCH, timezone: "Asia/Seoul\u0000" }, "common.validation"],
      ["PUT", "update", { id: 101 }, "calendar.color_invalid"],
      ["PUT", "update", { id: 101, color: "red" }, "calendar.color_invalid"],
      ["PUT", "update", { id: 101, color: "#33b679\u0000" }, "common.validation"],
      ["PUT", "update", { color: "#33b679" }, "common.validation"],
      ["PATCH", "updateTreeStatus", { projectId: 101, isChecked: "maybe" }, "common.validation"],
      ["PATCH", "updateTreeStatus", { projectId: -1, isChecked: true }, "common.validation"],
      ["PUT", "subscribe", {}, "common.validation"],
      ["PUT", "subscribe", { projectIds: [101, "1\u00002"] }, "common.validation"],
      ["PUT", "subscribe", [101], "common.validation"],
    ];
    for (const [method, path, json, code] of bad) {
      const r = await api.raw(method, `/api/calendar/project/${path}`, kim, json);
      expect([r.status, r.body.code], `${path} ${JSON.stringify(json)}`).toEqual([400, code]);
    }
    expect((await projectsApi.all(kim)).map((p) => [p.id, p.color, p.isChecked, p.isSubscribed]))
      .toEqual([[101, "#33b679", true, true], [102, projectDefaultColor(102), true, true]]);
  });

  test("useFlow off: no project calendars, even with a source; the other company keeps its own", async () => {
    await t.db.db.update(companies).set({ useFlow: false }).where(eq(companies.id, A.companyId));
    try {
      expect(await projectsApi.all(kim)).toEqual([]);
      expect(await projectsApi.events(kim, MARCH)).toEqual([]);
      expect((await projectsApi.config(kim)).subscribedProject).toEqual([]);
      await expectNotFound(kim, 101);
      expect((await projectsApi.all(bob)).map((p) => p.id)).toEqual([201]);
    } finally {
      await t.db.db.update(companies).set({ useFlow: true }).where(eq(companies.id, A.companyId));
    }
    // The user's choices were kept meanwhile.
    expect((await projectsApi.all(kim))[0]).toMatchObject({ id: 101, color: "#33b679" });
  });

  test("the calendar's own gate: sign-in and useCalendar", async () => {
    expect((await t.call("GET", "/api/calendar/project/all")).status).toBe(401);
    await t.db.db.update(companies).set({ useCalendar: false }).where(eq(companies.id, A.companyId));
    try {
      for (const [method, path, json] of [["GET", "/api/calendar/project/all", undefined], ...namingCalls(101)] as const) {
        const r = await api.raw(method, path, kim, json);
        expect([r.status, r.body.code], path).toEqual([403, "calendar.disabled"]);
      }
    } finally {
      await t.db.db.update(companies).set({ useCalendar: true }).where(eq(companies.id, A.companyId));
    }
  });

  test("a deleted project's states go (forgetProject, for the flow module)", async () => {
    await forgetProject(t.db.db, A.companyId, 101);
    expect((await projectsApi.all(kim))[0]).toMatchObject({ id: 101, color: projectDefaultColor(101), isChecked: true });
  });

  test("a failing source fails the project calls, not the calendar's config", async () => {
    const failing = registerProjectCalendarSource({
      projectsOf: () => Promise.reject(new Error("flow is down")),
      itemsOf: () => Promise.reject(new Error("flow is down")),
    });
    try {
      const r = await api.raw("GET", "/api/calendar/project/all", kim);
      expect([r.status, r.body.code]).toEqual([500, "common.500"]);
      const config = await api.raw("GET", "/api/calendar/find/config", kim);
      expect([config.status, config.body.subscribedProject]).toEqual([200, []]);
    } finally {
      failing();
      unregister = registerProjectCalendarSource(source);
    }
    expect((await projectsApi.all(kim)).map((p) => p.id)).toEqual([101, 102]);
  });

  test("unregistered again: no project calendars", async () => {
    unregister();
    expect(await projectsApi.all(kim)).toEqual([]);
    await expectNotFound(kim, 102);
  });
});
