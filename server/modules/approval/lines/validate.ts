// The approval line validation of 002 §5 "Approval lines", shared by drafting and submitting (Engineer B's
// documents/), the upper-line change and share additions (lines actions), line presets (config/) and form
// presets (forms/). Every rule answers with its own code from shared/approval/errors.ts, per line (LineCheck),
// so the client can mark the offending line; the first code is the error's code when a call refuses the list.
//
// Rules of a whole list (validateLines):
//   - a line's approver: a user line names an active user of the company who belongs to the department named
//     (null: the user's main department) → line_user_invalid; a department line names a department of the
//     company → line_organ_gone
//   - the drafter is on no line → line_drafter; the drafting department only as SHARE_ORGAN → line_draft_organ
//   - an approver (USER_{id} / ORGAN_{id}) at most once → line_duplicate_approver (the later occurrences)
//   - a sort order at most once per group → line_duplicate_order
//   - the last line of the APPROVAL group (by sort order) is an APPROVAL line → line_last_not_approval
//   - on submit and for presets, at least one APPROVAL-group line → line_no_approval (a list error)
//   - optionally only some line types (share additions) → line_type_not_allowed
// Rules of lines added to an existing list (validateAddition: the line picker, upper lines, share lines):
//   duplicates of the list or of each other → line_add_duplicate; the drafter → line_add_drafter; the drafting
//   department (but for shared reading, SHARE_ORGAN) → line_add_same_organ; besides the approver and order rules.
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { organizationMembers, organizations, users } from "../../../../db/schema/index.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import { GROUP_OF, lineKey, ORGAN_LINE_TYPES } from "../../../../shared/approval/constants.ts";
import type { LineType } from "../../../../shared/approval/constants.ts";
import type { ApprovalLine, LineCheck, LineInput } from "../../../../shared/approval/lines.ts";
import { AppError } from "../../../lib/errors.ts";
import { type Approvers, loadApprovers } from "./validate-approvers.ts";

export interface LineRules {
  /** The drafter; null for a form's preset line (no drafter yet). */
  drafterId: number | null;
  /** The drafting department; null for a form's preset line. */
  draftOrganId: number | null;
  /** Submitting and presets: the list needs at least one APPROVAL-group line. */
  requireApproval?: boolean;
  /** The line types allowed here (share additions: SHARE and SHARE_ORGAN); all when left out. */
  allowedTypes?: readonly LineType[];
}

export interface LineValidation {
  /** One per line given, in the same order. */
  checks: LineCheck[];
  /** Codes of the list as a whole (line_no_approval). */
  listErrors: string[];
  /** The first code found (lines first, then the list's), null when everything is valid. */
  firstError: string | null;
}

const isOrganType = (type: LineType) => (ORGAN_LINE_TYPES as readonly LineType[]).includes(type);

/** A line as the client sends it, made consistent: organ lines name no user, user lines keep their organ. */
export function normaliseLine(l: LineInput): LineInput {
  return isOrganType(l.type) ? { ...l, userId: null } : l;
}

const keyOf = (l: LineInput) => lineKey({ isOrgan: isOrganType(l.type), userId: l.userId, organId: l.organId });

function toApprovalLine(l: LineInput, approvers: Approvers, errors: string[]): ApprovalLine {
  const organ = isOrganType(l.type);
  return {
    id: 0,
    type: l.type,
    group: GROUP_OF[l.type],
    sortOrder: l.sortOrder,
    status: "WAITING",
    approver: organ ? approvers.organ(l.organId ?? 0) : approvers.user(l.userId ?? 0, l.organId),
    key: keyOf(l),
    actedBy: null,
    actedAt: null,
    comment: null,
    postViewedAt: null,
    errors,
  };
}

async function approversOf(db: DbOrTx, companyId: number, lines: LineInput[]): Promise<Approvers> {
  return await loadApprovers(
    db,
    companyId,
    lines.flatMap((l) => (l.userId ? [l.userId] : [])),
    lines.flatMap((l) => (l.organId ? [l.organId] : [])),
  );
}

/** The approver check of one line: the user or the department exists (and the user is in the department). */
function approverErrors(l: LineInput, approvers: Approvers): string[] {
  if (isOrganType(l.type)) return l.organId !== null && approvers.organs.has(l.organId) ? [] : [E.lineOrganGone];
  const u = l.userId === null ? undefined : approvers.users.get(l.userId);
  if (!u || !u.active) return [E.lineUserInvalid];
  if (l.organId !== null && !u.organIds.includes(l.organId)) return [E.lineUserInvalid];
  return [];
}

