// What the list does to mails (000 §4 "Mail read and star", "Moving and deleting"; §8 messages): read and
// star at once with rollback, move with the Sent rule, delete with the starred/scheduled confirmation (and
// for ever in the trash and spam), report spam and "not spam", tags, read all, empty the trash. Every outcome is told by
// the snackbar; the lists and counts are read again after each change the server made.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { MailFolder } from "@shared/mail/folders.ts";
import type { MailListItem } from "@shared/mail/reading.ts";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { mailKeys, refreshMail } from "../queries.ts";
import { useCanEditMails } from "../shared-access.ts";
import type { FolderRef, ListAction } from "../route-params.ts";
import * as act from "./actions.ts";
import { moveMails } from "../folders/move-mails.ts";
import { confirmMove, confirmTrash } from "./move-rules.ts";

const isTrashLike = (type: string | undefined) => type === "DELETED" || type === "SPAM";

export function useListActions(folderId: FolderRef, action: ListAction, folder: MailFolder | undefined) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const target: act.ActTarget = { folderId, ownerId: action.ownerId };
  const shared = !!action.ownerId;
  /** A folder shared with read permission only: its mails are read, not changed (the server says 403 too). */
  const canEdit = useCanEditMails(folderId, action.ownerId);

  /**
   * Read or unread at once; rolled back with the spec's message when the server refuses. Running list
   * fetches are cancelled first so an older answer cannot overwrite the change; a rollback puts back only
   * these mails (and their unread counts), never other changes made meanwhile.
   */
  async function setRead(rows: MailListItem[], read: boolean) {
    const ids = rows.map((m) => m.mailId);
    if (!ids.length || !canEdit) return;
    await qc.cancelQueries({ queryKey: mailKeys.lists });
    const changed = act.cachedRows(qc, ids, rows).filter((m) => (m.readStatus === 1) !== read);
    if (!shared) act.shiftUnreadCounts(qc, changed, read);
    act.patchMails(qc, ids, { readStatus: read ? 1 : 0 });
    try {
      await act.putRead(target, ids, read);
      // An opened mail cached as read would show read again; it is fetched anew when it opens.
      if (!read) qc.removeQueries({ queryKey: mailKeys.views, predicate: (q) => ids.includes(q.queryKey[2] as number) });
    } catch (e) {
      act.undoPatch(qc, changed, "readStatus");
      if (!shared) act.shiftUnreadCounts(qc, changed.map((m) => ({ ...m, readStatus: read ? 1 : 0 })), !read);
      snackbar("ERROR", t(e instanceof ApiError && e.status === 403 ? "list.msg.readDenied" : "list.msg.readFailed"));
    } finally {
      // The server's counts, and the list fetches cancelled above (a new mail's refresh among them).
      if (!shared) void qc.invalidateQueries({ queryKey: mailKeys.folders });
      void qc.invalidateQueries({ queryKey: mailKeys.lists });
    }
  }

  /** Star or unstar at once; as for read, a refusal puts back only these mails. */
  async function setStar(rows: MailListItem[], star: boolean) {
    const ids = rows.map((m) => m.mailId);
    if (!ids.length || !canEdit) return;
    await qc.cancelQueries({ queryKey: mailKeys.lists });
    const changed = act.cachedRows(qc, ids, rows).filter((m) => (m.importantStatus === 1) !== star);
    act.patchMails(qc, ids, { importantStatus: star ? 1 : 0 });
    try {
      await act.putStar(target, ids, star);
    } catch (e) {
      act.undoPatch(qc, changed, "importantStatus");
      snackbar("ERROR", t(e instanceof ApiError && e.status === 403 ? "list.msg.starDenied" : "list.msg.starFailed"));
    } finally {
      // The starred folder's list and count follow, and the list fetches cancelled above run again.
      void refreshMail(qc);
    }
  }

  async function remove(rows: MailListItem[]): Promise<boolean> {
    if (!rows.length || !canEdit) return false;
    const forever = isTrashLike(folder?.folderType) && !shared;
    if (forever) {
      const ok = await confirm({ message: t("list.confirm.deleteForever", { count: rows.length }), confirmLabel: t("list.action.deleteForever"), danger: true });
      if (!ok) return false;
    } else if (!(await confirmTrash(rows, t))) return false;
    try {
      const r = await act.putDelete(target, rows.map((m) => m.mailId));
      snackbar("SUCCESS", t(r.deleted > 0 && r.trashed === 0 ? "list.msg.deletedForever" : "list.msg.deleted"));
      return true;
    } catch (e) {
      snackbar("ERROR", e instanceof ApiError && e.status === 403 ? errorText(e.code) : t("list.msg.deleteFailed"));
      return false;
    } finally {
      void refreshMail(qc, { quota: true });
    }
  }

  /** Move with the Sent rule: no sent-type mail → refused; some → only those move, after a confirm. */
  async function move(rows: MailListItem[], to: MailFolder): Promise<boolean> {
    if (!rows.length) return false;
    if (!(await confirmMove(rows, to.folderType, t))) return false;
    try {
      await moveMails(rows.map((m) => m.mailId), Number(to.id));
      snackbar("SUCCESS", t("list.msg.moved"));
      return true;
    } catch (e) {
      snackbar("ERROR", e instanceof ApiError && e.code !== "common.500" ? errorText(e.code) : t("list.msg.moveFailed"));
      return false;
    } finally {
      void refreshMail(qc, { quota: true });
    }
  }

  async function report(rows: MailListItem[]) {
    if (!rows.length) return;
    if (!(await confirm({ message: t("list.confirm.report", { count: rows.length }), confirmLabel: t("list.action.report") }))) return;
    const results = await Promise.allSettled(rows.map((m) => act.postReport(m.mailId)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) {
      const e = failed.reason;
      snackbar("ERROR", e instanceof ApiError && e.code.startsWith("mail.") && e.code !== "mail.not_found" ? errorText(e.code) : t("list.msg.reportFailed"));
    } else snackbar("SUCCESS", t("list.msg.reported"));
    void refreshMail(qc, { quota: true });
  }

  /** Spam folder: the selected mails back to their mailboxes (unblock); what the system blocked stays. */
  async function notSpam(rows: MailListItem[]) {
    if (!rows.length) return;
    if (!(await confirm({ message: t("list.confirm.notSpam", { count: rows.length }), confirmLabel: t("list.action.notSpam") }))) return;
    const results = await Promise.allSettled(rows.map((m) => act.patchUnblock(m.mailId)));
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    const system = failed.filter((r) => r.reason instanceof ApiError && r.reason.code === "mail.system_blocked").length;
    if (system) snackbar("ERROR", t("list.msg.notSpamSystem", { count: system }));
    else if (failed.length) snackbar("ERROR", t("list.msg.notSpamFailed"));
    else snackbar("SUCCESS", t("list.msg.notSpamDone"));
    void refreshMail(qc, { quota: true });
  }

  async function tag(type: "add" | "delete", name: string, rows: MailListItem[]) {
    if (!rows.length) return;
    try {
      await act.putTags(type, name, rows.map((m) => m.mailId));
      snackbar("SUCCESS", t(type === "add" ? "list.msg.tagAdded" : "list.msg.tagRemoved", { tag: name }));
    } catch {
      snackbar("ERROR", t(type === "add" ? "list.msg.tagAddFailed" : "list.msg.tagRemoveFailed"));
    } finally {
      void refreshMail(qc, { quota: true });
    }
  }

  /** Every mail of the folder read; the folder's unread count becomes 0 at once. */
  async function readAll() {
    const before = act.snapshot(qc);
    if (folder) act.zeroFolderCounts(qc, folder.id);
    qc.setQueriesData<{ mails: MailListItem[] }>({ queryKey: [...mailKeys.lists, String(folderId)] }, (p) =>
      p ? { ...p, mails: p.mails.map((m) => ({ ...m, readStatus: 1 as const })) } : p);
    try {
      await act.putReadAll(folderId);
      snackbar("SUCCESS", t("list.msg.readAllDone"));
    } catch (e) {
      act.restore(qc, before);
      snackbar("ERROR", e instanceof ApiError && e.code === "mail.read_all_search" ? errorText(e.code) : t("list.msg.readFailed"));
    } finally {
      void refreshMail(qc, { quota: true });
    }
  }

  /** Empties the trash or the spam folder: counts to zero, the list read again. */
  async function empty() {
    if (!folder || !isTrashLike(folder.folderType)) return;
    const key = folder.folderType === "SPAM" ? "list.confirm.emptySpam" : "list.confirm.emptyTrash";
    if (!(await confirm({ message: t(key), confirmLabel: t("list.action.empty"), danger: true }))) return;
    try {
      await act.putEmpty(Number(folder.id));
      act.zeroFolderCounts(qc, folder.id, true);
      snackbar("SUCCESS", t("list.msg.deletedForever"));
    } catch {
      snackbar("ERROR", t("list.msg.emptyFailed"));
    } finally {
      void refreshMail(qc, { quota: true });
    }
  }

  return { setRead, setStar, remove, move, report, notSpam, tag, readAll, empty, shared, canEdit };
}
