// Mails made into tasks (shared/flow/mail-tasks.ts): one task a mail in the chosen project and group (the edit
// right there), made through the tasks' own create (title the subject, or the first line of the text; content
// the text as HTML, escaped; REQUESTED; the caller the requester), the mail's .eml kept as the task's file and
// counted in the caller's storage (507 flow.insufficient_space, checked before anything is made), and the link
// the mail list shows. A mail made into a task again is linked to the new task. The caller's own mails only:
// any other id answers 404 mail.not_found as the mail module does; a blocked mail 403 mail.blocked.
import { FILE_NAME_MAX, TASK_TITLE_MAX, type TaskStatus, taskPath } from "../../../../shared/flow/constants.ts";
import { FLOW_ERRORS } from "../../../../shared/flow/errors.ts";
import type { MailTaskLink } from "../../../../shared/flow/mail-tasks.ts";
import { createTaskBody, type FlowTask } from "../../../../shared/flow/tasks.ts";
import { type Page, pageOf, type PageQuery } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { parseWith } from "../../../lib/validate.ts";
import { escapeHtml } from "../../mail/compose/mime.ts";
import { messageBytes } from "../../mail/store/message-bytes.ts";
import { requireEdit } from "../access.ts";
import { publishFlowChanged } from "../realtime.ts";
import { insertAll } from "../tasks/create.ts";
import { getTask } from "../tasks/read.ts";
import { setTaskField } from "../tasks/fields.ts";
import { requireGroup } from "../tasks/rules.ts";
import * as repo from "./repo.ts";

const mailNotFound = () => new AppError(404, "mail.not_found");
const mailTaskNotFound = () => new AppError(404, FLOW_ERRORS.mailTaskNotFound);
/** 002 §8 "(제목 없음)": a mail with neither subject nor text. */
const NO_SUBJECT = "(제목 없음)";

/** The caller's mails, in the order asked; 404 mail.not_found when one is not theirs. */
async function ownMails(caller: Caller, ids: number[]): Promise<repo.OwnMail[]> {
  const { deps, auth } = caller;
  const byId = new Map((await repo.ownMails(deps.db, auth.companyId, auth.userId, ids)).map((m) => [m.id, m]));
  return ids.map((id) => {
    const m = byId.get(id);
    if (!m) throw mailNotFound();
    return m;
  });
}

const cut = (s: string, max: number) => [...s].slice(0, max).join("");

export function taskTitleOf(m: Pick<repo.OwnMail, "subject" | "textBody">): string {
  const subject = m.subject.replace(/\s+/g, " ").trim();
  const line = m.textBody.split(/\r?\n/).map((l) => l.replace(/\s+/g, " ").trim()).find((l) => l) ?? "";
  return cut(subject || line || NO_SUBJECT, TASK_TITLE_MAX);
}

/** The mail's text as HTML: every line escaped, paragraphs by blank lines, line breaks kept. */
export function taskContentOf(text: string): string {
  return text.replace(/\r\n?/g, "\n").split(/\n{2,}/).map((p) => p.trim()).filter((p) => p)
    .map((p) => `<p>${p.split("\n").map(escapeHtml).join("<br>")}</p>`).join("");
}

function emlName(subject: string): string {
  // deno-lint-ignore no-control-regex -- control characters never belong in a file name
  const base = subject.normalize("NFC").replace(/[\\/:*?"<>|\u0000-\u001f]/g, "_").trim() || "mail";
  return `${cut(base, FILE_NAME_MAX - 4)}.eml`;
}

export async function makeTasks(caller: Caller, b: { projectId: number; groupId: number; mailIds: number[] }): Promise<FlowTask[]> {
  const { deps, auth } = caller;
  const ids = [...new Set(b.mailIds)];
  const mails = await ownMails(caller, ids);
  if (mails.some((m) => m.blocked)) throw new AppError(403, "mail.blocked");
  await requireEdit(deps.db, caller, b.projectId);
  await requireGroup(deps.db, auth.companyId, b.projectId, b.groupId);
  // The .eml bytes first, outside the transaction (a blob no row names is collected later); then every task, file
  // and link in one transaction: all of them are made, or none.
  const emls = await Promise.all(mails.map(async (m) => await deps.blobs.put(await messageBytes(deps.blobs, m))));
  const tasks = mails.map((m) => {
    const body = parseWith(createTaskBody, { title: taskTitleOf(m), groupId: b.groupId, content: taskContentOf(m.textBody), contentType: "text/html" });
    return { ...body, startDate: null, dueDate: null, assignees: [] };
  });
  const made = await deps.db.transaction(async (tx) => {
    await requireEdit(tx, caller, b.projectId, { lock: true });
    const group = await requireGroup(tx, auth.companyId, b.projectId, b.groupId);
    const needed = emls.reduce((n, e) => n + e.size, 0);
    if (!(await repo.hasRoom(tx, auth.companyId, auth.userId, needed))) throw new AppError(507, FLOW_ERRORS.insufficientSpace);
    const taskIds = await insertAll(tx, caller, b.projectId, group.id, null, tasks);
    const at = deps.clock.now();
    await repo.deleteLinks(tx, auth.userId, mails.map((m) => m.id));
    for (const [i, m] of mails.entries()) {
      await repo.insertEmlFile(tx, { companyId: auth.companyId, taskId: taskIds[i], userId: auth.userId, name: emlName(m.subject || taskTitleOf(m)), size: emls[i].size, blobKey: emls[i].key, at });
      await repo.insertLink(tx, { mailId: m.id, taskId: taskIds[i], companyId: auth.companyId, userId: auth.userId, at });
    }
    return taskIds;
  });
  await publishFlowChanged(caller, { projectId: b.projectId, kind: "task", taskIds: made });
  return await Promise.all(made.map((id) => getTask(caller, b.projectId, id)));
}

const linkAnswer = (r: repo.LinkRow): MailTaskLink => ({
  mailId: r.mailId,
  taskId: r.taskId,
  projectId: r.projectId,
  projectTitle: r.projectTitle,
  taskTitle: r.taskTitle,
  taskStatus: r.taskStatus as TaskStatus,
  path: taskPath(r.projectId, r.taskId),
  createdTime: r.createdAt.getTime(),
});

export async function listLinks(caller: Caller, q: PageQuery): Promise<Page<MailTaskLink>> {
  const { deps, auth } = caller;
  const { rows, total } = await repo.linkPage(deps.db, auth.companyId, auth.userId, q.pageSize, q.page * q.pageSize);
  return pageOf(rows.map(linkAnswer), total, q);
}

/** The linked task's status from the mail (the edit right in its project). */
export async function setLinkedStatus(caller: Caller, mailId: number, status: TaskStatus): Promise<MailTaskLink> {
  const { deps, auth } = caller;
  await ownMails(caller, [mailId]);
  const link = await repo.linkOfMail(deps.db, auth.companyId, auth.userId, mailId);
  if (!link) throw mailTaskNotFound();
  await setTaskField(caller, link.projectId, link.taskId, "status", { status });
  return linkAnswer((await repo.linkOfMail(deps.db, auth.companyId, auth.userId, mailId))!);
}

/** The mails unlinked from their tasks (the tasks stay); 404 mail.not_found when one is not the caller's. */
export async function unlink(caller: Caller, mailIds: number[]): Promise<void> {
  const ids = [...new Set(mailIds)];
  await ownMails(caller, ids);
  await repo.deleteLinks(caller.deps.db, caller.auth.userId, ids);
}
