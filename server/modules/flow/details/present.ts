// A task's details as answered (shared/flow/task-details.ts ChecklistItem, TaskComment, TaskFile): a comment
// says whether the caller may edit it (theirs) or delete it (theirs, or the project's MASTER/ADMIN); a file
// its download address and the viewer's route, and whether it is a mail (.eml) the viewer reads as one.
import { type Authority, canManage, fileViewPath } from "../../../../shared/flow/constants.ts";
import type { ChecklistItem, TaskComment, TaskFile } from "../../../../shared/flow/task-details.ts";
import type { ChecklistRow, CommentRow, FileRow } from "./repo.ts";

export const checklistItemOf = (r: ChecklistRow): ChecklistItem => ({ checklistId: r.id, title: r.title, checked: r.checked });

export const commentOf = (r: CommentRow, me: number, authority: Authority | null): TaskComment => ({
  commentId: r.id,
  content: r.content,
  userId: r.userId,
  userName: r.userName,
  createdTime: r.createdAt.getTime(),
  updatedTime: r.updatedAt.getTime(),
  editable: r.userId === me,
  deletable: r.userId === me || canManage(authority),
});

/** A mail file: message/rfc822 or a name ending in .eml. */
export const isEmlFile = (f: { name: string; contentType: string }) =>
  f.contentType === "message/rfc822" || /\.eml$/i.test(f.name);

export const fileUrl = (projectId: number, taskId: number, fileId: number) => `/api/flow/projects/${projectId}/tasks/${taskId}/file/${fileId}`;

export const fileOf = (r: FileRow, projectId: number): TaskFile => ({
  fileId: r.id,
  name: r.name,
  size: r.size,
  contentType: r.contentType,
  url: fileUrl(projectId, r.taskId, r.id),
  viewPath: fileViewPath(projectId, r.taskId, r.id),
  isEml: isEmlFile(r),
  uploadedBy: r.uploaderId,
  uploadedTime: r.createdAt.getTime(),
});
