// A flow task's details (shared/flow/task-details.ts): checklist (POST the whole list 201, PUT 200, DELETE 204,
// the task's counters), comments (POST 201, PUT by the author only: 403 flow.comment_forbidden, DELETE by the
// author or MASTER/ADMIN), files (multipart part streamed, NFC names, 413 flow.file_too_large with the size,
// 400 flow.file_name_too_long, 507 flow.insufficient_space, 409 flow.files_max, the uploader's used_size, GET
// with Range, DELETE) and the .eml view (sanitised HTML; 409 flow.not_eml); READ 403, non-members 403, another
// company's ids 404, bad input 400.
import { beforeAll, expect, test } from "vitest";
import { FILE_MAX_BYTES, FILES_MAX } from "../../shared/flow/constants.ts";
import type { FlowProject } from "../../shared/flow/projects.ts";
import type { ChecklistItem, EmlView, TaskComment, TaskFile } from "../../shared/flow/task-details.ts";
import type { FlowTask } from "../../shared/flow/tasks.ts";
import { createTestApp } from "../support/test-app.ts";
import { type FlowCompany, flowCast, makeProject, makeTask } from "./support.ts";

const t = await createTestApp();
let A: FlowCompany, B: FlowCompany;
let api: Awaited<ReturnType<typeof flowCast>>["api"];
let P: FlowProject;
let task: FlowTask;
let D: string;

const bytesOf = (text: string) => new TextEncoder().encode(text);

beforeAll(async () => {
  ({ A, B, api } = await flowCast(t, "flow-details"));
  P = await makeProject(t, A.master, { title: "상세", members: [A.member, A.other] });
  await api.ok(200, "PUT", `projects/${P.id}/members/authority`, A.master, { memberId: A.other.id, authority: "READ" });
  task = await makeTask(t, A.master, P.id, { title: "상세 업무" });
  D = `projects/${P.id}/tasks/${task.id}`;
});

const taskNow = () => api.ok<FlowTask>(200, "GET", D, A.member);

