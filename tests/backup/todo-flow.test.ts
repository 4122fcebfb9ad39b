// To-do and flow in backups: no module-specific code; their tables are found in the catalogue like every
// module's (todo_item_files.blob_key and flow_task_files.blob_key are blob columns the collector keeps and the
// backup copies), and a restore into a fresh database brings back the same rows (workspaces, boards, items and
// their files; projects with members, groups, tasks, assignees, checklist, comments, files and a mail made into a task; the
// uploaders' used size) and the files' bytes, and the APIs answer the same.
import { describe, expect, test } from "vitest";
import { join } from "node:path";
import { backupToFile } from "../../server/backup/backup.ts";
import { blobColumns } from "../../server/backup/catalogue.ts";
import { restoreFromFile } from "../../server/backup/restore.ts";
import type { FlowProject } from "../../shared/flow/projects.ts";
import type { FlowTask, TaskFile } from "../../shared/flow/index.ts";
import type { BoardEntry } from "../../shared/todo/boards.ts";
import type { ItemFile } from "../../shared/todo/details.ts";
import { apiCaller } from "../support/api-caller.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { flowApi, flowCompany, makeProject, makeTask } from "../flow/support.ts";
import { follow, makeWorkspace, todoApi, todoCompany } from "../todo/support.ts";
import { build, file } from "../mail/reading/support.ts";
import { dumpTables } from "./support.ts";

const source = await createTestApp();
const target = await createTestApp();
const PDF = new TextEncoder().encode("%PDF-1.4 할 일 첨부");
const PLAN = new TextEncoder().encode("%PDF-1.4 플로우 기획서");
const TODO_TABLES = ["todo_workspaces", "todo_boards", "todo_groups", "todo_items", "todo_item_files"];
const FLOW_TABLES = [
  "flow_projects", "flow_members", "flow_groups", "flow_tasks", "flow_task_assignees", "flow_checklist", "flow_comments", "flow_task_files",
];

async function upload(t: TestApp, path: string, token: string, name: string, bytes: Uint8Array, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append("part", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
  const res = await t.app.request(path, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);
  return await res.json();
}

describe("to-do and flow in backups", () => {
  test("a restore brings back the boards, items, projects, members, tasks and the files' bytes", async () => {
    const columns = await blobColumns(source.deps.sql);
    expect(columns).toContainEqual({ table: "todo_item_files", column: "blob_key" });
    expect(columns).toContainEqual({ table: "flow_task_files", column: "blob_key" });

    // to-do: a workspace with a follower, a board with items, a file on an item
    const T = await todoCompany(source, "todo-flow-backup.test");
    const todo = todoApi(source);
    const ws = await makeWorkspace(source, T.owner, "백업 공간");
    await follow(source, T.follower, ws.id);
    const b = await todo.ok(201, "POST", `board/${ws.id}`, T.owner, { title: "백업 보드", items: [{ title: "계약" }, { title: "디자인" }] });
    const itemId = (await todo.ok<BoardEntry>(200, "GET", `board/${b.id}`, T.owner)).items[0].id;
    const itemFile = await upload(source, `/api/todo/item/${itemId}/${b.id}/detail/file/upload`, T.follower.token, "계약서.pdf", PDF, { uploadType: "DETAIL_FILE" }) as ItemFile;

    // flow: a project with members (one invited), tasks with an assignee, checklist, comment and a file
    const F = await flowCompany(source, "flow-backup.test");
    const flow = flowApi(source);
    const p = await makeProject(source, F.master, { title: "백업 프로젝트", members: [F.member] });
    await flow.ok(201, "POST", `projects/${p.id}/members/invite`, F.master, { userIds: [F.other.id] });
    const task = await makeTask(source, F.master, p.id, { title: "기획", assignees: [F.member.id], startDate: "2026-03-02", dueDate: "2026-03-06" });
    await makeTask(source, F.member, p.id, { title: "하위", parentId: task.id });
    const D = `projects/${p.id}/tasks/${task.id}`;
    await flow.ok(201, "POST", `${D}/checklist`, F.master, { title: "초안" });
    await flow.ok(201, "POST", `${D}/comments`, F.member, { content: "확인했습니다" });
    const taskFile = await upload(source, `/api/flow/${D}/upload`, F.member.token, "기획서.pdf", PLAN) as TaskFile;
    // a mail made into a task (flow_mail_tasks, and the .eml as a file)
    const mailId = await file(source, { companyId: F.co.companyId, userId: F.master.id, username: F.master.username, token: F.master.token }, build({ subject: "견적 요청", text: "본문" }));
    const groupId = task.groupId;
    await source.call("POST", "/api/mails/flow/tasks", { token: F.master.token, json: { projectId: p.id, groupId, mailIds: [mailId] } }).then((r) => expect(r.status).toBe(201));

    const before = await dumpTables(source.deps.sql);
    for (const table of [...TODO_TABLES, ...FLOW_TABLES, "flow_mail_tasks"]) expect(before[table]?.length, table).toBeGreaterThan(0);
    const archive = join(source.dataDir, "todo-flow.backup");
    const summary = await backupToFile(archive, { sql: source.deps.sql, blobs: source.deps.blobs });
    expect(summary.missingBlobs).toBe(0);
    await restoreFromFile(archive, {
      sql: target.deps.sql, blobs: target.deps.blobs, tmpDir: target.dataDir, force: true, migrate: async () => {},
    });
    const after = await dumpTables(target.deps.sql);
    for (const table of [...TODO_TABLES, ...FLOW_TABLES, "flow_mail_tasks", "flow_filters", "users"]) expect(after[table], table).toEqual(before[table]);

    // the file bytes, through the restored APIs
    const todoBytes = await target.app.request(itemFile.url, { headers: { authorization: `Bearer ${T.owner.token}` } });
    expect(todoBytes.status).toBe(200);
    expect(new Uint8Array(await todoBytes.arrayBuffer())).toEqual(PDF);
    const flowBytes = await target.app.request(taskFile.url, { headers: { authorization: `Bearer ${F.master.token}` } });
    expect(flowBytes.status).toBe(200);
    expect(new Uint8Array(await flowBytes.arrayBuffer())).toEqual(PLAN);

    // the APIs answer the same
    const todoAfter = todoApi(target);
    const entry = await todo.ok<BoardEntry>(200, "GET", `board/${b.id}`, T.owner);
    expect(entry.items.find((i) => i.id === itemId)?.attachCnt).toBe(1);
    expect(await todoAfter.ok<BoardEntry>(200, "GET", `board/${b.id}`, T.owner)).toEqual(entry);
    const flowAfter = flowApi(target);
    expect(await flowAfter.ok<FlowProject>(200, "GET", `projects/${p.id}`, F.master)).toEqual(await flow.ok<FlowProject>(200, "GET", `projects/${p.id}`, F.master));
    expect(await flowAfter.ok<FlowTask>(200, "GET", D, F.member)).toEqual(await flow.ok<FlowTask>(200, "GET", D, F.member));
    expect(await flowAfter.ok(200, "GET", "folders", F.member)).toEqual(await flow.ok(200, "GET", "folders", F.member));
    expect(await apiCaller(target, "/api/mails/flow").ok(200, "GET", "tasks", F.master)).toEqual(await apiCaller(source, "/api/mails/flow").ok(200, "GET", "tasks", F.master));
  });
});
