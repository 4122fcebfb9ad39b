// The confirmations before mails leave their folder (000 §4 "Moving and deleting"), shared by the list's
// delete and move actions and by a drop of dragged mails on the folder tree: trashing starred or scheduled
// mails asks first (the server turns a scheduled send into a cancelled one), and a move to Sent takes only
// sent mails (none → refused with the spec's message; some → asked first).
import type { TFunction } from "i18next";
import { SENT_MAIL_TYPES } from "@shared/mail/reading.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";

/** What the rules need to know of a mail. */
export interface MoveRow {
  mailType: string;
  importantStatus: number;
}

const isSentType = (m: MoveRow) => (SENT_MAIL_TYPES as readonly string[]).includes(m.mailType);

/** Asks before trashing starred or scheduled mails (one text for one mail, another for several). */
export async function confirmTrash(rows: MoveRow[], t: TFunction<"mail">): Promise<boolean> {
  const starred = rows.filter((m) => m.importantStatus === 1);
  const reserved = rows.filter((m) => m.mailType === "RESERVE");
  if (!starred.length && !reserved.length) return true;
  const message = rows.length === 1
    ? t(reserved.length ? "list.confirm.trashOneReserved" : "list.confirm.trashOneStarred")
    : t("list.confirm.trashMany", { count: new Set([...starred, ...reserved]).size });
  return await confirm({ message, confirmLabel: t("list.action.delete"), danger: true });
}

/** The Sent rule: no sent mail → refused (told by the snackbar); some → only those move, after a confirm. */
export async function confirmMoveToSent(rows: MoveRow[], t: TFunction<"mail">): Promise<boolean> {
  const sent = rows.filter(isSentType);
  if (!sent.length) {
    snackbar("VALIDATION", t("list.msg.moveSentNone"));
    return false;
  }
  if (sent.length < rows.length) return await confirm({ message: t("list.confirm.moveSentSome"), confirmLabel: t("list.action.move") });
  return true;
}

/** Every confirmation a move of these mails to a folder of this type needs; true to go on. */
export async function confirmMove(rows: MoveRow[], folderType: string | undefined, t: TFunction<"mail">): Promise<boolean> {
  if (folderType === "DELETED") return await confirmTrash(rows, t);
  if (folderType === "SENT") return await confirmMoveToSent(rows, t);
  return true;
}
