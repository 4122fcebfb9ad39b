// The reader's toolbar: reply, reply all, forward, delete, move, report spam, and a "more" menu (mark unread,
// original message, print, open in a popup window), with previous/next when the list knows its neighbours.
// Confirmations follow 000 §4 "Moving and deleting"; results and failures follow §8. A mail of a shared folder
// (list.ownerId) offers no reply/forward: the server prefills those only from the caller's own mails.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator, Toolbar } from "react-aria-components";
import type { MailView } from "@shared/mail/reading.ts";
import { SENT_MAIL_TYPES } from "@shared/mail/reading.ts";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { MailIcon, type MailIconName } from "../icons.tsx";
import { flattenWithDepth, foldersQuery, moveMenuIndent } from "../queries.ts";
import { COMPOSE_TYPES, type FolderRef, type ListAction, openPopup, popupUrls } from "../route-params.ts";
import { useMailOpeners } from "../open.ts";
import { folderName } from "../folders/folder-meta.ts";
import { moveMailsWithFeedback } from "../folders/move-mails.ts";
import { afterLeaving, deleteMail, markUnread } from "./actions.ts";
import { useCanEditMails } from "../shared-access.ts";
import { lazy, Suspense, useState } from "react";
import { userDetailQuery } from "../../../app/queries.ts";
import { usePostToBoard } from "./post-to-board.ts";
import { MakeTaskDialog } from "../flow-task/MakeTaskDialog.tsx";
import { useFlowUsed } from "../flow-task/api.ts";

/** The customer book's "keep in customer history" dialog, loaded when opened (its island). */
const KeepMailDialog = lazy(() => import("../../customers/KeepMailDialog.tsx"));

/** Folders a mail can be moved into from the reader: the server's move targets (spam is "report spam"). */
const MOVE_TARGET_TYPES = ["INBOX", "TOME", "SENT", "DELETED", "PRIVATE"];

export interface ReaderToolbarProps {
  mail: MailView;
  folderId: FolderRef;
  page: number;
  list: ListAction;
  inPopup?: boolean;
  /** The mail left the folder (deleted, moved, marked unread): show the next one or the list. */
  onLeave(reason: "deleted" | "moved" | "unread"): void;
  onReport(): void;
  /** Previous / next mail of the list, when known. */
  nav?: React.ReactNode;
}

function ToolButton({ icon, label, onPress, isDisabled }: { icon: MailIconName; label: string; onPress(): void; isDisabled?: boolean }) {
  return (
    <AriaButton className="mr-tool" onPress={onPress} isDisabled={isDisabled}>
      <MailIcon name={icon} size={18} />
      <span className="mr-tool-label">{label}</span>
    </AriaButton>
  );
}

