// Flow memberships (shared/flow/projects.ts): invite (by id or address; 400 flow.invitee_invalid with
// params.index; JOINED skipped; a mail each, in the invitee's language, over real SMTP), resend, accept,
// decline; apply (public joins at once, private waits and the MASTER is mailed; 409 flow.already_member),
// apply/resend, cancel, approve, refuse; favourite; authority (an ADMIN neither makes nor touches another ADMIN;
// 409 flow.master_fixed); delegate (403, 409 flow.cannot_delegate; one MASTER); remove (assignments go) and
// leave; bad input, another company's ids, flow switched off. FLOW_MEMBER reaches the invited person's topic.
import { beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { FLOW_MEMBER, flowUserTopic } from "../../shared/flow/constants.ts";
import type { FlowMember, FlowProject } from "../../shared/flow/projects.ts";
import { createTestApp } from "../support/test-app.ts";
import { namedPerson } from "../share/share-helpers.ts";
import { type FlowCompany, flowCast, makeProject, type Person, setFlow } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];

beforeAll(async () => {
  ({ A, B, api } = await flowCast(t, "flow-members"));
});

const states = (p: FlowProject) => p.members.map((m) => [m.name, m.authority, m.state]);
const get = (p: { id: number }, who: { token: string }) => api.ok<FlowProject>(200, "GET", `projects/${p.id}`, who);

