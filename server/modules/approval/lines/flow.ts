// The approval state machine's steps (shared/approval/constants.ts for the states), run inside an action's
// transaction on the locked document and its lines:
// - submit: the approval group's first line PENDING_APPROVAL, the rest WAITING; CC lines NOTIFIED; receive and
//   share lines WAITING;
// - advance: after an approval-group line acted, the next WAITING line of the group (sort order) is
//   PENDING_APPROVAL; when none is left the document completes;
// - complete: COMPLETED with completed_at and its number; receive lines PENDING_APPROVAL, share lines NOTIFIED.
// Each step reports who it concerns (Notice), for the notices sent after the commit (documents/notify.ts).
import { sql } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { nextDocNum } from "../documents/numbering.ts";
import type { DocRow, LineRow } from "../documents/repo.ts";

export const ACTED = new Set(["APPROVED", "PRE_APPROVED", "PROXY_APPROVED"]);

/** Whom a change concerns and why: a user, or a department (its keepers, else its managers). */
export interface Notice {
  kind: "TURN" | "HELP_TURN" | "COMPLETED" | "REJECTED" | "RETURNED" | "RECEIVE" | "CC" | "SHARE";
  userId: number | null;
  organId: number | null;
}

export const noticeOf = (kind: Notice["kind"], l: Pick<LineRow, "userId" | "organId">): Notice =>
  ({ kind, userId: l.userId, organId: l.userId === null ? l.organId : null });

export const approvalGroup = (lines: LineRow[]) => lines.filter((l) => l.grp === "APPROVAL").sort((a, b) => a.sortOrder - b.sortOrder);

export interface LineChange {
  status: string;
  actedBy?: number | null;
  at?: Date | null;
  comment?: string | null;
}

/** Sets a line's state (and who acted, when, with what comment: null clears them). Keeps `line` in step. */
export async function setLine(tx: Tx, line: LineRow, c: LineChange) {
  const acted = c.actedBy !== undefined;
  await tx.execute(sql`
    update approval_lines set status = ${c.status}
      ${acted ? sql`, acted_by_user_id = ${c.actedBy ?? null}, acted_at = ${c.at ? c.at.toISOString() : null}::timestamptz,
        comment = ${c.comment ?? null}, post_viewed_at = null` : sql``}
    where id = ${line.id}`);
  line.status = c.status;
  if (acted) {
    line.actedByUserId = c.actedBy ?? null;
    line.actedAt = c.at ? c.at.getTime() : null;
    line.comment = c.comment ?? null;
    line.postViewedAt = null;
  }
}

/** The lines' states at submission. */
export async function startLines(tx: Tx, lines: LineRow[]): Promise<Notice[]> {
  const notices: Notice[] = [];
  const first = approvalGroup(lines)[0];
  for (const l of lines) {
    const status = l === first ? "PENDING_APPROVAL" : l.grp === "CC" ? "NOTIFIED" : "WAITING";
    await setLine(tx, l, { status, actedBy: null });
    if (l === first) notices.push(noticeOf(l.type === "HELP_ORGAN" ? "HELP_TURN" : "TURN", l));
    if (l.grp === "CC") notices.push(noticeOf("CC", l));
  }
  return notices;
}

/** After an approval-group line acted: the next line's turn, or the document completes. */
export async function advance(tx: Tx, doc: DocRow, lines: LineRow[], acted: LineRow, at: Date): Promise<{ completed: boolean; notices: Notice[] }> {
  const next = approvalGroup(lines).find((l) => l.sortOrder > acted.sortOrder && l.status === "WAITING");
  if (next) {
    await setLine(tx, next, { status: "PENDING_APPROVAL" });
    return { completed: false, notices: [noticeOf(next.type === "HELP_ORGAN" ? "HELP_TURN" : "TURN", next)] };
  }
  return { completed: true, notices: await complete(tx, doc, lines, at) };
}

/** The approval group is done: the document's number, COMPLETED, the receivers' turn, the share lines notified. */
export async function complete(tx: Tx, doc: DocRow, lines: LineRow[], at: Date): Promise<Notice[]> {
  const docNum = await nextDocNum(tx, doc, at);
  await tx.execute(sql`
    update approval_documents set status = 'COMPLETED', completed_at = ${at.toISOString()}::timestamptz, doc_num = ${docNum}
    where id = ${doc.id}`);
  doc.status = "COMPLETED";
  doc.completedAt = at;
  doc.docNum = docNum;
  const notices: Notice[] = [{ kind: "COMPLETED", userId: doc.drafterId, organId: null }];
  for (const l of lines) {
    if (l.grp === "RECEIVE" && l.status === "WAITING") {
      await setLine(tx, l, { status: "PENDING_APPROVAL" });
      notices.push(noticeOf("RECEIVE", l));
    } else if (l.grp === "SHARE" && l.status === "WAITING") {
      await setLine(tx, l, { status: "NOTIFIED" });
      notices.push(noticeOf("SHARE", l));
    }
  }
  return notices;
}
