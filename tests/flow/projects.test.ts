// Flow projects (shared/flow/projects.ts): POST projects (the creator MASTER, JOINED, a favourite; the default
// group; a colour in turn), PUT (MASTER/ADMIN), DELETE (the MASTER; 409 flow.members_exist; the calendar's
// states of it go), GET projects/my (JOINED, paging), projects/all (filters), projects/{id} (the FlowProject
// shape: members, counts, the caller's authority, state and favourite); bad input 400 common.validation,
// another company's and non-numeric ids 404 flow.project_not_found, flow switched off 403 flow.disabled.
import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import type { FlowProject } from "../../shared/flow/projects.ts";
import type { Page } from "../../shared/paging.ts";
import { createTestApp } from "../support/test-app.ts";
import { type FlowCompany, flowCast, makeProject, setFlow } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];

beforeAll(async () => {
  ({ A, B, api } = await flowCast(t, "flow-projects"));
});

test("POST projects: the creator is MASTER and JOINED, the project is a favourite, it has its default group", async () => {
  const p = await api.ok<FlowProject>(201, "POST", "projects", A.master, {
    title: "  홈페이지 개편 ",
    description: "2분기",
    privateStatus: 1,
    mainViewTab: "KANBAN",
  });
  expect(p).toMatchObject({
    title: "홈페이지 개편",
    description: "2분기",
    privateStatus: 1,
    favoriteStatus: 1,
    mainViewTab: "KANBAN",
    memberCount: 1,
    myAuthority: "MASTER",
    myState: "JOINED",
    taskCount: 0,
  });
  expect(p.color).toMatch(/^#[0-9a-f]{6}$/);
  expect(p.sortOrder).toBeGreaterThan(0);
  expect(typeof p.createdTime).toBe("number");
  expect(p.members).toEqual([{
    userId: A.master.id,
    name: "김마스",
    email: A.master.email,
    authority: "MASTER",
    state: "JOINED",
    joinRequestTimeMillis: expect.any(Number),
  }]);
  const groups = await t.deps.db.execute<{ title: string; is_default: boolean; sort_order: string }>(
    sql`select title, is_default, sort_order from flow_groups where project_id = ${p.id}`,
  );
  expect(groups.map((g) => ({ ...g }))).toEqual([{ title: "default", is_default: true, sort_order: "a0" }]);
});

test("POST projects: colours come from the palette in turn unless one is given; defaults are public LIST", async () => {
  const a = await api.ok<FlowProject>(201, "POST", "projects", A.other, { title: "색 하나" });
  const b = await api.ok<FlowProject>(201, "POST", "projects", A.other, { title: "색 둘" });
  expect(a.color).not.toBe(b.color);
  expect(a).toMatchObject({ privateStatus: 0, mainViewTab: "LIST", description: "" });
  const c = await api.ok<FlowProject>(201, "POST", "projects", A.other, { title: "색 셋", color: "#ABCDEF" });
  expect(c.color).toBe("#abcdef");
  // the favourites' order follows creation
  expect(b.sortOrder).toBeGreaterThan(a.sortOrder);
});

test("POST projects: bad input answers 400 common.validation", async () => {
  for (const bad of [{}, { title: "" }, { title: "   " }, { title: "x".repeat(101) }, { title: "a", privateStatus: 2 }, { title: "a", mainViewTab: "GRID" }, { title: "a", color: "red" }, { title: "a", description: "x".repeat(1001) }]) {
    await api.fails(400, "common.validation", "POST", "projects", A.master, bad);
  }
});

test("GET projects/{id}: any person of the company sees it; members with names; taskCount counts top-level tasks", async () => {
  const p = await makeProject(t, A.master, { title: "세는 프로젝트", members: [A.member] });
  const [g] = await t.deps.db.execute<{ id: string }>(sql`select id from flow_groups where project_id = ${p.id}`);
  const ins = async (parent: number | null, n: number) => {
    const [r] = await t.deps.db.execute<{ id: string }>(sql`insert into flow_tasks (company_id, project_id, group_id, parent_id, title,
      list_sort_order, kanban_sort_order, registration_order, created_at, updated_at)
      values (${A.co.companyId}, ${p.id}, ${g.id}, ${parent}, ${"업무" + n}, ${"a" + n}, ${"a" + n}, ${n}, now(), now()) returning id`);
    return Number(r.id);
  };
  const top = await ins(null, 1);
  await ins(null, 2);
  await ins(top, 3);
  const seen = await api.ok<FlowProject>(200, "GET", `projects/${p.id}`, A.other);
  expect(seen).toMatchObject({ taskCount: 2, memberCount: 2, myAuthority: null, myState: null, favoriteStatus: 0, sortOrder: 0 });
  expect(seen.members.map((m) => [m.name, m.authority, m.state])).toEqual([["김마스", "MASTER", "JOINED"], ["이멤버", "MEMBER", "JOINED"]]);
  const mine = await api.ok<FlowProject>(200, "GET", `projects/${p.id}`, A.member);
  expect(mine).toMatchObject({ myAuthority: "MEMBER", myState: "JOINED", favoriteStatus: 1 });
});

test("GET projects/{id}: another company's, a missing and a non-numeric id answer 404 flow.project_not_found", async () => {
  const p = await makeProject(t, A.master, { title: "남의 회사" });
  await api.fails(404, "flow.project_not_found", "GET", `projects/${p.id}`, B.master);
  await api.fails(404, "flow.project_not_found", "GET", "projects/999999999", A.master);
  await api.fails(404, "flow.project_not_found", "GET", "projects/abc", A.master);
  await api.fails(404, "flow.project_not_found", "GET", "projects/0", A.master);
  await api.fails(404, "flow.project_not_found", "PUT", `projects/${p.id}`, B.master, { title: "x" });
  await api.fails(404, "flow.project_not_found", "DELETE", `projects/${p.id}`, B.master);
});

test("PUT projects/{id}: MASTER and ADMIN change it; MEMBER, READ and outsiders 403", async () => {
  const p = await makeProject(t, A.master, { title: "바꿀 것", members: [A.member, A.other] });
  const changed = await api.ok<FlowProject>(200, "PUT", `projects/${p.id}`, A.master, { title: "바뀐 것", privateStatus: 1, mainViewTab: "KANBAN", color: "#112233" });
  expect(changed).toMatchObject({ title: "바뀐 것", privateStatus: 1, mainViewTab: "KANBAN", color: "#112233", myAuthority: "MASTER" });
  await api.fails(403, "flow.no_permission", "PUT", `projects/${p.id}`, A.member, { title: "멤버가" });
  await api.ok(200, "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: A.member.id, authority: "ADMIN" });
  const byAdmin = await api.ok<FlowProject>(200, "PUT", `projects/${p.id}`, A.member, { title: "관리자가" });
  expect(byAdmin).toMatchObject({ title: "관리자가", privateStatus: 0, color: "#112233" });
  await api.ok(200, "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: A.other.id, authority: "READ" });
  await api.fails(403, "flow.no_permission", "PUT", `projects/${p.id}`, A.other, { title: "읽기가" });
  await api.fails(400, "common.validation", "PUT", `projects/${p.id}`, A.master, { title: "" });
  const outsider = await makeProject(t, A.other, { title: "남의 것" });
  await api.fails(403, "flow.not_member", "PUT", `projects/${outsider.id}`, A.master, { title: "x" });
});

test("DELETE projects/{id}: the MASTER only, 409 flow.members_exist while anyone else is JOINED; tasks and calendar states go", async () => {
  const p = await makeProject(t, A.master, { title: "지울 것", members: [A.member] });
  await api.fails(403, "flow.no_permission", "DELETE", `projects/${p.id}`, A.member);
  await api.fails(409, "flow.members_exist", "DELETE", `projects/${p.id}`, A.master);
  await api.ok(204, "DELETE", `projects/${p.id}/leave`, A.member);
  // an INVITED person does not hold it back
  await api.ok(201, "POST", `projects/${p.id}/members/invite`, A.master, { userIds: [A.other.id] });
  const [g] = await t.deps.db.execute<{ id: string }>(sql`select id from flow_groups where project_id = ${p.id}`);
  await t.deps.db.execute(sql`insert into flow_tasks (company_id, project_id, group_id, title, list_sort_order, kanban_sort_order,
    registration_order, created_at, updated_at) values (${A.co.companyId}, ${p.id}, ${g.id}, '업무', 'a0', 'a0', 1, now(), now())`);
  await t.deps.db.execute(sql`insert into calendar_project_states (company_id, user_id, project_id, subscribed, checked, updated_at)
    values (${A.co.companyId}, ${A.master.id}, ${p.id}, true, false, now())`);
  await api.ok(204, "DELETE", `projects/${p.id}`, A.master);
  await api.fails(404, "flow.project_not_found", "GET", `projects/${p.id}`, A.master);
  const left = await t.deps.db.execute<{ n: string }>(sql`select
    (select count(*) from flow_tasks where project_id = ${p.id}) + (select count(*) from flow_groups where project_id = ${p.id})
    + (select count(*) from flow_members where project_id = ${p.id}) + (select count(*) from calendar_project_states where project_id = ${p.id}) as n`);
  expect(Number(left[0].n)).toBe(0);
});

test("GET projects/my: JOINED projects by title, paged (pageSize default 20)", async () => {
  const who = await (await import("../share/share-helpers.ts")).namedPerson(t, A.co, "pager", "정페이지", []);
  for (const title of ["다", "가", "나"]) await makeProject(t, who, { title });
  const invitedTo = await makeProject(t, A.master, { title: "초대만" });
  await api.ok(201, "POST", `projects/${invitedTo.id}/members/invite`, A.master, { userIds: [who.id] });
  const page = await api.ok<Page<FlowProject>>(200, "GET", "projects/my", who);
  expect(page).toMatchObject({ totalElements: 3, totalPages: 1, page: 0, pageSize: 20 });
  expect(page.content.map((p) => p.title)).toEqual(["가", "나", "다"]);
  const second = await api.ok<Page<FlowProject>>(200, "GET", "projects/my?page=1&pageSize=2", who);
  expect(second).toMatchObject({ totalElements: 3, totalPages: 2, page: 1, pageSize: 2 });
  expect(second.content.map((p) => p.title)).toEqual(["다"]);
  const past = await api.ok<Page<FlowProject>>(200, "GET", "projects/my?page=5&pageSize=2", who);
  expect(past).toMatchObject({ totalElements: 3, content: [] });
  await api.fails(400, "common.validation", "GET", "projects/my?page=-1", who);
  await api.fails(400, "common.validation", "GET", "projects/my?pageSize=0", who);
  // B sees none of A's
  const b = await api.ok<Page<FlowProject>>(200, "GET", "projects/my", B.other);
  expect(b.totalElements).toBe(0);
});

test("GET projects/all: every project of the company with excludeMyProjects, excludePrivateProjects and title", async () => {
  const co = await flowCast(t, "flow-projects-all");
  const mine = await makeProject(t, co.A.master, { title: "Alpha 공개" });
  const secret = await makeProject(t, co.A.other, { title: "alpha 비공개", privateStatus: 1 });
  const other = await makeProject(t, co.A.other, { title: "Beta 100%_" });
  await makeProject(t, co.B.master, { title: "alpha of B" });
  const titles = async (q: string) =>
    (await api.ok<Page<FlowProject>>(200, "GET", `projects/all${q}`, co.A.master)).content.map((p) => p.title);
  expect(await titles("")).toEqual(["Alpha 공개", "Beta 100%_", "alpha 비공개"]);
  expect(await titles("?excludeMyProjects=true")).toEqual(["Beta 100%_", "alpha 비공개"]);
  expect(await titles("?excludePrivateProjects=1")).toEqual(["Alpha 공개", "Beta 100%_"]);
  expect(await titles("?title=ALPHA")).toEqual(["Alpha 공개", "alpha 비공개"]);
  expect(await titles("?title=%25_")).toEqual(["Beta 100%_"]);
  expect(await titles("?title=0%25&excludeMyProjects=true&excludePrivateProjects=true")).toEqual(["Beta 100%_"]);
  const all = await api.ok<Page<FlowProject>>(200, "GET", "projects/all?pageSize=1", co.A.master);
  expect(all).toMatchObject({ totalElements: 3, totalPages: 3 });
  // a private project shows a non-member its title, member count and master, not its other members
  await api.ok(201, "POST", `projects/${secret.id}/members/invite`, co.A.other, { userIds: [co.A.member.id], authority: "MEMBER" });
  await api.ok(200, "PUT", `projects/${secret.id}/members/accept`, co.A.member);
  const seen = async (who: typeof co.A.master) =>
    (await api.ok<Page<FlowProject>>(200, "GET", "projects/all?title=%EB%B9%84%EA%B3%B5%EA%B0%9C", who)).content[0];
  const p = await seen(co.A.master);
  expect(p).toMatchObject({ id: secret.id, myAuthority: null, memberCount: 2 });
  expect(p.members.map((m) => m.name)).toEqual(["박동료"]);
  expect((await api.ok<FlowProject>(200, "GET", `projects/${secret.id}`, co.A.master)).members.map((m) => m.name)).toEqual(["박동료"]);
  // an applicant sees their own pending row too; a member sees everyone
  await api.ok(200, "POST", `projects/${secret.id}/members/apply`, co.A.master);
  expect((await seen(co.A.master)).members.map((m) => [m.name, m.state])).toEqual([["박동료", "JOINED"], ["김마스", "APPLIED"]]);
  expect((await seen(co.A.member)).members.map((m) => m.name)).toEqual(["박동료", "이멤버", "김마스"]);
  await api.fails(400, "common.validation", "GET", "projects/all?excludeMyProjects=maybe", co.A.master);
  expect(mine.id).not.toBe(other.id);
});

test("flow switched off: every call answers 403 flow.disabled", async () => {
  const co = await flowCast(t, "flow-projects-off");
  const p = await makeProject(t, co.A.master, { title: "꺼질 것" });
  await setFlow(t, co.A.admin, false);
  await api.fails(403, "flow.disabled", "GET", "projects/my", co.A.master);
  await api.fails(403, "flow.disabled", "GET", "folders", co.A.master);
  await api.fails(403, "flow.disabled", "POST", "projects", co.A.master, { title: "x" });
  await api.fails(403, "flow.disabled", "GET", `projects/${p.id}`, co.A.master);
  await api.fails(403, "flow.disabled", "DELETE", `projects/${p.id}`, co.A.master);
  // the other company is untouched
  await api.ok(200, "GET", "projects/my", co.B.master);
  await setFlow(t, co.A.admin, true);
  await api.ok(200, "GET", `projects/${p.id}`, co.A.master);
});