describe("invitations", () => {
  test("invite by id and by address: INVITED rows, a mail to each in their language, JOINED people skipped", async () => {
    const p = await makeProject(t, A.master, { title: "초대 프로젝트", members: [A.member] });
    await t.db.sql`update users set language_type = 'en' where id = ${A.other.id}`;
    const published: { topic: string; event: string }[] = [];
    const publish = t.deps.realtime.publish.bind(t.deps.realtime);
    t.deps.realtime.publish = (topic, event, data) => {
      published.push({ topic, event });
      return publish(topic, event, data);
    };
    const extra = await namedPerson(t, A.co, "choi", "최초대", []);
    try {
      const made = await api.ok<FlowMember[]>(201, "POST", `projects/${p.id}/members/invite`, A.master, {
        userIds: [A.other.id, A.member.id],
        emails: [extra.email.toUpperCase()],
        authority: "READ",
      });
      expect(made.map((m) => [m.userId, m.authority, m.state]).sort()).toEqual(
        [[A.other.id, "READ", "INVITED"], [extra.id, "READ", "INVITED"]].sort(),
      );
      expect(made[0]).toMatchObject({ name: expect.any(String), email: expect.stringContaining("@"), joinRequestTimeMillis: expect.any(Number) });
    } finally {
      t.deps.realtime.publish = publish;
    }
    const en = await t.smtp.next(A.other.email);
    expect(en.subject).toContain("초대 프로젝트");
    expect(en.subject).toMatch(/invited/);
    expect(en.text).toContain("김마스");
    expect(en.text).toContain("http://localhost:8080/#/flow/projects");
    const ko = await t.smtp.next(extra.email);
    expect(ko.subject).toContain("초대되었습니다");
    expect(ko.text).toContain("김마스님이 '초대 프로젝트' 프로젝트에 초대했습니다.");
    expect(t.smtp.messages.some((m) => m.to.includes(A.member.email))).toBe(false);
    expect(published).toContainEqual({ topic: flowUserTopic(A.other.username), event: FLOW_MEMBER });
    const seen = await get(p, A.other);
    expect(seen).toMatchObject({ myState: "INVITED", myAuthority: null, memberCount: 2 });
    expect(states(seen)).toEqual([
      ["김마스", "MASTER", "JOINED"], ["이멤버", "MEMBER", "JOINED"], ["박동료", "READ", "INVITED"], ["최초대", "READ", "INVITED"],
    ]);
    // resend: the INVITED ones mailed again
    const again = await api.ok<FlowMember[]>(200, "POST", `projects/${p.id}/members/invite/resend`, A.master, { memberIds: [A.other.id, A.member.id] });
    expect(again.map((m) => m.userId)).toEqual([A.other.id]);
    expect((await t.smtp.next(A.other.email)).subject).toContain("초대 프로젝트");
    await api.fails(404, "flow.member_not_found", "POST", `projects/${p.id}/members/invite/resend`, A.master, { memberIds: [A.member.id] });
    // accept: JOINED with the invitation's authority, a favourite
    const accepted = await api.ok<FlowProject>(200, "PUT", `projects/${p.id}/members/accept`, A.other);
    expect(accepted).toMatchObject({ myState: "JOINED", myAuthority: "READ", favoriteStatus: 1, memberCount: 3 });
    await api.fails(404, "flow.member_not_found", "PUT", `projects/${p.id}/members/accept`, A.other);
    // decline: the invitation goes
    await api.ok(204, "DELETE", `projects/${p.id}/decline`, extra);
    expect((await get(p, extra)).myState).toBeNull();
    await api.fails(404, "flow.member_not_found", "DELETE", `projects/${p.id}/decline`, extra);
  });

  test("invite: someone not of the company answers 400 flow.invitee_invalid with params.index; nothing is written", async () => {
    const p = await makeProject(t, A.master, { title: "잘못된 초대" });
    const byId = await api.fails(400, "flow.invitee_invalid", "POST", `projects/${p.id}/members/invite`, A.master, { userIds: [A.other.id, B.other.id] });
    expect(byId.params).toMatchObject({ field: "userIds", index: 1 });
    const byMail = await api.fails(400, "flow.invitee_invalid", "POST", `projects/${p.id}/members/invite`, A.master, {
      emails: [A.member.email, "nobody@flow-members-a.test", B.member.email],
    });
    expect(byMail.params).toMatchObject({ field: "emails", index: 1 });
    expect((await get(p, A.master)).members).toHaveLength(1);
    for (const bad of [{}, { userIds: [] }, { emails: ["not-an-address"] }, { userIds: ["x"] }, { userIds: [A.other.id], authority: "MASTER" }]) {
      await api.fails(400, "common.validation", "POST", `projects/${p.id}/members/invite`, A.master, bad);
    }
  });

  test("invite: MASTER and ADMIN only; an ADMIN cannot invite as ADMIN; another company's project 404", async () => {
    const p = await makeProject(t, A.master, { title: "권한 초대", members: [A.member] });
    await api.fails(403, "flow.no_permission", "POST", `projects/${p.id}/members/invite`, A.member, { userIds: [A.other.id] });
    await api.fails(403, "flow.not_member", "POST", `projects/${p.id}/members/invite`, A.other, { userIds: [A.other.id] });
    await api.ok(200, "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: A.member.id, authority: "ADMIN" });
    await api.fails(403, "flow.no_permission", "POST", `projects/${p.id}/members/invite`, A.member, { userIds: [A.other.id], authority: "ADMIN" });
    await api.ok(201, "POST", `projects/${p.id}/members/invite`, A.member, { userIds: [A.other.id] });
    await api.fails(404, "flow.project_not_found", "POST", `projects/${p.id}/members/invite`, B.master, { userIds: [B.other.id] });
    await api.fails(404, "flow.project_not_found", "POST", `projects/x${p.id}/members/invite`, A.master, { userIds: [A.other.id] });
  });
});

describe("applications", () => {
  test("apply to a public project joins at once as MEMBER, a favourite; again 409 flow.already_member", async () => {
    const p = await makeProject(t, A.master, { title: "공개 참여" });
    const joined = await api.ok<FlowProject>(200, "POST", `projects/${p.id}/members/apply`, A.other);
    expect(joined).toMatchObject({ myState: "JOINED", myAuthority: "MEMBER", favoriteStatus: 1, memberCount: 2 });
    await api.fails(409, "flow.already_member", "POST", `projects/${p.id}/members/apply`, A.other);
    await api.fails(409, "flow.already_member", "POST", `projects/${p.id}/members/apply`, A.master);
    await api.fails(404, "flow.project_not_found", "POST", `projects/${p.id}/members/apply`, B.other);
  });

  test("apply to a private project: APPLIED, the MASTER mailed; resend, approve, refuse, cancel", async () => {
    const p = await makeProject(t, A.master, { title: "비공개 참여", privateStatus: 1 });
    const waiting = await api.ok<FlowProject>(200, "POST", `projects/${p.id}/members/apply`, A.other);
    expect(waiting).toMatchObject({ myState: "APPLIED", myAuthority: null, memberCount: 1, favoriteStatus: 0 });
    const m = await t.smtp.next(A.master.email);
    expect(m.subject).toContain("비공개 참여");
    expect(m.text).toContain("박동료님이 '비공개 참여' 프로젝트에 참여를 요청했습니다.");
    await api.fails(409, "flow.already_member", "POST", `projects/${p.id}/members/apply`, A.other);
    await api.ok(200, "POST", `projects/${p.id}/members/apply/resend`, A.other);
    expect((await t.smtp.next(A.master.email)).subject).toContain("비공개 참여");
    await api.fails(404, "flow.member_not_found", "POST", `projects/${p.id}/members/apply/resend`, A.member);
    // another applicant; refusing and approving are the managers'
    await api.ok(200, "POST", `projects/${p.id}/members/apply`, A.member);
    await api.fails(403, "flow.not_member", "PUT", `projects/${p.id}/members/approve`, A.member, { memberIds: [A.other.id] });
    await api.fails(404, "flow.member_not_found", "PUT", `projects/${p.id}/members/approve`, A.master, { memberIds: [A.master.id] });
    await api.fails(400, "common.validation", "PUT", `projects/${p.id}/members/approve`, A.master, { memberIds: [] });
    const approved = await api.ok<FlowMember[]>(200, "PUT", `projects/${p.id}/members/approve`, A.master, { memberIds: [A.other.id] });
    expect(approved).toMatchObject([{ userId: A.other.id, authority: "MEMBER", state: "JOINED" }]);
    expect(await get(p, A.other)).toMatchObject({ myState: "JOINED", favoriteStatus: 1 });
    await api.fails(404, "flow.member_not_found", "DELETE", `projects/${p.id}/decline`, A.master, { memberIds: [A.other.id] });
    await api.ok(204, "DELETE", `projects/${p.id}/decline`, A.master, { memberIds: [A.member.id] });
    expect((await get(p, A.member)).myState).toBeNull();
    // cancel: one's own application
    await api.ok(200, "POST", `projects/${p.id}/members/apply`, A.member);
    await api.ok(204, "DELETE", `projects/${p.id}/cancel`, A.member);
    expect((await get(p, A.member)).myState).toBeNull();
    await api.fails(404, "flow.member_not_found", "DELETE", `projects/${p.id}/cancel`, A.member);
  });

  test("an INVITED person who applies joins at once; inviting an applicant lets them in", async () => {
    const p = await makeProject(t, A.master, { title: "둘 다", privateStatus: 1 });
    await api.ok(201, "POST", `projects/${p.id}/members/invite`, A.master, { userIds: [A.other.id], authority: "READ" });
    expect(await api.ok<FlowProject>(200, "POST", `projects/${p.id}/members/apply`, A.other)).toMatchObject({ myState: "JOINED", myAuthority: "READ" });
    await api.ok(200, "POST", `projects/${p.id}/members/apply`, A.member);
    const [m] = await api.ok<FlowMember[]>(201, "POST", `projects/${p.id}/members/invite`, A.master, { userIds: [A.member.id] });
    expect(m).toMatchObject({ userId: A.member.id, state: "JOINED", authority: "MEMBER" });
  });
});

describe("members of a project", () => {
  let p: FlowProject;
  let read: Person;
  beforeAll(async () => {
    read = await namedPerson(t, A.co, "yun", "윤읽기", []);
    p = await makeProject(t, A.master, { title: "관리", members: [A.member, A.other, read] });
  });

  test("favorite: on and off for JOINED members; the order follows", async () => {
    const off = await api.ok<FlowProject>(200, "PUT", `projects/${p.id}/members/favorite`, A.member, { favoriteStatus: 0 });
    expect(off).toMatchObject({ favoriteStatus: 0, sortOrder: 0 });
    const on = await api.ok<FlowProject>(200, "PUT", `projects/${p.id}/members/favorite`, A.member, { favoriteStatus: "1" });
    expect(on.favoriteStatus).toBe(1);
    expect(on.sortOrder).toBeGreaterThan(0);
    await api.fails(400, "common.validation", "PUT", `projects/${p.id}/members/favorite`, A.member, { favoriteStatus: 3 });
    const outsider = await namedPerson(t, A.co, "han", "한외부", []);
    await api.fails(403, "flow.not_member", "PUT", `projects/${p.id}/members/favorite`, outsider, { favoriteStatus: 1 });
    await api.fails(404, "flow.project_not_found", "PUT", `projects/${p.id}/members/favorite`, B.master, { favoriteStatus: 1 });
  });

  test("authority: the MASTER sets any; an ADMIN neither makes nor changes another ADMIN; the MASTER is fixed", async () => {
    const set = (who: { token: string }, memberId: number, authority: string) =>
      api.raw("PUT", `projects/${p.id}/members/authority`, who, { memberId, authority });
    const m = await api.ok<FlowMember>(200, "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: A.member.id, authority: "ADMIN" });
    expect(m).toMatchObject({ userId: A.member.id, authority: "ADMIN", state: "JOINED", name: "이멤버" });
    await api.ok(200, "PUT", `projects/${p.id}/members/authority`, A.member, { memberId: read.id, authority: "READ" });
    expect((await set(A.member, A.other.id, "ADMIN")).body.code).toBe("flow.no_permission");
    await api.ok(200, "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: A.other.id, authority: "ADMIN" });
    await api.fails(403, "flow.no_permission", "PUT", `projects/${p.id}/members/authority`, A.member, { memberId: A.other.id, authority: "MEMBER" });
    await api.fails(409, "flow.master_fixed", "PUT", `projects/${p.id}/members/authority`, A.member, { memberId: A.master.id, authority: "READ" });
    await api.fails(409, "flow.master_fixed", "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: A.master.id, authority: "ADMIN" });
    await api.fails(403, "flow.no_permission", "PUT", `projects/${p.id}/members/authority`, read, { memberId: read.id, authority: "MEMBER" });
    await api.fails(404, "flow.member_not_found", "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: B.member.id, authority: "READ" });
    await api.fails(400, "common.validation", "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: A.other.id, authority: "MASTER" });
    await api.fails(400, "common.validation", "PUT", `projects/${p.id}/members/authority`, A.master, { authority: "READ" });
    await api.ok(200, "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: A.other.id, authority: "MEMBER" });
    expect(states(await get(p, A.master))).toEqual([
      ["김마스", "MASTER", "JOINED"], ["이멤버", "ADMIN", "JOINED"], ["박동료", "MEMBER", "JOINED"], ["윤읽기", "READ", "JOINED"],
    ]);
  });

  test("remove: MASTER/ADMIN, not the MASTER (409), not another ADMIN by an ADMIN; assignments in the project go", async () => {
    const q = await makeProject(t, A.master, { title: "제거", members: [A.member, A.other] });
    const [g] = await t.deps.db.execute<{ id: string }>(sql`select id from flow_groups where project_id = ${q.id}`);
    const [task] = await t.deps.db.execute<{ id: string }>(sql`insert into flow_tasks (company_id, project_id, group_id, title,
      list_sort_order, kanban_sort_order, registration_order, created_at, updated_at)
      values (${A.co.companyId}, ${q.id}, ${g.id}, '배정', 'a0', 'a0', 1, now(), now()) returning id`);
    await t.deps.db.execute(sql`insert into flow_task_assignees (task_id, user_id, company_id, project_id)
      values (${task.id}, ${A.other.id}, ${A.co.companyId}, ${q.id}), (${task.id}, ${A.member.id}, ${A.co.companyId}, ${q.id})`);
    await api.fails(403, "flow.no_permission", "DELETE", `projects/${q.id}/members?memberIds[]=${A.other.id}`, A.member);
    await api.fails(409, "flow.master_fixed", "DELETE", `projects/${q.id}/members?memberIds[]=${A.master.id}`, A.master);
    await api.fails(404, "flow.member_not_found", "DELETE", `projects/${q.id}/members?memberIds[]=${B.other.id}`, A.master);
    await api.fails(400, "common.validation", "DELETE", `projects/${q.id}/members`, A.master);
    await api.ok(204, "DELETE", `projects/${q.id}/members?memberIds[]=${A.other.id}`, A.master);
    expect((await get(q, A.other)).myState).toBeNull();
    const left = await t.deps.db.execute<{ user_id: string }>(sql`select user_id from flow_task_assignees where task_id = ${task.id}`);
    expect(left.map((r) => Number(r.user_id))).toEqual([A.member.id]);
    // leave: one's own, and the assignments go; the MASTER delegates first
    await api.ok(204, "DELETE", `projects/${q.id}/leave`, A.member);
    expect(await t.deps.db.execute(sql`select 1 from flow_task_assignees where task_id = ${task.id}`)).toHaveLength(0);
    await api.fails(403, "flow.not_member", "DELETE", `projects/${q.id}/leave`, A.member);
    await api.fails(409, "flow.master_fixed", "DELETE", `projects/${q.id}/leave`, A.master);
    await api.fails(404, "flow.project_not_found", "DELETE", `projects/${q.id}/leave`, B.master);
  });

  test("delegate: the MASTER hands over to a JOINED member and becomes ADMIN; others 403; 409 flow.cannot_delegate", async () => {
    const q = await makeProject(t, A.master, { title: "위임", members: [A.member] });
    await api.ok(201, "POST", `projects/${q.id}/members/invite`, A.master, { userIds: [A.other.id] });
    await api.fails(403, "flow.no_permission", "PUT", `projects/${q.id}/delegate`, A.member, { memberId: A.member.id });
    await api.fails(409, "flow.cannot_delegate", "PUT", `projects/${q.id}/delegate`, A.master, { memberId: A.master.id });
    await api.fails(409, "flow.cannot_delegate", "PUT", `projects/${q.id}/delegate`, A.master, { memberId: A.other.id });
    await api.fails(409, "flow.cannot_delegate", "PUT", `projects/${q.id}/delegate`, A.master, { memberId: B.member.id });
    await api.fails(400, "common.validation", "PUT", `projects/${q.id}/delegate`, A.master, { memberId: "me" });
    const after = await api.ok<FlowProject>(200, "PUT", `projects/${q.id}/delegate`, A.master, { memberId: A.member.id });
    expect(after.myAuthority).toBe("ADMIN");
    expect(states(after).slice(0, 2)).toEqual([["이멤버", "MASTER", "JOINED"], ["김마스", "ADMIN", "JOINED"]]);
    const masters = await t.deps.db.execute(sql`select 1 from flow_members where project_id = ${q.id} and authority = 'MASTER'`);
    expect(masters).toHaveLength(1);
    // the old MASTER may leave now, the new one deletes once alone
    await api.ok(204, "DELETE", `projects/${q.id}/leave`, A.master);
    await api.ok(204, "DELETE", `projects/${q.id}`, A.member);
  });
});

test("flow switched off: member calls answer 403 flow.disabled", async () => {
  const co = await flowCast(t, "flow-members-off");
  const p = await makeProject(t, co.A.master, { title: "꺼짐" });
  await setFlow(t, co.A.admin, false);
  try {
    await api.fails(403, "flow.disabled", "POST", `projects/${p.id}/members/apply`, co.A.other);
    await api.fails(403, "flow.disabled", "POST", `projects/${p.id}/members/invite`, co.A.master, { userIds: [co.A.other.id] });
    await api.fails(403, "flow.disabled", "PUT", `projects/${p.id}/members/favorite`, co.A.master, { favoriteStatus: 0 });
    await api.fails(403, "flow.disabled", "DELETE", `projects/${p.id}/leave`, co.A.master);
  } finally {
    await setFlow(t, co.A.admin, true);
  }
});
