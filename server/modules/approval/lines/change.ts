// Changing a document's lines (shared/approval/lines.ts) and listing them:
// - upper: the approver whose turn it is replaces the approval-group lines after theirs that have not acted
//   (types APPROVAL, HELP, HELP_ORGAN; the whole list validated again, 002 §5); the new lines follow theirs in
//   the order given;
// - share: the drafter or someone on the approval line adds SHARE/SHARE_ORGAN lines to an IN_PROGRESS or
//   COMPLETED document ("adding a line" checks); on a completed document they are notified at once;
// - list: the lines of a document the caller may read.
import { sql } from "drizzle-orm";
import { GROUP_OF, type LineType } from "../../../../shared/approval/constants.ts";
import type { ApprovalLine, LineInput } from "../../../../shared/approval/lines.ts";
import type { Tx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { approvalNotAllowed, readerOf, requireReadable } from "../documents/access.ts";
import { linesOf, type LineRow } from "../documents/repo.ts";
import { lineView } from "../documents/view.ts";
import { runAction } from "./actions.ts";
import { actingAs } from "./actor.ts";
import { approvalGroup, type Notice, noticeOf } from "./flow.ts";
import { checkVersion, finishAction, lineNotPending, lockDocument } from "./lock.ts";
import { assertLinesValid, validateAddition, validateLines } from "./validate.ts";

const APPROVAL_TYPES: readonly LineType[] = ["APPROVAL", "HELP", "HELP_ORGAN"];
const SHARE_TYPES: readonly LineType[] = ["SHARE", "SHARE_ORGAN"];

const inputOf = (l: LineRow): LineInput => ({ type: l.type as LineType, sortOrder: l.sortOrder, userId: l.userId, organId: l.organId });

async function insertLine(tx: Tx, companyId: number, docId: number, l: LineInput, status: string): Promise<void> {
  const organ = l.type === "HELP_ORGAN" || l.type === "RECEIVE_ORGAN" || l.type === "SHARE_ORGAN";
  await tx.execute(sql`
    insert into approval_lines (company_id, document_id, type, grp, sort_order, status, user_id, organ_id)
    values (${companyId}, ${docId}, ${l.type}, ${GROUP_OF[l.type]}, ${l.sortOrder}, ${status}, ${organ ? null : l.userId}, ${l.organId})`);
}

export async function listLines(caller: Caller, docId: number): Promise<ApprovalLine[]> {
  const r = readerOf(caller);
  await requireReadable(caller.deps.db, r, docId);
  return (await linesOf(caller.deps.db, docId)).map(lineView);
}

export function changeUpperLines(caller: Caller, input: { docId: number; version: number; lines: LineInput[] }): Promise<ApprovalLine[]> {
  return runAction(caller, async (tx, r, at) => {
    const k = await lockDocument(tx, r, input.docId);
    const group = approvalGroup(k.lines);
    const mine = [];
    for (const l of group.filter((x) => x.status === "PENDING_APPROVAL")) if (await actingAs(tx, r, l)) mine.push(l);
    if (!mine.length) {
      await requireReadable(tx, r, k.doc.id);
      throw approvalNotAllowed();
    }
    checkVersion(k.doc, input.version);
    if (k.doc.status !== "IN_PROGRESS") throw lineNotPending();
    const current = mine[0];
    const kept = k.lines.filter((l) => !(l.grp === "APPROVAL" && l.sortOrder > current.sortOrder && l.status === "WAITING"));
    const added = [...input.lines].sort((a, b) => a.sortOrder - b.sortOrder)
      .map((l, i) => ({ ...l, sortOrder: current.sortOrder + 1 + i }));
    const later = group.filter((l) => l.sortOrder > current.sortOrder && l.status !== "WAITING");
    if (later.length) throw lineNotPending();
    const v = await validateLines(tx, r.companyId, [...kept.map(inputOf), ...added], {
      drafterId: k.doc.drafterId, draftOrganId: k.doc.draftOrganId, requireApproval: true,
    });
    const checks = v.checks.slice(kept.length);
    for (const c of checks) if (!APPROVAL_TYPES.includes(c.line.type)) c.errors.push("approval.line_type_not_allowed");
    assertLinesValid({ ...v, firstError: v.firstError ?? checks.find((c) => c.errors.length)?.errors[0] ?? null });
    await tx.execute(sql`
      delete from approval_lines where document_id = ${k.doc.id} and grp = 'APPROVAL' and sort_order > ${current.sortOrder}
        and status = 'WAITING'`);
    for (const c of checks) {
      await insertLine(tx, r.companyId, k.doc.id, { type: c.line.type, sortOrder: c.line.sortOrder, userId: c.line.approver.userId, organId: c.line.approver.organId }, "WAITING");
    }
    await finishAction(k, { action: "upper", lineId: current.id, at });
    return { docId: k.doc.id, notices: [], result: (await linesOf(tx, k.doc.id)).map(lineView) };
  });
}

export function addShareLines(caller: Caller, input: { docId: number; lines: LineInput[] }): Promise<ApprovalLine[]> {
  return runAction(caller, async (tx, r, at) => {
    const k = await lockDocument(tx, r, input.docId);
    const onLine = approvalGroup(k.lines).some((l) => l.userId === r.userId || l.actedByUserId === r.userId);
    if (k.doc.drafterId !== r.userId && !onLine) {
      await requireReadable(tx, r, k.doc.id);
      throw approvalNotAllowed();
    }
    if (k.doc.status !== "IN_PROGRESS" && k.doc.status !== "COMPLETED") throw lineNotPending();
    const last = Math.max(0, ...k.lines.filter((l) => l.grp === "SHARE").map((l) => l.sortOrder));
    const added = input.lines.map((l, i) => ({ ...l, sortOrder: last + 1 + i })); // 002 §5: the group's last plus one
    const v = await validateAddition(tx, r.companyId, k.lines.map(inputOf), added, {
      drafterId: k.doc.drafterId, draftOrganId: k.doc.draftOrganId, allowedTypes: SHARE_TYPES,
    });
    assertLinesValid(v);
    const status = k.doc.status === "COMPLETED" ? "NOTIFIED" : "WAITING";
    const notices: Notice[] = [];
    for (const c of v.checks) {
      const l = { type: c.line.type, sortOrder: c.line.sortOrder, userId: c.line.approver.userId, organId: c.line.approver.organId };
      await insertLine(tx, r.companyId, k.doc.id, l, status);
      if (status === "NOTIFIED") notices.push(noticeOf("SHARE", { userId: c.line.type === "SHARE_ORGAN" ? null : l.userId, organId: l.organId }));
    }
    await finishAction(k, { action: "share", lineId: null, at });
    return { docId: k.doc.id, notices, result: (await linesOf(tx, k.doc.id)).map(lineView) };
  });
}
