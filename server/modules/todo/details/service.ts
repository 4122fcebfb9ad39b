// An item's detail (shared/todo/details.ts; 002 §3 "Item detail", §8): read it whole, write its content
// (sanitised by the boards' sanitiser: what the rich-text editor writes survives, nothing else; no inline
// images), its checklist and its comments (each person edits and deletes their own). Files: files.ts.
// Every change keeps the item's counters right in the same transaction and is announced as TODO_CHANGED kind
// "detail" with the item's id after it committed. A follower of the board's workspace only (403
// todo.not_follower); an item not of the board, or a board or item of another company: 404 todo.item_not_found.
import { CHECKLIST_MAX, CONTENT_MAX } from "../../../../shared/todo/constants.ts";
import type { ChecklistEntry, ItemComment, ItemDetail, ItemFile } from "../../../../shared/todo/details.ts";
import { TODO_ERRORS } from "../../../../shared/todo/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { isEmptyContent, sanitizePostHtml } from "../../board/posts/sanitize.ts";
import { type BoardRow, requireBoard } from "../access.ts";
import { publishTodoChanged } from "../realtime.ts";
import { noticeComment } from "../notices.ts";
import * as repo from "./repo.ts";

export const itemNotFound = () => new AppError(404, TODO_ERRORS.itemNotFound);
const checklistNotFound = () => new AppError(404, TODO_ERRORS.checklistNotFound);
const commentNotFound = () => new AppError(404, TODO_ERRORS.commentNotFound);

export interface ItemAccess {
  board: BoardRow;
  item: repo.ItemRow;
}

/** The board (a follower's) and its item; a missing or foreign board answers as a missing item does. */
export async function requireItem(db: DbOrTx, caller: Caller, boardId: number, itemId: number, lock = false): Promise<ItemAccess> {
  let board: BoardRow;
  try {
    ({ board } = await requireBoard(db, caller, boardId));
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw itemNotFound();
    throw e;
  }
  const item = await repo.itemOfBoard(db, caller.auth.companyId, boardId, itemId, lock);
  if (!item) throw itemNotFound();
  return { board, item };
}

/** A change of the detail: in one transaction with the item locked, announced after it committed. */
async function change<T>(caller: Caller, boardId: number, itemId: number, body: (tx: DbOrTx, a: ItemAccess) => Promise<T>): Promise<T> {
  const { answer, workspaceId } = await caller.deps.db.transaction(async (tx) => {
    const a = await requireItem(tx, caller, boardId, itemId, true);
    const answer = await body(tx, a);
    await repo.recount(tx, itemId);
    return { answer, workspaceId: a.board.workspaceId };
  });
  await publishTodoChanged(caller, { workspaceId, boardId, kind: "detail", itemIds: [itemId] });
  return answer;
}

const presentChecklist = (r: repo.ChecklistRow): ChecklistEntry => ({ id: r.id, title: r.title, checked: r.checked });

export const fileUrl = (itemId: number, boardId: number, fileId: number) => `/api/todo/item/${itemId}/${boardId}/detail/file/${fileId}`;

export function presentFile(r: repo.FileRow, boardId: number): ItemFile {
  return {
    key: r.id, name: r.name, size: r.size, contentType: r.contentType, uploadType: "DETAIL_FILE", status: "COMPLETE", progress: 100,
    url: fileUrl(r.itemId, boardId, r.id), uploadedBy: r.uploaderId, uploadedTime: r.createdAt.getTime(),
  };
}

function presentComment(r: repo.CommentRow, userId: number): ItemComment {
  return {
    id: r.id, content: r.content, userId: r.userId, userName: r.userName ?? "", createdTime: r.createdAt.getTime(),
    updatedTime: r.updatedAt.getTime(), mine: r.userId === userId,
  };
}

/** GET item/{itemId}/{boardId}/detail */
export async function itemDetail(caller: Caller, boardId: number, itemId: number): Promise<ItemDetail> {
  const db = caller.deps.db;
  const { item } = await requireItem(db, caller, boardId, itemId);
  const [checkList, files, comments] = await Promise.all([repo.checklistOf(db, itemId), repo.filesOf(db, itemId), repo.commentsOf(db, itemId)]);
  return {
    itemId,
    boardId,
    title: item.title,
    content: item.content,
    existContent: item.content !== "",
    checkListCnt: checkList.length,
    checkListDoneCnt: checkList.filter((c) => c.checked).length,
    attachCnt: files.length,
    commentCnt: comments.length,
    checkList: checkList.map(presentChecklist),
    fileList: files.map((f) => presentFile(f, boardId)),
    commentList: comments.map((c) => presentComment(c, caller.auth.userId)),
  };
}