export function ReaderToolbar({ mail, folderId, page, list, inPopup, onLeave, onReport, nav }: ReaderToolbarProps) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const { openMail, openCompose } = useMailOpeners();
  const tree = useQuery(foldersQuery).data;
  const shared = !!list.ownerId;
  // A folder shared with read permission only: its mails are not deleted (the server says 403 too).
  const canEdit = useCanEditMails(folderId, list.ownerId);
  const { t: tc } = useTranslation("customers");
  const customerBook = useQuery(userDetailQuery).data?.usedModules.includes("customer") ?? false;
  const [keeping, setKeeping] = useState(false);
  const postToBoard = usePostToBoard(mail.mailId, !!inPopup);
  const flowUsed = useFlowUsed();
  const [makingTask, setMakingTask] = useState(false);
  // The boards' texts only where boards are used, loaded without holding the reader back (the menu opens later).
  const { t: tb } = useTranslation(postToBoard ? "board" : "mail", { useSuspense: false });
  const isSenderCopy = (SENT_MAIL_TYPES as readonly string[]).includes(mail.mailType);
  const scheduled = mail.mailType === "RESERVE";
  const starred = mail.importantStatus === 1;
  const inBin = mail.folderType === "DELETED" || mail.folderType === "SPAM";
  // Each with its depth, so sub-folders show indented under their parent.
  const targets = tree
    ? flattenWithDepth(tree).filter(({ folder: f }) =>
      typeof f.id === "number" && f.id > 0 && MOVE_TARGET_TYPES.includes(f.folderType) && f.id !== mail.folderId
    )
    : [];

  const compose = (type: number) =>
    openCompose(folderId, page, type === COMPOSE_TYPES.FORWARD
      ? { type, mailIds: [mail.mailId] }
      : { type, mailId: mail.mailId });

  /** 000 §4: moving starred or scheduled mail to the trash asks first. */
  const moveToTrashConfirmed = async (confirmLabel: string) => {
    if (!starred && !scheduled) return true;
    return await confirm({ message: t(scheduled ? "view.confirm.trashScheduled" : "view.confirm.trashStarred"), danger: true, confirmLabel });
  };
  /** Delete: from the trash or spam it is for ever (always asked); elsewhere a move to the trash. */
  const trashConfirmed = async () => {
    if (inBin) return await confirm({ message: t("view.confirm.deleteForever"), danger: true, confirmLabel: t("view.delete") });
    return await moveToTrashConfirmed(t("view.delete"));
  };

  const remove = async () => {
    if (!(await trashConfirmed())) return;
    try {
      await deleteMail(qc, mail, folderId, list.ownerId);
      snackbar("SUCCESS", t("view.deleted"), { carry: true });
      onLeave("deleted");
    } catch (e) {
      snackbar("ERROR", e instanceof ApiError && e.status !== 500 && e.code.startsWith("mail.") ? errorText(e.code) : t("view.deleteFailed"));
    }
  };

  const move = async (targetId: number) => {
    const target = targets.find(({ folder: f }) => f.id === targetId)?.folder;
    if (!target) return;
    if (target.folderType === "SENT" && !isSenderCopy) return snackbar("VALIDATION", errorText("mail.move_sent_none"));
    if (target.folderType === "DELETED" && !(await moveToTrashConfirmed(t("view.move")))) return;
    const r = await moveMailsWithFeedback([mail.mailId], targetId, folderName(target, t), qc);
    if (r && r.moved > 0) {
      afterLeaving(qc, mail.mailId);
      onLeave("moved");
    }
  };

  const unread = async () => {
    try {
      await markUnread(qc, mail);
      onLeave("unread");
    } catch (e) {
      snackbar("ERROR", t(e instanceof ApiError && e.status === 403 ? "view.readDenied" : "view.readFailed"));
    }
  };

  const more = (key: React.Key) => {
    if (key === "unread") void unread();
    else if (key === "original") openPopup(popupUrls.original(mail.mailId, list.ownerId), `mail-original-${mail.mailId}`);
    else if (key === "print") openMail(folderId, page, { mailId: mail.mailId }, list, { print: true });
    else if (key === "keep") setKeeping(true);
    else if (key === "board") postToBoard?.();
    else if (key === "flowTask") setMakingTask(true);
    else if (key === "popup") openPopup(popupUrls.view({ folderId, page, list, view: { mailId: mail.mailId } }), `mail-view-${mail.mailId}`);
  };

  return (
    <Toolbar className="mr-toolbar" aria-label={t("view.toolbar")}>
      {!mail.blocked && !shared && (
        <>
          <ToolButton icon="reply" label={t("view.reply")} onPress={() => compose(COMPOSE_TYPES.REPLY)} />
          <ToolButton icon="replyAll" label={t("view.replyAll")} onPress={() => compose(COMPOSE_TYPES.REPLY_ALL)} />
          <ToolButton icon="forward" label={t("view.forward")} onPress={() => compose(COMPOSE_TYPES.FORWARD)} />
          <Separator orientation="vertical" className="mr-tool-sep" />
        </>
      )}
      {canEdit && <ToolButton icon="trash" label={t("view.delete")} onPress={() => void remove()} />}
      {!shared && targets.length > 0 && (
        <MenuTrigger>
          <AriaButton className="mr-tool">
            <MailIcon name="move" size={18} />
            <span className="mr-tool-label">{t("view.move")}</span>
            <MailIcon name="chevronDown" size={14} />
          </AriaButton>
          <Popover className="mr-menu-popover">
            <Menu className="mr-menu" aria-label={t("view.moveTo")} onAction={(k) => void move(Number(k))}>
              {targets.map(({ folder: f, depth }) => (
                <MenuItem key={String(f.id)} id={String(f.id)} className="mr-menu-item" textValue={folderName(f, t)}>
                  <span className="mr-menu-folder" style={{ paddingInlineStart: moveMenuIndent(f, depth) }} title={folderName(f, t)}>
                    {folderName(f, t)}
                  </span>
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
      {!shared && !isSenderCopy && mail.mailType === "NORMAL" && !mail.blocked && mail.folderType !== "SPAM" && (
        <ToolButton icon="spam" label={t("view.report.button")} onPress={onReport} />
      )}
      <MenuTrigger>
        <AriaButton className="mr-tool" aria-label={t("view.moreActions")}>
          <MailIcon name="more" size={18} />
        </AriaButton>
        <Popover className="mr-menu-popover" placement="bottom end">
          <Menu className="mr-menu" aria-label={t("view.moreActions")} onAction={more}>
            {!shared && <MenuItem id="unread" className="mr-menu-item">{t("view.markUnread")}</MenuItem>}
            {!mail.blocked && <MenuItem id="original" className="mr-menu-item">{t("view.originalMessage")}</MenuItem>}
            {!mail.blocked && <MenuItem id="print" className="mr-menu-item">{t("view.print")}</MenuItem>}
            {!inPopup && <MenuItem id="popup" className="mr-menu-item">{t("view.openPopup")}</MenuItem>}
            {customerBook && !shared && !mail.blocked && <MenuItem id="keep" className="mr-menu-item">{tc("keep.menu")}</MenuItem>}
            {postToBoard && !shared && !mail.blocked && <MenuItem id="board" className="mr-menu-item">{tb("write.fromMail")}</MenuItem>}
            {flowUsed && !shared && !mail.blocked && <MenuItem id="flowTask" className="mr-menu-item">{t("flowTask.menu")}</MenuItem>}
          </Menu>
        </Popover>
      </MenuTrigger>
      {makingTask && <MakeTaskDialog mailIds={[mail.mailId]} onClose={() => setMakingTask(false)} />}
      {keeping && <Suspense fallback={null}><KeepMailDialog mailId={mail.mailId} onClose={() => setKeeping(false)} /></Suspense>}
      {nav && <div className="mr-tool-nav">{nav}</div>}
    </Toolbar>
  );
}
