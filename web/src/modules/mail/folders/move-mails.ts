// Moving mails to a folder (PUT /api/mails/folderId {targetFolderId, mailIds}), for a drop on the folder tree
// and the list's "move" menu. The server applies the Sent rule itself (000 §4): a move to Sent takes only
// sent mails (SENT, RESERVE, RESERVE_CANCEL) and refuses with mail.move_sent_none when there are none. The
// tree's counts and the lists are refreshed; the caller shows the outcome (or use moveMailsWithFeedback).
import { refreshMail } from "../queries.ts";
import type { QueryClient } from "@tanstack/react-query";
import { SENT_MAIL_TYPES } from "@shared/mail/reading.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import i18next from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";


/**
 * The drag data type the list sets on mails it drags: JSON {"mailIds": number[], "folderId": FolderRef,
 * "mailTypes": string[], "importantStatus": (0|1)[]}, the last two in the order of mailIds (for the
 * confirmations of a drop on Trash or Sent, list/move-rules.ts).
 */
export const MAIL_DRAG_TYPE = "application/x-gw-mail-ids";

export interface MailDragData {
  mailIds: number[];
  folderId?: number | string;
  /** Each mail's type and star, in the order of mailIds. */
  rows: { mailType: string; importantStatus: number }[];
}

/** The dragged mails, or null when the data is not a list's drag (each mail needs its id, type and star). */
export function parseMailDrag(text: string): MailDragData | null {
  try {
    const v = JSON.parse(text) as { mailIds?: unknown; folderId?: number | string; mailTypes?: unknown; importantStatus?: unknown };
    if (!Array.isArray(v.mailIds) || !Array.isArray(v.mailTypes) || !Array.isArray(v.importantStatus)) return null;
    const types = v.mailTypes as unknown[];
    const stars = v.importantStatus as unknown[];
    const mailIds: number[] = [];
    const rows: MailDragData["rows"] = [];
    (v.mailIds as unknown[]).forEach((id, i) => {
      if (!Number.isSafeInteger(id) || (id as number) <= 0 || typeof types[i] !== "string") return;
      mailIds.push(id as number);
      rows.push({ mailType: types[i] as string, importantStatus: stars[i] === 1 ? 1 : 0 });
    });
    return mailIds.length ? { mailIds, folderId: v.folderId, rows } : null;
  } catch {
    return null;
  }
}

export interface MoveResult {
  moved: number;
  skipped: number;
}

/** Moves the mails; answers how many moved and how many the Sent rule left where they were. */
export async function moveMails(mailIds: number[], targetFolderId: number, qc?: QueryClient): Promise<MoveResult> {
  const r = await api<Partial<MoveResult>>("/api/mails/folderId", { method: "PUT", json: { targetFolderId, mailIds } });
  if (qc) await refreshMail(qc, { quota: true });
  return { moved: r?.moved ?? 0, skipped: r?.skipped ?? 0 };
}

/** Whether a move to Sent of mails of these types takes all, some or none of them (for a confirm first). */
export function sentMoveScope(mailTypes: string[]): "all" | "some" | "none" {
  const sent = mailTypes.filter((t) => (SENT_MAIL_TYPES as readonly string[]).includes(t)).length;
  return sent === 0 ? "none" : sent === mailTypes.length ? "all" : "some";
}

/** moveMails with the outcome in a snackbar (moved; some left because only sent mail goes to Sent; errors). */
export async function moveMailsWithFeedback(mailIds: number[], targetFolderId: number, folderName: string, qc: QueryClient) {
  const t = i18next.getFixedT(null, "mail");
  try {
    const r = await moveMails(mailIds, targetFolderId, qc);
    snackbar("SUCCESS", t("folders.move.done", { count: r.moved, folder: folderName }), { carry: true });
    if (r.skipped > 0) snackbar("INFO", t("folders.move.skippedSent", { count: r.skipped }), { carry: true });
    return r;
  } catch (e) {
    snackbar("ERROR", e instanceof ApiError ? errorText(e.code) : errorText("common.500"));
    return null;
  }
}
