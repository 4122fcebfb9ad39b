// 휴가신청서 through electronic approval (the company uses approval and the application says viaApproval): the
// usage is made PENDING as any application (its days held, READY in the calendar), then a document of the
// approval module's starter form "leave" (휴가신청서) is submitted for the employee with the leave's fields and a
// line of their approvers. The document decides the usage (approval/documents/decided.ts): COMPLETED → APPROVED,
// REJECTED / RETURNED / RETRIEVED → REJECTED; the usage's own decision call answers 409 leave.via_approval. When
// the document cannot be submitted (no such form, a line the approval module refuses), the usage is withdrawn
// and the approval module's error answers.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { approvalForms, leaveUsages, users } from "../../../../db/schema/index.ts";
import { APPROVAL_ERRORS } from "../../../../shared/approval/errors.ts";
import type { Usage, UsageInput } from "../../../../shared/leave/leave.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { companyInfo } from "../../company/service.ts";
import { onDocumentDecided } from "../../approval/documents/decided.ts";
import { draft } from "../../approval/documents/draft.ts";
import { ensureStarterSet } from "../../approval/forms/seed.ts";
import { loadFormVersion } from "../../approval/forms/service.ts";
import { approversOf } from "../settings/roles.ts";
import { announceCalendars, removeUsageEvent } from "./calendar-link.ts";
import { changeUsageStatus, noticeDates } from "./decisions.ts";
import { writeLog } from "./logs.ts";
import { notifyLeave } from "./notify.ts";
import { presentUsage } from "./present.ts";
import { lockHrUser, usageByDocument } from "./repo.ts";
import { applyUsage } from "./usages.ts";

/** 400 common.validation (field viaApproval) when the company does not use approval. */
export async function assertApprovalOn(caller: Caller) {
  const info = await companyInfo(caller.deps, caller.auth.companyId);
  if (!info.useApproval) throw new AppError(400, "common.validation", { field: "viaApproval" });
}

/** The company's 휴가신청서 (starter_key "leave", active), made with the starter set on first use. */
async function leaveForm(caller: Caller) {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  await ensureStarterSet(caller.deps, companyId);
  const [form] = await db.select({ id: approvalForms.id }).from(approvalForms)
    .where(and(eq(approvalForms.companyId, companyId), eq(approvalForms.starterKey, "leave")));
  if (!form) throw new AppError(404, APPROVAL_ERRORS.formNotFound);
  return await loadFormVersion(db, companyId, form.id);
}

/** Applies, then submits the 휴가신청서; answers the usage carrying its document. */
export async function applyViaApproval(caller: Caller, input: UsageInput): Promise<Usage> {
  await assertApprovalOn(caller);
  const { db, clock } = caller.deps;
  const { companyId, userId } = caller.auth;
  const fv = await leaveForm(caller);
  const applied = await applyUsage(caller, input);
  const u = applied.usage;
  try {
    const [me] = await db.select({ organId: users.organId }).from(users).where(eq(users.id, userId));
    const approvers = await approversOf(db, companyId, userId);
    const content: Record<string, unknown> = {
      leave_type: u.unit === "FULL_DAY" ? u.templateName : `${u.templateName} (${u.unit})`,
      start_date: u.startDate, end_date: u.endDate, days: u.usedDays, reason: u.reason || u.summary,
    };
    const fields = new Set(fv.template.fields.map((f) => f.key));
    const result = await draft(caller, {
      draftType: "DRAFT", formId: fv.form.id, formVersion: fv.version.version,
      title: `${fv.form.name} - ${u.templateName} ${noticeDates(applied.row)}`.slice(0, 200),
      draftOrganId: me.organId!, openType: fv.openType,
      content: Object.fromEntries(Object.entries(content).filter(([k]) => fields.has(k))),
      lines: approvers.map((a, i) => ({ type: "APPROVAL" as const, sortOrder: i + 1, userId: a.id, organId: null })),
      refDocIds: [], fileIds: [],
    }, true);
    const [row] = await db.update(leaveUsages).set({ approvalDocumentId: result.id }).where(eq(leaveUsages.id, u.id)).returning();
    await writeLog(db, { companyId, userId, kind: "USAGE", refId: u.id, action: "SUBMITTED", actorId: userId, summary: u.templateName, days: u.usedDays, at: clock.now(), detail: { approvalDocumentId: result.id } });
    return await presentUsage(db, companyId, row, clock.now());
  } catch (e) {
    await withdraw(caller.deps, companyId, applied.row.id, userId);
    throw e;
  }
}

/** The usage of a document that could not be submitted, removed again. */
async function withdraw(deps: AppDeps, companyId: number, usageId: number, userId: number) {
  const calendarId = await deps.db.transaction(async (tx) => {
    await lockHrUser(tx, companyId, userId);
    const [row] = await tx.select().from(leaveUsages).where(eq(leaveUsages.id, usageId)).for("update");
    if (!row) return null;
    const calendarId = await removeUsageEvent(tx, deps, row);
    await tx.delete(leaveUsages).where(eq(leaveUsages.id, usageId));
    await writeLog(tx, { companyId, userId, kind: "USAGE", refId: usageId, action: "CANCELLED", actorId: userId, summary: "", days: row.usedDays, at: deps.clock.now(), detail: { reason: "approval draft failed" } });
    return calendarId;
  });
  await announceCalendars(deps, companyId, [calendarId]);
}

/** The decision of a document, in its transaction: the usage it decides, when still PENDING. */
async function onDecided(tx: Tx, deps: AppDeps, e: { companyId: number; documentId: number; status: string; actorId: number }) {
  const usage = await usageByDocument(tx, e.documentId);
  if (!usage || usage.companyId !== e.companyId || usage.status !== "PENDING") return;
  await lockHrUser(tx, usage.companyId, usage.userId);
  const [cur] = await tx.select().from(leaveUsages).where(eq(leaveUsages.id, usage.id)).for("update");
  if (cur.status !== "PENDING") return;
  const status = e.status === "COMPLETED" ? "APPROVED" : "REJECTED";
  const change = await changeUsageStatus(tx, deps, cur, status, e.actorId, { via: `approval:${e.status}` });
  decidedCalendars.set(e.documentId, change.calendarId);
}

/** Calendars changed per document, announced after the commit. */
const decidedCalendars = new Map<number, number | null>();

async function afterDecided(deps: AppDeps, e: { companyId: number; documentId: number }) {
  if (!decidedCalendars.has(e.documentId)) return;
  const calendarId = decidedCalendars.get(e.documentId)!;
  decidedCalendars.delete(e.documentId);
  const usage = await usageByDocument(deps.db, e.documentId);
  await announceCalendars(deps, e.companyId, [calendarId]);
  if (usage) await notifyLeave(deps, e.companyId, usage.userId, null);
}

const listener = { inTx: onDecided, afterCommit: afterDecided };

/** Registers the listener with the approval module (once; the same object every time). */
export function listenToApproval() {
  onDocumentDecided(listener);
}