/** POST .../detail/content (201 { content }): kept as sanitised; content saying nothing is kept as "". */
export async function writeContent(caller: Caller, boardId: number, itemId: number, html: string): Promise<{ content: string }> {
  if (html.length > CONTENT_MAX * 2) throw new AppError(413, TODO_ERRORS.contentTooLarge, { size: CONTENT_MAX });
  const clean = sanitizePostHtml(html, () => false);
  const content = isEmptyContent(clean) ? "" : clean.html;
  if (content.length > CONTENT_MAX) throw new AppError(413, TODO_ERRORS.contentTooLarge, { size: CONTENT_MAX });
  return await change(caller, boardId, itemId, async (tx) => {
    await repo.writeContent(tx, itemId, content, caller.deps.clock.now());
    return { content };
  });
}

/** POST .../detail/checklist (201: the whole list). */
export async function addChecklist(caller: Caller, boardId: number, itemId: number, title: string): Promise<ChecklistEntry[]> {
  return await change(caller, boardId, itemId, async (tx) => {
    const list = await repo.checklistOf(tx, itemId);
    if (list.length >= CHECKLIST_MAX) throw new AppError(409, TODO_ERRORS.checklistMax);
    await repo.insertChecklist(tx, { companyId: caller.auth.companyId, itemId, title, checked: false, createdAt: caller.deps.clock.now() });
    return (await repo.checklistOf(tx, itemId)).map(presentChecklist);
  });
}

/** PUT .../detail/checklist/{id}/title or /checked (201: the entry). */
export async function updateChecklist(caller: Caller, boardId: number, itemId: number, id: number, patch: { title?: string; checked?: boolean }): Promise<ChecklistEntry> {
  return await change(caller, boardId, itemId, async (tx) => {
    const r = await repo.updateChecklist(tx, itemId, id, patch);
    if (!r) throw checklistNotFound();
    return presentChecklist(r);
  });
}

/** DELETE .../detail/checklist/{id} (200 { id }). */
export async function deleteChecklist(caller: Caller, boardId: number, itemId: number, id: number): Promise<{ id: number }> {
  return await change(caller, boardId, itemId, async (tx) => {
    if (!(await repo.deleteChecklist(tx, itemId, id))) throw checklistNotFound();
    return { id };
  });
}

/** POST .../detail/comment (201). */
export async function addComment(caller: Caller, boardId: number, itemId: number, content: string): Promise<ItemComment> {
  const comment = await change(caller, boardId, itemId, async (tx) => {
    const now = caller.deps.clock.now();
    const id = await repo.insertComment(tx, { companyId: caller.auth.companyId, itemId, userId: caller.auth.userId, content, createdAt: now, updatedAt: now });
    return presentComment((await repo.commentOfItem(tx, itemId, id))!, caller.auth.userId);
  });
  await noticeComment(caller, itemId, content);
  return comment;
}

/** The caller's own comment of the item: 404 todo.comment_not_found, 403 todo.comment_forbidden for another's. */
async function ownComment(tx: DbOrTx, caller: Caller, itemId: number, id: number): Promise<repo.CommentRow> {
  const c = await repo.commentOfItem(tx, itemId, id);
  if (!c) throw commentNotFound();
  if (c.userId !== caller.auth.userId) throw new AppError(403, TODO_ERRORS.commentForbidden);
  return c;
}

/** PUT .../detail/comment/{id} (201). */
export async function editComment(caller: Caller, boardId: number, itemId: number, id: number, content: string): Promise<ItemComment> {
  return await change(caller, boardId, itemId, async (tx) => {
    await ownComment(tx, caller, itemId, id);
    await repo.updateComment(tx, id, content, caller.deps.clock.now());
    return presentComment((await repo.commentOfItem(tx, itemId, id))!, caller.auth.userId);
  });
}

/** DELETE .../detail/comment/{id} (200 { id }). */
export async function deleteComment(caller: Caller, boardId: number, itemId: number, id: number): Promise<{ id: number }> {
  return await change(caller, boardId, itemId, async (tx) => {
    await ownComment(tx, caller, itemId, id);
    await repo.deleteComment(tx, id);
    return { id };
  });
}

export { change as changeDetail };
