// Mails made into tasks (shared/flow/mail-tasks.ts; /api/mails/flow/tasks): POST (one task a mail, title the
// subject or the first text line, content the text as escaped HTML, the .eml kept as the task's file byte for
// byte and counted in the caller's storage, 507 flow.insufficient_space with nothing made), GET (newest
// first; tasks gone or projects left are not listed), PUT status, DELETE unlink; the mail list's flowMail,
// taskId, taskStatus and the flow folder (-17), the mail view's; another person's or company's mail 404
// mail.not_found, a project without the edit right 403, a foreign group 404, bad input 400, flow off 403.
import { beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { VIRTUAL_FOLDER_IDS } from "../../shared/mail/constants.ts";
import type { MailTaskLink } from "../../shared/flow/mail-tasks.ts";
import type { FlowTask } from "../../shared/flow/tasks.ts";
import type { MailFolder } from "../../shared/mail/folders.ts";
import type { Page } from "../../shared/paging.ts";
import { messageBytes } from "../../server/modules/mail/store/message-bytes.ts";
import { apiCaller } from "../support/api-caller.ts";
import { createTestApp } from "../support/test-app.ts";
import { build, file, type Who } from "../mail/reading/support.ts";
import { type FlowCompany, flowCast, makeProject, type Person, setFlow } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];
const mt = apiCaller(t, "/api/mails/flow");

beforeAll(async () => {
  ({ A, B, api } = await flowCast(t, "flow-mail-tasks"));
});

const who = (co: FlowCompany, p: Person): Who => ({ companyId: co.co.companyId, userId: p.id, username: p.username, token: p.token });
const defaultGroup = async (projectId: number) =>
  Number((await t.deps.db.execute<{ id: string }>(sql`select id from flow_groups where project_id = ${projectId} and is_default`))[0].id);
