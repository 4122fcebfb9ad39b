// Mails made into tasks (002 §3 "Mail-linked task: project id, group id, mailIds"; 000 §3 mail list item
// flowMail, taskId, taskStatus; §7 mail calls flow/tasks; the virtual folder flow -17). Calls under /api/mails
// (the mail module's routes, calling the flow module's service; the mail's owner only, a foreign mail id 404s
// like a missing one, mail.* codes as the mail module answers them):
//
//   POST   flow/tasks                  mailTasksBody → 201 FlowTask[]: one task a mail in the chosen project and
//                                      group (an authority other than READ there): title the subject ("(제목
//                                      없음)"-style empty subject: the mail's first text line), content the
//                                      mail's text as HTML (sanitised), requester the caller, REQUESTED; the
//                                      mail's .eml kept as the task's file ({subject}.eml, viewable as a mail:
//                                      task-details.ts GET file/{id}/view/eml) and counted in the caller's
//                                      storage (507 flow.insufficient_space). The mail shows flowMail 1, taskId,
//                                      taskStatus from then on, and lists in the flow folder (-17).
//   GET    flow/tasks?page=&pageSize=  Page<MailTaskLink>: the caller's mails made into tasks, newest first
//                                      (tasks since deleted, or in projects they left, are not listed).
//   PUT    flow/tasks                  { mailId, status } → 200 MailTaskLink: the task's status from the mail
//                                      (edit right in its project).
//   DELETE flow/tasks                  { mailIds } → 204: the mails unlinked from their tasks (the tasks stay).
//
// The mail picker of "make a task from this mail" lists GET /api/flow/projects/my and
// GET /api/flow/projects/{id}/groups (002 §7 "Mail-linked tasks").
import { z } from "zod";
import { TASK_STATUSES, type TaskStatus } from "./constants.ts";
import { flowId } from "./projects.ts";

export interface MailTaskLink {
  mailId: number;
  taskId: number;
  projectId: number;
  projectTitle: string;
  taskTitle: string;
  taskStatus: TaskStatus;
  /** The app route of the task (constants.ts taskPath). */
  path: string;
  createdTime: number;
}

export const mailTasksBody = z.object({ projectId: flowId, groupId: flowId, mailIds: z.array(flowId).min(1).max(50) });
export const mailTaskStatusBody = z.object({ mailId: flowId, status: z.enum(TASK_STATUSES) });
export const mailTaskUnlinkBody = z.object({ mailIds: z.array(flowId).min(1).max(500) });
