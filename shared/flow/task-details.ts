// A task's checklist, comments and files (002 §3 "Task": checklist, comments, files; §4 upload states; §5; §6
// comments; §7; §8 upload texts). Calls under /api/flow/projects/{p}/tasks/{t} (reading: JOINED; adding: an
// authority other than READ; a task not of the project or company: 404 flow.task_not_found):
//
//   POST   checklist                   { title } → 201 ChecklistItem[] (409 flow.checklist_max)
//   PUT    checklist                   { checklistId, title?, checked? } → 200 ChecklistItem
//   DELETE checklist/{id}              204 (404 flow.checklist_not_found)
//   POST   comments                    { content } → 201 TaskComment
//   PUT    comments/{id}               { content } → 200 TaskComment; 403 flow.comment_forbidden ("해당 댓글에 대한
//                                      권한이 없습니다.") for another's comment
//   DELETE comments/{id}               204 (the author, or the project's MASTER/ADMIN; else 403 as PUT)
//   POST   upload                      multipart part → 201 TaskFile; 413 flow.file_too_large ("전송 가능한 최대
//                                      크기를 초과했습니다.", FILE_MAX_BYTES), 400 flow.file_name_too_long
//                                      ("파일의 이름은 200글자 이하여야 합니다."), 507 flow.insufficient_space ("전체
//                                      용량을 초과했습니다. 관리자에게 문의하세요."; the uploader's quota, shared with
//                                      mail and drive), 409 flow.files_max. Names NFC.
//   GET    file/{id}                   the bytes (ours; Range; images and PDF inline, others as attachment)
//   DELETE file/{id}                   204 (404 flow.file_not_found)
//   GET    file/{id}/view/eml          EmlView: a .eml file (a mail made into a task) read as a mail, its HTML
//                                      sanitised like the mail reader's; 409 flow.not_eml for another type.
import { z } from "zod";
import { CHECKLIST_TITLE_MAX, COMMENT_MAX } from "./constants.ts";
import { flowId } from "./projects.ts";

export interface ChecklistItem {
  checklistId: number;
  title: string;
  checked: boolean;
}
export interface TaskComment {
  commentId: number;
  content: string;
  userId: number;
  userName: string;
  createdTime: number;
  updatedTime: number;
  /** The caller may edit it (theirs). */
  editable: boolean;
  /** The caller may delete it (theirs, or MASTER/ADMIN). */
  deletable: boolean;
}
export interface TaskFile {
  fileId: number;
  name: string;
  size: number;
  contentType: string;
  /** GET .../file/{fileId} */
  url: string;
  /** 002 §2 the viewer's route. */
  viewPath: string;
  isEml: boolean;
  uploadedBy: number;
  uploadedTime: number;
}
export interface EmlView {
  subject: string;
  from: { name: string; address: string } | null;
  to: { name: string; address: string }[];
  cc: { name: string; address: string }[];
  date: number | null;
  /** Sanitised HTML (or the text as HTML). */
  html: string;
  attachments: { name: string; size: number; contentType: string }[];
}

export const checklistAddBody = z.object({ title: z.string().trim().min(1).max(CHECKLIST_TITLE_MAX) });
export const checklistPutBody = z.object({
  checklistId: flowId,
  title: z.string().trim().min(1).max(CHECKLIST_TITLE_MAX).optional(),
  checked: z.union([z.boolean(), z.literal("0"), z.literal("1"), z.literal("true"), z.literal("false"), z.literal(0), z.literal(1)])
    .transform((v) => v === true || v === "1" || v === "true" || v === 1).optional(),
});
export const commentBody = z.object({ content: z.string().trim().min(1).max(COMMENT_MAX) });
