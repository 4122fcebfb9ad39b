// An item's detail (002 §3 "Item detail", "Checklist entry", "File", "Comment"; §4 upload states; §7; §8 "Item
// detail"). Calls under /api/todo/item/{itemId}/{boardId}/detail (a follower of the board's workspace; an item
// not of that board or company: 404 todo.item_not_found "해당 아이템이 존재하지 않습니다"):
//
//   GET    item/{itemId}/{boardId}/detail         ItemDetail
//   POST   .../detail/content                     { content } (HTML; kept as the rich-text editor's schema
//                                                  allows, anything else dropped) → 201 ItemDetail["content"]
//                                                  as { content }. 413 todo.content_too_large past CONTENT_MAX.
//   POST   .../detail/checklist                   { title } → 201 ChecklistEntry[] (the whole list); 409
//                                                  todo.checklist_max.
//   PUT    .../detail/checklist/{id}/title        { title } → 201 ChecklistEntry
//   PUT    .../detail/checklist/{id}/checked      { checked: 0|1 } → 201 ChecklistEntry
//   DELETE .../detail/checklist/{id}              200 { id }
//   POST   .../detail/file/upload                 multipart part (the file), uploadType DETAIL_FILE → 201
//                                                  ItemFile. 413 todo.file_too_large (FILE_MAX_BYTES, params
//                                                  size), 400 todo.file_name_too_long (FILE_NAME_MAX), 507
//                                                  todo.insufficient_space (the uploader's quota, shared with mail
//                                                  and drive), 409 todo.files_max. Names NFC.
//   GET    .../detail/file/{id}                   the bytes (ours; Range; images inline, others as attachment).
//   DELETE .../detail/file/{id}                   204; 404 todo.file_not_found "해당 파일이 존재하지 않습니다."
//   POST   .../detail/comment                     { content } → 201 ItemComment
//   PUT    .../detail/comment/{id}                { content } → 201 ItemComment; 403 todo.comment_forbidden
//                                                  ("해당 댓글에 대한 권한이 없습니다.") for another's comment;
//                                                  404 todo.comment_not_found.
//   DELETE .../detail/comment/{id}                200 { id }; 403 / 404 as PUT.
import { z } from "zod";
import { CHECKLIST_TITLE_MAX, COMMENT_MAX, CONTENT_MAX } from "./constants.ts";
import type { ItemCounters } from "./items.ts";

export interface ChecklistEntry {
  id: number;
  title: string;
  checked: boolean;
}

/** 002 §3 "File: key, name, size, contentType, uploadType DETAIL_FILE, status, progress" as the server has it:
 *  status is always "COMPLETE" and progress 100 (the browser keeps the upload's own states). */
export interface ItemFile {
  key: number;
  name: string;
  size: number;
  contentType: string;
  uploadType: "DETAIL_FILE";
  status: "COMPLETE";
  progress: 100;
  /** GET .../detail/file/{key} */
  url: string;
  uploadedBy: number;
  uploadedTime: number;
}

export interface ItemComment {
  id: number;
  content: string;
  userId: number;
  userName: string;
  createdTime: number;
  updatedTime: number;
  /** The caller wrote it (may edit and delete it). */
  mine: boolean;
}

export interface ItemDetail extends ItemCounters {
  itemId: number;
  boardId: number;
  title: string;
  content: string;
  checkList: ChecklistEntry[];
  fileList: ItemFile[];
  commentList: ItemComment[];
}

export const contentBody = z.object({ content: z.string().max(CONTENT_MAX * 2) });
export const checklistTitleBody = z.object({ title: z.string().trim().min(1).max(CHECKLIST_TITLE_MAX) });
export const checklistCheckedBody = z.object({ checked: z.union([z.literal("0"), z.literal("1"), z.literal(0), z.literal(1), z.boolean()]) });
export const commentBody = z.object({ content: z.string().trim().min(1).max(COMMENT_MAX) });