function checkLines(lines: LineInput[], earlier: LineInput[], approvers: Approvers, rules: LineRules, adding: boolean): string[][] {
  const keys = new Set(earlier.map(keyOf));
  const orders = new Set(earlier.map((l) => `${GROUP_OF[l.type]}:${l.sortOrder}`));
  return lines.map((l) => {
    const errors: string[] = [];
    if (rules.allowedTypes && !rules.allowedTypes.includes(l.type)) errors.push(E.lineTypeNotAllowed);
    errors.push(...approverErrors(l, approvers));
    if (!isOrganType(l.type) && rules.drafterId !== null && l.userId === rules.drafterId) {
      errors.push(adding ? E.lineAddDrafter : E.lineDrafter);
    }
    if (isOrganType(l.type) && rules.draftOrganId !== null && l.organId === rules.draftOrganId && l.type !== "SHARE_ORGAN") {
      errors.push(adding ? E.lineAddSameOrgan : E.lineDraftOrgan);
    }
    const key = keyOf(l);
    if (keys.has(key)) errors.push(adding ? E.lineAddDuplicate : E.lineDuplicateApprover);
    keys.add(key);
    const order = `${GROUP_OF[l.type]}:${l.sortOrder}`;
    if (orders.has(order)) errors.push(E.lineDuplicateOrder);
    orders.add(order);
    return errors;
  });
}

/** Index of the last line of the APPROVAL group by sort order (the later one on a tie), -1 when none. */
function lastApprovalGroupLine(lines: LineInput[]): number {
  let at = -1;
  lines.forEach((l, i) => {
    if (GROUP_OF[l.type] === "APPROVAL" && (at < 0 || l.sortOrder >= lines[at].sortOrder)) at = i;
  });
  return at;
}

function summary(checks: LineCheck[], listErrors: string[]): LineValidation {
  const firstError = checks.find((c) => c.errors.length > 0)?.errors[0] ?? listErrors[0] ?? null;
  return { checks, listErrors, firstError };
}

/** Validates a whole line list (a draft's, a preset's, a form's preset, the new upper lines with the rest). */
export async function validateLines(db: DbOrTx, companyId: number, input: LineInput[], rules: LineRules): Promise<LineValidation> {
  const lines = input.map(normaliseLine);
  const approvers = await approversOf(db, companyId, lines);
  const errors = checkLines(lines, [], approvers, rules, false);
  const last = lastApprovalGroupLine(lines);
  if (last >= 0 && lines[last].type !== "APPROVAL") errors[last].push(E.lineLastNotApproval);
  const listErrors = rules.requireApproval && last < 0 ? [E.lineNoApproval] : [];
  const checks = lines.map((l, i) => {
    const line = toApprovalLine(l, approvers, errors[i]);
    return { line, errors: errors[i] };
  });
  return summary(checks, listErrors);
}

/** Validates lines added to an existing list (its lines count for the duplicate and order checks). */
export async function validateAddition(
  db: DbOrTx,
  companyId: number,
  existing: LineInput[],
  added: LineInput[],
  rules: LineRules,
): Promise<LineValidation> {
  const before = existing.map(normaliseLine);
  const lines = added.map(normaliseLine);
  const approvers = await approversOf(db, companyId, lines);
  const errors = checkLines(lines, before, approvers, rules, true);
  return summary(lines.map((l, i) => ({ line: toApprovalLine(l, approvers, errors[i]), errors: errors[i] })), []);
}

/** Refuses an invalid validation: 400 with the first code, the lines' checks in params.lines and the list's
 * codes in params.errors. Returns the checks when all is well. */
export function assertLinesValid(v: LineValidation): LineCheck[] {
  if (v.firstError) {
    throw new AppError(400, v.firstError as `${string}.${string}`, { lines: v.checks, errors: v.listErrors });
  }
  return v.checks;
}

/** The lines as ApprovalLine[] (approver names, department, position) without judging them: a line whose
 * person or department is gone keeps null names. */
export async function resolveLines(db: DbOrTx, companyId: number, input: LineInput[]): Promise<ApprovalLine[]> {
  const lines = input.map(normaliseLine);
  const approvers = await approversOf(db, companyId, lines);
  return lines.map((l) => toApprovalLine(l, approvers, []));
}

/** The user's own departments (the main one first): the departments they may draft for. */
export async function ownOrgans(db: DbOrTx, companyId: number, userId: number): Promise<{ id: number; name: string }[]> {
  return await db.select({ id: organizations.id, name: organizations.name })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.companyId, companyId), eq(organizationMembers.userId, userId), eq(organizations.companyId, companyId)))
    .orderBy(sql`${organizations.id} = ${users.organId} desc`, asc(organizations.sortOrder), asc(organizations.id));
}

/** The drafting department must be one of the user's own: else 400 approval.draft_organ_not_own. */
export async function assertOwnOrgan(db: DbOrTx, companyId: number, userId: number, organId: number): Promise<{ id: number; name: string }> {
  const organ = (await ownOrgans(db, companyId, userId)).find((o) => o.id === organId);
  if (!organ) throw new AppError(400, E.draftOrganNotOwn);
  return organ;
}