const list = async (p: Person, folderId: number | string) => {
  const r = await t.call("GET", `/api/mails?folderId=${folderId}`, { token: p.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.mails as { mailId: number; flowMail: number; taskId: number | null; taskStatus: string | null }[];
};
/** The flow folder (-17) of the caller's mail tree, if the tree has one. */
const flowFolder = async (p: Person) => {
  const r = await t.call("GET", "/api/folders", { token: p.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as MailFolder[]).find((f) => f.id === VIRTUAL_FOLDER_IDS.FLOW);
};
const usedSize = async (userId: number) => Number((await t.deps.db.execute<{ n: string }>(sql`select used_size as n from users where id = ${userId}`))[0].n);

describe("making tasks of mails", () => {
  let projectId: number, groupId: number;
  let m1: number, m2: number, m3: number;
  let tasks: FlowTask[];

  beforeAll(async () => {
    const p = await makeProject(t, A.master, { title: "메일 업무", members: [A.member] });
    projectId = p.id;
    groupId = await defaultGroup(p.id);
    m1 = await file(t, who(A, A.master), build({ subject: "견적 요청 <긴급>", text: "안녕하세요.\n견적 <b>부탁</b>드립니다.\n\n감사합니다." }));
    m2 = await file(t, who(A, A.master), build({ subject: "", text: "\n  첫 줄이 제목\n둘째 줄" }));
    m3 = await file(t, who(A, A.master), build({ subject: "그대로 둘 메일", text: "x" }));
  });

  test("POST flow/tasks: one task a mail with the .eml as its file, counted in the caller's storage", async () => {
    const before = await usedSize(A.master.id);
    tasks = await mt.ok<FlowTask[]>(201, "POST", "tasks", A.master, { projectId, groupId, mailIds: [m1, m2] });
    expect(tasks.map((x) => [x.title, x.status, x.groupId, x.projectId, x.mailId, x.fileCnt, x.requester.userId])).toEqual([
      ["견적 요청 <긴급>", "REQUESTED", groupId, projectId, m1, 1, A.master.id],
      ["첫 줄이 제목", "REQUESTED", groupId, projectId, m2, 1, A.master.id],
    ]);
    expect(tasks[0].content).toMatch(/^<p>안녕하세요\.<br ?\/?>견적 &lt;b&gt;부탁&lt;\/b&gt;드립니다\.<\/p><p>감사합니다\.<\/p>$/);
    const files = await t.deps.db.execute<{ name: string; size: string; content_type: string; blob_key: string; uploader_id: string }>(
      sql`select name, size, content_type, blob_key, uploader_id from flow_task_files where task_id = ${tasks[0].id}`,
    );
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: "견적 요청 _긴급_.eml", content_type: "message/rfc822", uploader_id: String(A.master.id) });
    const [msg] = await t.deps.db.execute<{ blob_key: string; header_prefix: string | null }>(
      sql`select g.blob_key, g.header_prefix from mails m join mail_messages g on g.id = m.message_id where m.id = ${m1}`,
    );
    const original = await messageBytes(t.deps.blobs, { blobKey: msg.blob_key, headerPrefix: msg.header_prefix });
    expect(await t.deps.blobs.get(files[0].blob_key)).toEqual(original);
    expect(Number(files[0].size)).toBe(original.length);
    const after = await usedSize(A.master.id);
    const sizes = await t.deps.db.execute<{ n: string }>(sql`select sum(size) as n from flow_task_files where task_id in (${tasks[0].id}, ${tasks[1].id})`);
    expect(after - before).toBe(Number(sizes[0].n));
    // the project's members see the tasks
    const seen = await api.ok<FlowTask>(200, "GET", `projects/${projectId}/tasks/${tasks[0].id}`, A.member);
    expect(seen.mailId).toBe(m1);
  });

  test("the mail list and view show the link; the flow folder (-17) lists the linked mails", async () => {
    const inbox = await list(A.master, "all");
    const byId = new Map(inbox.map((m) => [m.mailId, m]));
    expect(byId.get(m1)).toMatchObject({ flowMail: 1, taskId: tasks[0].id, taskStatus: "REQUESTED" });
    expect(byId.get(m3)).toMatchObject({ flowMail: 0, taskId: null, taskStatus: null });
    const flow = await list(A.master, VIRTUAL_FOLDER_IDS.FLOW);
    expect(flow.map((m) => m.mailId).sort()).toEqual([m1, m2].sort());
    // The mail tree's flow folder counts them (both unread), after ATTACH.
    expect(await flowFolder(A.master)).toMatchObject({ folderType: "FLOW", icon: "flow", totalCount: 2, newCount: 2, children: [] });
    await t.deps.db.execute(sql`update mails set read = true where id = ${m2}`);
    expect(await flowFolder(A.master)).toMatchObject({ totalCount: 2, newCount: 1 });
    expect((await t.call("GET", `/api/folders/${VIRTUAL_FOLDER_IDS.FLOW}`, { token: A.master.token })).body)
      .toMatchObject({ id: VIRTUAL_FOLDER_IDS.FLOW, totalCount: 2 });
    const view = await t.call("GET", `/api/mails/view/${m1}`, { token: A.master.token });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body).toMatchObject({ flowMail: 1, taskId: tasks[0].id, taskStatus: "REQUESTED" });
    // someone else's flow folder is empty
    expect(await list(A.member, VIRTUAL_FOLDER_IDS.FLOW)).toEqual([]);
    expect(await flowFolder(A.member)).toMatchObject({ totalCount: 0, newCount: 0 });
  });

  test("GET flow/tasks: the caller's links newest first; PUT status; DELETE unlinks and the task stays", async () => {
    const page = await mt.ok<Page<MailTaskLink>>(200, "GET", "tasks", A.master);
    expect(page.totalElements).toBe(2);
    expect(page.content.map((l) => l.mailId).sort()).toEqual([m1, m2].sort());
    expect(page.content.find((l) => l.mailId === m1)).toEqual({
      mailId: m1, taskId: tasks[0].id, projectId, projectTitle: "메일 업무", taskTitle: "견적 요청 <긴급>", taskStatus: "REQUESTED",
      path: `/flow/${projectId}/tasks/${encodeURIComponent(JSON.stringify({ taskId: tasks[0].id }))}`, createdTime: expect.any(Number),
    });
    const small = await mt.ok<Page<MailTaskLink>>(200, "GET", "tasks?page=1&pageSize=1", A.master);
    expect(small).toMatchObject({ totalElements: 2, totalPages: 2, page: 1 });
    expect(small.content).toHaveLength(1);
    expect((await mt.ok<Page<MailTaskLink>>(200, "GET", "tasks", A.member)).totalElements).toBe(0);
    await mt.fails(400, "common.validation", "GET", "tasks?pageSize=0", A.master);

    const changed = await mt.ok<MailTaskLink>(200, "PUT", "tasks", A.master, { mailId: m1, status: "COMPLETED" });
    expect(changed).toMatchObject({ mailId: m1, taskId: tasks[0].id, taskStatus: "COMPLETED" });
    expect((await list(A.master, "all")).find((m) => m.mailId === m1)?.taskStatus).toBe("COMPLETED");
    const task = await api.ok<FlowTask>(200, "GET", `projects/${projectId}/tasks/${tasks[0].id}`, A.master);
    expect(task.completedTimeMillis).not.toBeNull();
    await mt.fails(404, "flow.mail_task_not_found", "PUT", "tasks", A.master, { mailId: m3, status: "COMPLETED" });
    await mt.fails(404, "mail.not_found", "PUT", "tasks", A.member, { mailId: m1, status: "COMPLETED" });
    await mt.fails(400, "common.validation", "PUT", "tasks", A.master, { mailId: m1, status: "DONE" });

    await mt.fails(404, "mail.not_found", "DELETE", "tasks", A.member, { mailIds: [m2] });
    await mt.fails(400, "common.validation", "DELETE", "tasks", A.master, { mailIds: [] });
    await mt.ok(204, "DELETE", "tasks", A.master, { mailIds: [m2] });
    expect((await list(A.master, VIRTUAL_FOLDER_IDS.FLOW)).map((m) => m.mailId)).toEqual([m1]);
    expect(await flowFolder(A.master)).toMatchObject({ totalCount: 1 });
    await api.ok(200, "GET", `projects/${projectId}/tasks/${tasks[1].id}`, A.master);
    await mt.fails(404, "flow.mail_task_not_found", "PUT", "tasks", A.master, { mailId: m2, status: "FEEDBACK" });
  });

  test("a task deleted, or a project left, takes the link out of the lists", async () => {
    const co = await flowCast(t, "flow-mail-tasks-left");
    const p = await makeProject(t, co.A.master, { title: "떠날 곳" });
    await api.ok(200, "POST", `projects/${p.id}/members/apply`, co.A.member);
    const mine = await file(t, who(co.A, co.A.member), build({ subject: "남길 메일", text: "본문" }));
    const [task] = await mt.ok<FlowTask[]>(201, "POST", "tasks", co.A.member, { projectId: p.id, groupId: await defaultGroup(p.id), mailIds: [mine] });
    expect((await list(co.A.member, VIRTUAL_FOLDER_IDS.FLOW)).map((m) => m.mailId)).toEqual([mine]);
    // a mail in the trash is in neither the flow folder's list nor its counts
    const trash = Number((await t.deps.db.execute<{ id: string }>(
      sql`select id from mail_folders where user_id = ${co.A.member.id} and folder_type = 'DELETED'`,
    ))[0].id);
    const inbox = Number((await t.deps.db.execute<{ folder_id: string }>(sql`select folder_id from mails where id = ${mine}`))[0].folder_id);
    await t.deps.db.execute(sql`update mails set folder_id = ${trash} where id = ${mine}`);
    expect(await list(co.A.member, VIRTUAL_FOLDER_IDS.FLOW)).toEqual([]);
    expect(await flowFolder(co.A.member)).toMatchObject({ totalCount: 0, newCount: 0 });
    await t.deps.db.execute(sql`update mails set folder_id = ${inbox} where id = ${mine}`);
    expect(await flowFolder(co.A.member)).toMatchObject({ totalCount: 1, newCount: 1 });
    await api.ok(204, "DELETE", `projects/${p.id}/leave`, co.A.member);
    expect(await list(co.A.member, VIRTUAL_FOLDER_IDS.FLOW)).toEqual([]);
    expect(await flowFolder(co.A.member)).toMatchObject({ totalCount: 0 });
    expect((await mt.ok<Page<MailTaskLink>>(200, "GET", "tasks", co.A.member)).totalElements).toBe(0);
    expect((await list(co.A.member, "all"))[0]).toMatchObject({ mailId: mine, flowMail: 0, taskId: null });
    await t.deps.db.execute(sql`delete from flow_tasks where id = ${task.id}`);
    expect(await t.deps.db.execute(sql`select 1 from flow_mail_tasks where mail_id = ${mine}`)).toHaveLength(0);
  });
});

