// The reader's calls and the cache edits that keep the list and the folder tree in step with them:
// reading (the server marks a mail read as it is opened), unread, delete, tags, report and unblock. Moving
// uses the folder part's moveMails (../folders/move-mails.ts).
// Lists live under mailKeys.lists (MailListPage), the tree under mailKeys.folders (MailFolder[]).
import type { QueryClient } from "@tanstack/react-query";
import type { MailFolder } from "@shared/mail/folders.ts";
import type { MailListItem, MailListPage, MailView } from "@shared/mail/reading.ts";
import type { SpamActionResult } from "@shared/mail/spam.ts";
import { api } from "../../../lib/api.ts";
import { mailKeys, refreshMail } from "../queries.ts";
import type { FolderRef } from "../route-params.ts";

/** Folders whose mails the virtual folders (all, unread, tags) leave out. */
const OUT_OF_VIRTUAL_SCOPE = ["DELETED", "SPAM", "DRAFTS"];

/** Applies `edit` to every cached list row of these mails. */
export function editListRows(qc: QueryClient, mailIds: number[], edit: (row: MailListItem) => MailListItem) {
  const ids = new Set(mailIds);
  qc.setQueriesData<MailListPage>({ queryKey: mailKeys.lists }, (page) =>
    page && page.mails.some((m) => ids.has(m.mailId)) ? { ...page, mails: page.mails.map((m) => (ids.has(m.mailId) ? edit(m) : m)) } : page);
}

/** The cached list row of a mail, if any list on screen holds it. */
export function cachedRow(qc: QueryClient, mailId: number): MailListItem | undefined {
  for (const [, page] of qc.getQueriesData<MailListPage>({ queryKey: mailKeys.lists })) {
    const row = page?.mails.find((m) => m.mailId === mailId);
    if (row) return row;
  }
  return undefined;
}

function mapTree(tree: MailFolder[], edit: (f: MailFolder) => MailFolder): MailFolder[] {
  return tree.map((f) => edit({ ...f, children: mapTree(f.children, edit) }));
}

/**
 * Moves a folder's unread count by `delta` (never below 0), with the virtual "all" and "unread" folders and
 * the tag folders of the mail when the folder is in their scope.
 */
export function shiftUnread(qc: QueryClient, folderId: number, folderType: string, tags: string[], delta: number) {
  const inScope = !OUT_OF_VIRTUAL_SCOPE.includes(folderType);
  const tagIds = new Set(tags.map((t) => `t_${t}`));
  qc.setQueryData<MailFolder[]>(mailKeys.folders, (tree) =>
    tree && mapTree(tree, (f) => {
      const hit = f.id === folderId || (inScope && (f.id === -1 || f.id === -3 || tagIds.has(String(f.id))));
      return hit ? { ...f, newCount: Math.max(0, f.newCount + delta) } : f;
    }));
}

/**
 * The mail was just opened (and so marked read by the server): the list rows and the unread counts follow.
 * Not for shared folders, whose owner's state is left as it is.
 */
export function applyOpened(qc: QueryClient, mail: MailView) {
  const row = cachedRow(qc, mail.mailId);
  if (row && row.readStatus === 0) {
    editListRows(qc, [mail.mailId], (m) => ({ ...m, readStatus: 1 }));
    shiftUnread(qc, mail.folderId, mail.folderType, mail.tags, -1);
  }
  // The server's counters are the truth; the edit above only makes the tree follow at once.
  void qc.invalidateQueries({ queryKey: mailKeys.folders });
}

/** Marks a mail unread again: server, list rows and counts. */
export async function markUnread(qc: QueryClient, mail: MailView) {
  await api("/api/mails/readStatus", { method: "PUT", json: { mailIds: [mail.mailId], readStatus: 0 } });
  editListRows(qc, [mail.mailId], (m) => ({ ...m, readStatus: 0 }));
  if (mail.readStatus === 1) shiftUnread(qc, mail.folderId, mail.folderType, mail.tags, 1);
  qc.removeQueries({ queryKey: mailKeys.view(mail.mailId) });
  void qc.invalidateQueries({ queryKey: mailKeys.folders });
}

/** Deletes (to the trash, or for ever from trash and spam); shared folders delete into the owner's trash. */
export async function deleteMail(qc: QueryClient, mail: MailView, folderId: FolderRef, ownerId?: number) {
  if (ownerId) {
    await api("/api/share/mails/deleteStatus", { method: "PUT", json: { mailIds: [mail.mailId], folderId: String(folderId), ownerId } });
  } else {
    await api("/api/mails/deleteStatus", { method: "PUT", json: { mailIds: [mail.mailId], folderId: String(folderId) } });
  }
  afterLeaving(qc, mail.mailId, ownerId);
}

/** After a mail left its folder: lists and counts refetch, the cached view is dropped. */
export function afterLeaving(qc: QueryClient, mailId: number, ownerId?: number) {
  qc.removeQueries({ queryKey: mailKeys.view(mailId, ownerId) });
  void refreshMail(qc);
}

/** Adds or removes a tag (PUT /api/mails/tags); the view and list rows follow. */
export async function setTag(qc: QueryClient, mail: MailView, tag: string, type: "add" | "delete") {
  await api("/api/mails/tags", { method: "PUT", json: { type, tag, mailIds: [mail.mailId] } });
  const edit = (tags: string[]) => (type === "add" ? [...new Set([...tags, tag])] : tags.filter((t) => t !== tag));
  qc.setQueryData<MailView>(mailKeys.view(mail.mailId), (v) => v && { ...v, tags: edit(v.tags) });
  editListRows(qc, [mail.mailId], (m) => ({ ...m, tags: edit(m.tags) }));
  void qc.invalidateQueries({ queryKey: mailKeys.folders });
}

/** Reports a mail as spam (it moves to the spam folder as REPORT_MAIL). */
export async function reportSpam(qc: QueryClient, mail: MailView, reportContents: string) {
  const r = await api<SpamActionResult>("/api/mails/report", { method: "POST", json: { mailId: mail.mailId, reportContents } });
  qc.setQueryData<MailView>(mailKeys.view(mail.mailId), (v) => v && { ...v, folderId: r.folderId, folderType: "SPAM", mailType: r.mailType });
  void refreshMail(qc);
  return r;
}

/** Unblocks a blocked or reported mail: back to its folder as NORMAL, content and attachments restored. */
export async function unblockMail(qc: QueryClient, mail: MailView) {
  const r = await api<SpamActionResult>(`/api/mails/${mail.mailId}/unblock`, { method: "PATCH" });
  await qc.invalidateQueries({ queryKey: mailKeys.view(mail.mailId) });
  void refreshMail(qc);
  return r;
}