async function upload(who: { token: string }, name: string, bytes: Uint8Array, type = "application/pdf", path = D) {
  const form = new FormData();
  form.append("part", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await t.app.request(`/api/flow/${path}/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  return { status: res.status, body: await res.json() };
}
async function uploaded(who: { token: string }, name: string, bytes: Uint8Array, type?: string): Promise<TaskFile> {
  const r = await upload(who, name, bytes, type);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
async function usage(userId: number) {
  const [u] = await t.db.sql<{ used: string; files: string }[]>`
    select used_size as used, (select count(*) from flow_task_files where uploader_id = ${userId}) as files from users where id = ${userId}`;
  return { used: Number(u.used), files: Number(u.files) };
}
const fetchFile = (who: { token: string }, f: { url: string }, headers: Record<string, string> = {}) =>
  t.app.request(f.url, { headers: { authorization: `Bearer ${who.token}`, ...headers } });

test("checklist: add answers the whole list, change title and checked, delete; the task counts them", async () => {
  const one = await api.ok<ChecklistItem[]>(201, "POST", `${D}/checklist`, A.member, { title: "  초안 " });
  expect(one).toEqual([{ checklistId: expect.any(Number), title: "초안", checked: false }]);
  const two = await api.ok<ChecklistItem[]>(201, "POST", `${D}/checklist`, A.member, { title: "검토" });
  expect(two.map((c) => c.title)).toEqual(["초안", "검토"]);
  const checked = await api.ok<ChecklistItem>(200, "PUT", `${D}/checklist`, A.member, { checklistId: two[0].checklistId, checked: true });
  expect(checked).toEqual({ checklistId: two[0].checklistId, title: "초안", checked: true });
  const form = await t.call("PUT", `/api/flow/${D}/checklist`, { token: A.member.token, form: { checklistId: two[1].checklistId, title: "최종 검토", checked: "1" } });
  expect([form.status, form.body.title, form.body.checked]).toEqual([200, "최종 검토", true]);
  expect(await taskNow()).toMatchObject({ checklistCnt: 2, checklistDoneCnt: 2 });
  await api.ok(204, "DELETE", `${D}/checklist/${two[0].checklistId}`, A.member);
  expect(await taskNow()).toMatchObject({ checklistCnt: 1, checklistDoneCnt: 1, checklist: [{ title: "최종 검토", checked: true }] });
  await api.fails(404, "flow.checklist_not_found", "DELETE", `${D}/checklist/${two[0].checklistId}`, A.member);
  await api.fails(404, "flow.checklist_not_found", "PUT", `${D}/checklist`, A.member, { checklistId: two[0].checklistId, checked: true });
  await api.fails(404, "flow.checklist_not_found", "DELETE", `${D}/checklist/x`, A.member);
  await api.fails(400, "common.validation", "POST", `${D}/checklist`, A.member, { title: "" });
  await api.fails(400, "common.validation", "PUT", `${D}/checklist`, A.member, { checklistId: two[1].checklistId, checked: "maybe" });
  await api.fails(403, "flow.no_permission", "POST", `${D}/checklist`, A.other, { title: "x" });
});

test("comments: add, edit own only, delete own or as MASTER/ADMIN; flags; counts", async () => {
  const c = await api.ok<TaskComment>(201, "POST", `${D}/comments`, A.member, { content: "확인했습니다" });
  expect(c).toMatchObject({ content: "확인했습니다", userId: A.member.id, userName: "이멤버", editable: true, deletable: true });
  const edited = await api.ok<TaskComment>(200, "PUT", `${D}/comments/${c.commentId}`, A.member, { content: "수정했습니다" });
  expect(edited.content).toBe("수정했습니다");
  await api.fails(403, "flow.comment_forbidden", "PUT", `${D}/comments/${c.commentId}`, A.master, { content: "남의 것" });
  const seen = await api.ok<FlowTask>(200, "GET", D, A.master);
  expect(seen.comments!.map((x) => [x.content, x.editable, x.deletable])).toEqual([["수정했습니다", false, true]]);
  expect(seen.commentCnt).toBe(1);
  const mine = await api.ok<TaskComment>(201, "POST", `${D}/comments`, A.master, { content: "마스터 댓글" });
  // 읽기 member: reads, cannot add, cannot delete another's.
  expect((await api.ok<FlowTask>(200, "GET", D, A.other)).comments!.map((x) => x.deletable)).toEqual([false, false]);
  await api.fails(403, "flow.no_permission", "POST", `${D}/comments`, A.other, { content: "x" });
  await api.fails(403, "flow.comment_forbidden", "DELETE", `${D}/comments/${mine.commentId}`, A.member);
  await api.fails(403, "flow.comment_forbidden", "DELETE", `${D}/comments/${mine.commentId}`, A.other);
  await api.ok(204, "DELETE", `${D}/comments/${c.commentId}`, A.master);
  await api.ok(204, "DELETE", `${D}/comments/${mine.commentId}`, A.master);
  expect((await taskNow()).commentCnt).toBe(0);
  await api.fails(404, "flow.comment_not_found", "PUT", `${D}/comments/${c.commentId}`, A.member, { content: "x" });
  await api.fails(400, "common.validation", "POST", `${D}/comments`, A.member, { content: "   " });
  await api.fails(400, "common.validation", "POST", `${D}/comments`, A.member, { content: "x".repeat(2001) });
});

test("files: NFC name, counted storage, bytes with Range, delete; the errors by code", async () => {
  const before = await usage(A.member.id);
  const bytes = new Uint8Array(5000).map((_, i) => i % 251);
  const f = await uploaded(A.member, "기획서.pdf".normalize("NFD"), bytes);
  expect(f).toMatchObject({
    name: "기획서.pdf", size: 5000, contentType: "application/pdf", isEml: false, uploadedBy: A.member.id,
    url: `/api/flow/${D}/file/${f.fileId}`, viewPath: `/flow/projects/${P.id}/tasks/${task.id}/file/${f.fileId}/view`,
  });
  expect(await usage(A.member.id)).toEqual({ used: before.used + 5000, files: before.files + 1 });
  expect(await taskNow()).toMatchObject({ fileCnt: 1, files: [{ fileId: f.fileId }] });
  const whole = await fetchFile(A.other, f);
  expect([whole.status, whole.headers.get("content-disposition")?.startsWith("inline")]).toEqual([200, true]);
  expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
  const part = await fetchFile(A.member, f, { range: "bytes=100-109" });
  expect([part.status, part.headers.get("content-range")]).toEqual([206, "bytes 100-109/5000"]);
  expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 110));
  const outsider = await fetchFile(B.master, f);
  expect([outsider.status, (await outsider.json()).code]).toEqual([404, "flow.project_not_found"]);

  const long = await upload(A.member, `${"가".repeat(197)}.pdf`, bytesOf("x"));
  expect([long.status, long.body.code]).toEqual([400, "flow.file_name_too_long"]);
  expect((await upload(A.member, `${"가".repeat(196)}.pdf`, bytesOf("x"))).status).toBe(201);
  const read = await upload(A.other, "a.txt", bytesOf("a"), "text/plain");
  expect([read.status, read.body.code]).toEqual([403, "flow.no_permission"]);
  const noPart = await t.app.request(`/api/flow/${D}/upload`, { method: "POST", body: new FormData(), headers: { authorization: `Bearer ${A.member.token}` } });
  expect([noPart.status, (await noPart.json()).code]).toEqual([400, "common.validation"]);
  const missing = await upload(A.member, "a.txt", bytesOf("a"), "text/plain", `projects/${P.id}/tasks/999999`);
  expect([missing.status, missing.body.code]).toEqual([404, "flow.task_not_found"]);

  await api.fails(403, "flow.no_permission", "DELETE", `${D}/file/${f.fileId}`, A.other);
  await api.ok(204, "DELETE", `${D}/file/${f.fileId}`, A.member);
  await api.fails(404, "flow.file_not_found", "DELETE", `${D}/file/${f.fileId}`, A.member);
  expect((await fetchFile(A.member, f)).status).toBe(404);
  expect((await usage(A.member.id)).files).toBe(before.files + 1);
});

test("a file past FILE_MAX_BYTES: 413 flow.file_too_large with the size, nothing kept", async () => {
  const before = await usage(A.member.id);
  const boundary = `flow-${crypto.randomUUID()}`;
  const head = bytesOf(`--${boundary}\r\nContent-Disposition: form-data; name="part"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const chunk = new Uint8Array(1024 * 1024);
  let headSent = false;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (!headSent) {
        c.enqueue(head);
        headSent = true;
      } else if (sent <= FILE_MAX_BYTES) {
        c.enqueue(chunk);
        sent += chunk.length;
      } else {
        c.enqueue(bytesOf(`\r\n--${boundary}--\r\n`));
        c.close();
      }
    },
  });
  const res = await t.app.request(`/api/flow/${D}/upload`, {
    method: "POST", body, duplex: "half",
    headers: { authorization: `Bearer ${A.member.token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  } as RequestInit);
  const answer = await res.json();
  expect([res.status, answer.code, answer.params?.size]).toEqual([413, "flow.file_too_large", FILE_MAX_BYTES]);
  expect(await usage(A.member.id)).toEqual(before);
});

test("the uploader's quota: 507 flow.insufficient_space; FILES_MAX: 409 flow.files_max", async () => {
  const before = await usage(A.master.id);
  await t.db.sql`update users set total_quota = ${before.used + 100} where id = ${A.master.id}`;
  try {
    const r = await upload(A.master, "큰 파일.bin", new Uint8Array(101));
    expect([r.status, r.body.code]).toEqual([507, "flow.insufficient_space"]);
    expect(await usage(A.master.id)).toEqual(before);
    await uploaded(A.master, "작은 파일.bin", new Uint8Array(100));
    expect((await upload(A.master, "하나 더.bin", new Uint8Array(1))).body.code).toBe("flow.insufficient_space");
  } finally {
    await t.db.sql`update users set total_quota = 0 where id = ${A.master.id}`;
  }
  const other = await makeTask(t, A.master, P.id, { title: "파일 많은 업무" });
  await t.db.sql`insert into flow_task_files (company_id, task_id, uploader_id, name, size, content_type, blob_key, created_at)
    select ${A.co.companyId}, ${other.id}, ${A.master.id}, 'f' || g, 0, 'text/plain', 'none', now() from generate_series(1, ${FILES_MAX}) g`;
  const form = new FormData();
  form.append("part", new File(["x"], "x.txt", { type: "text/plain" }));
  const res = await t.app.request(`/api/flow/projects/${P.id}/tasks/${other.id}/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${A.master.token}` } });
  expect([res.status, (await res.json()).code]).toEqual([409, "flow.files_max"]);
});

test("the .eml view: a mail file read as a mail, its HTML sanitised; another file 409 flow.not_eml", async () => {
  const eml = [
    "From: 김고객 <customer@example.com>",
    "To: 이멤버 <lee@flow-details-a.test>",
    "Cc: boss@example.com",
    "Subject: =?UTF-8?B?" + btoa(String.fromCharCode(...bytesOf("견적 요청"))) + "?=",
    "Date: Tue, 10 Jun 2025 10:00:00 +0900",
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/html; charset=utf-8",
    "",
    '<p onclick="steal()">견적 부탁드립니다</p><script>alert(1)</script>',
    "--b1",
    'Content-Type: text/plain; name="list.txt"',
    'Content-Disposition: attachment; filename="list.txt"',
    "",
    "items",
    "--b1--",
    "",
  ].join("\r\n");
  const f = await uploaded(A.member, "견적 요청.eml", bytesOf(eml), "message/rfc822");
  expect(f.isEml).toBe(true);
  const view = await api.ok<EmlView>(200, "GET", `${D}/file/${f.fileId}/view/eml`, A.other);
  expect(view).toMatchObject({
    subject: "견적 요청",
    from: { name: "김고객", address: "customer@example.com" },
    to: [{ name: "이멤버", address: "lee@flow-details-a.test" }],
    cc: [{ address: "boss@example.com" }],
    date: Date.parse("2025-06-10T01:00:00Z"),
    attachments: [{ name: "list.txt", contentType: "text/plain" }],
  });
  expect(view.html).toContain("견적 부탁드립니다");
  expect(view.html).not.toMatch(/script|onclick/);
  const pdf = await uploaded(A.member, "a.pdf", bytesOf("%PDF-1.4"));
  await api.fails(409, "flow.not_eml", "GET", `${D}/file/${pdf.fileId}/view/eml`, A.member);
  await api.fails(404, "flow.file_not_found", "GET", `${D}/file/999999/view/eml`, A.member);
  await api.fails(403, "flow.not_member", "GET", `${D}/file/${f.fileId}/view/eml`, A.admin);
});

test("another company's ids answer 404; a task of another project 404", async () => {
  const bp = await makeProject(t, B.master, { title: "B" });
  const bt = await makeTask(t, B.master, bp.id, { title: "B 업무" });
  await api.fails(404, "flow.task_not_found", "POST", `projects/${P.id}/tasks/${bt.id}/comments`, A.master, { content: "x" });
  await api.fails(404, "flow.project_not_found", "POST", `projects/${bp.id}/tasks/${bt.id}/comments`, A.master, { content: "x" });
  await api.fails(404, "flow.project_not_found", "POST", `${D}/checklist`, B.master, { title: "x" });
  const bc = await api.ok<TaskComment>(201, "POST", `projects/${bp.id}/tasks/${bt.id}/comments`, B.master, { content: "B" });
  await api.fails(404, "flow.comment_not_found", "DELETE", `${D}/comments/${bc.commentId}`, A.master);
});