describe("refusals", () => {
  let projectId: number, groupId: number;
  let mail: number;

  beforeAll(async () => {
    const p = await makeProject(t, A.master, { title: "거절", members: [A.member, A.other] });
    projectId = p.id;
    groupId = await defaultGroup(p.id);
    await api.ok(200, "PUT", `projects/${p.id}/members/authority`, A.master, { memberId: A.other.id, authority: "READ" });
    mail = await file(t, who(A, A.other), build({ subject: "읽기 권한자의 메일", text: "본문" }));
  });

  test("another person's or company's mail 404 mail.not_found; nothing is made", async () => {
    const mine = await file(t, who(A, A.member), build({ subject: "내 메일", text: "본문" }));
    await mt.fails(404, "mail.not_found", "POST", "tasks", A.master, { projectId, groupId, mailIds: [mine] });
    const bMail = await file(t, who(B, B.master), build({ subject: "B의 메일", text: "본문" }));
    await mt.fails(404, "mail.not_found", "POST", "tasks", A.master, { projectId, groupId, mailIds: [bMail] });
    await mt.fails(404, "mail.not_found", "POST", "tasks", A.member, { projectId, groupId, mailIds: [mine, 999999999] });
    expect(await t.deps.db.execute(sql`select 1 from flow_tasks where project_id = ${projectId}`)).toHaveLength(0);
  });

  test("READ in the project 403 flow.no_permission; not joined 403 flow.not_member; foreign project or group 404", async () => {
    await mt.fails(403, "flow.no_permission", "POST", "tasks", A.other, { projectId, groupId, mailIds: [mail] });
    const elsewhere = await makeProject(t, A.member, { title: "남의 프로젝트" });
    await mt.fails(403, "flow.not_member", "POST", "tasks", A.other, { projectId: elsewhere.id, groupId: await defaultGroup(elsewhere.id), mailIds: [mail] });
    const bProject = await makeProject(t, B.master, { title: "B 프로젝트" });
    await mt.fails(404, "flow.project_not_found", "POST", "tasks", A.other, { projectId: bProject.id, groupId: await defaultGroup(bProject.id), mailIds: [mail] });
    const own = await makeProject(t, A.other, { title: "내 프로젝트" });
    await mt.fails(404, "flow.group_not_found", "POST", "tasks", A.other, { projectId: own.id, groupId, mailIds: [mail] });
  });

  test("bad input 400 common.validation", async () => {
    for (const bad of [{}, { projectId, groupId, mailIds: [] }, { projectId: "x", groupId, mailIds: [mail] }, { projectId, mailIds: [mail] }, { projectId, groupId, mailIds: Array.from({ length: 51 }, (_, i) => i + 1) }]) {
      await mt.fails(400, "common.validation", "POST", "tasks", A.other, bad);
    }
  });

  test("507 flow.insufficient_space when the .eml does not fit; nothing is made", async () => {
    const own = await makeProject(t, A.other, { title: "가득 참" });
    await t.deps.db.execute(sql`update users set total_quota = used_size + 10 where id = ${A.other.id}`);
    try {
      await mt.fails(507, "flow.insufficient_space", "POST", "tasks", A.other, { projectId: own.id, groupId: await defaultGroup(own.id), mailIds: [mail] });
      expect(await t.deps.db.execute(sql`select 1 from flow_tasks where project_id = ${own.id}`)).toHaveLength(0);
      expect(await t.deps.db.execute(sql`select 1 from flow_mail_tasks where mail_id = ${mail}`)).toHaveLength(0);
    } finally {
      await t.deps.db.execute(sql`update users set total_quota = 10737418240 where id = ${A.other.id}`);
    }
  });

  test("flow switched off: 403 flow.disabled; the mail tree has no flow folder", async () => {
    await setFlow(t, A.admin, false);
    try {
      await mt.fails(403, "flow.disabled", "GET", "tasks", A.master);
      await mt.fails(403, "flow.disabled", "POST", "tasks", A.other, { projectId, groupId, mailIds: [mail] });
      expect(await flowFolder(A.master)).toBeUndefined();
      expect((await t.call("GET", `/api/folders/${VIRTUAL_FOLDER_IDS.FLOW}`, { token: A.master.token })).status).toBe(404);
    } finally {
      await setFlow(t, A.admin, true);
    }
    expect(await flowFolder(A.master)).toMatchObject({ folderType: "FLOW" });
  });
});
