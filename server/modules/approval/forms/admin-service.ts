// The admin's form calls (shared/approval/forms.ts "Admin calls"): form boxes, forms and their versions. A form
// gets a new version when what a document shows or follows changes (template, fields, preset line, open type,
// number format); documents keep naming the version they were made with. The name, code, description, box and
// inner-draft flag belong to the form itself.
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../../../db/client.ts";
import { approvalFormBoxes, approvalForms, approvalFormVersions } from "../../../../db/schema/index.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { AdminForm, FormBox, formBoxBody, FormInput } from "../../../../shared/approval/forms.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { assertLinesValid, normaliseLine, validateLines } from "../lines/validate.ts";
import { assertApprovalAdmin } from "./admin.ts";
import { checkDesign } from "./design.ts";
import * as repo from "./repo.ts";
import { formView, loadFormVersion } from "./service.ts";

type BoxInput = z.infer<typeof formBoxBody>;

async function nameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e, "approval_forms_name_uq")) throw new AppError(409, E.formNameTaken);
    throw e;
  }
}

async function adminView(tx: Tx, companyId: number, formId: number): Promise<AdminForm> {
  const fv = await loadFormVersion(tx, companyId, formId);
  const counts = await repo.documentCounts(tx, companyId, [formId]);
  return {
    ...await formView(tx, companyId, fv, true),
    active: fv.form.active,
    documentCount: counts.get(formId) ?? 0,
    updatedAt: fv.form.updatedAt.getTime(),
  };
}

export async function adminFormList(caller: Caller): Promise<AdminForm[]> {
  assertApprovalAdmin(caller);
  const { companyId } = caller.auth;
  return await caller.deps.db.transaction(async (tx) => {
    const forms = await repo.formSummaries(tx, companyId, {});
    return await Promise.all(forms.map((f) => adminView(tx, companyId, f.id)));
  });
}

export async function addBox(caller: Caller, input: BoxInput): Promise<FormBox> {
  assertApprovalAdmin(caller);
  const [row] = await caller.deps.db.insert(approvalFormBoxes)
    .values({ companyId: caller.auth.companyId, name: input.name, sortOrder: input.sortOrder, createdAt: caller.deps.clock.now() })
    .returning();
  return { id: row.id, name: row.name, sortOrder: row.sortOrder };
}

export async function updateBox(caller: Caller, id: number, input: BoxInput): Promise<FormBox> {
  assertApprovalAdmin(caller);
  const [row] = await caller.deps.db.update(approvalFormBoxes).set({ name: input.name, sortOrder: input.sortOrder })
    .where(and(eq(approvalFormBoxes.companyId, caller.auth.companyId), eq(approvalFormBoxes.id, id))).returning();
  if (!row) throw new AppError(404, E.boxNotFound);
  return { id: row.id, name: row.name, sortOrder: row.sortOrder };
}

/** Deletes an empty box; a box holding any form (active or not) answers 409 approval.box_not_empty. */
export async function deleteBox(caller: Caller, id: number): Promise<void> {
  assertApprovalAdmin(caller);
  const { companyId } = caller.auth;
  await caller.deps.db.transaction(async (tx) => {
    const [box] = await tx.select({ id: approvalFormBoxes.id }).from(approvalFormBoxes)
      .where(and(eq(approvalFormBoxes.companyId, companyId), eq(approvalFormBoxes.id, id))).for("update");
    if (!box) throw new AppError(404, E.boxNotFound);
    if (await repo.formsInBox(tx, companyId, id) > 0) throw new AppError(409, E.boxNotEmpty);
    await tx.delete(approvalFormBoxes).where(eq(approvalFormBoxes.id, id));
  });
}

/** The versioned part of a form, checked: the design (sanitised body, fields, number format) and the preset line
 * (every rule but the drafter's, who is not known yet). */
async function versionValues(tx: Tx, companyId: number, input: FormInput) {
  const design = checkDesign(input);
  const presetLines = input.presetLines.map(normaliseLine);
  assertLinesValid(await validateLines(tx, companyId, presetLines, { drafterId: null, draftOrganId: null }));
  return { ...design, presetLines, openType: input.openType };
}

async function assertBox(tx: Tx, companyId: number, boxId: number) {
  if (!await repo.findBox(tx, companyId, boxId)) throw new AppError(404, E.boxNotFound);
}

export async function addForm(caller: Caller, input: FormInput): Promise<AdminForm> {
  assertApprovalAdmin(caller);
  const { companyId } = caller.auth;
  const now = caller.deps.clock.now();
  return await nameTaken(() =>
    caller.deps.db.transaction(async (tx) => {
      await assertBox(tx, companyId, input.boxId);
      const version = await versionValues(tx, companyId, input);
      const [form] = await tx.insert(approvalForms).values({
        companyId,
        boxId: input.boxId,
        name: input.name,
        code: input.code,
        description: input.description,
        innerDraft: input.innerDraft,
        currentVersion: 1,
        createdAt: now,
        updatedAt: now,
      }).returning({ id: approvalForms.id });
      await tx.insert(approvalFormVersions).values({ formId: form.id, version: 1, companyId, ...version, createdAt: now });
      return await adminView(tx, companyId, form.id);
    })
  );
}

/** JSON with object keys sorted (jsonb gives keys back in its own order). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

const sameVersion = (a: repo.VersionRow, b: Awaited<ReturnType<typeof versionValues>>) =>
  a.templateBody === b.templateBody && a.numberFormat === b.numberFormat && a.openType === b.openType &&
  canonical(a.fields) === canonical(b.fields) && canonical(a.presetLines) === canonical(b.presetLines);

export async function updateForm(caller: Caller, id: number, input: FormInput): Promise<AdminForm> {
  assertApprovalAdmin(caller);
  const { companyId } = caller.auth;
  const now = caller.deps.clock.now();
  return await nameTaken(() =>
    caller.deps.db.transaction(async (tx) => {
      const form = await repo.findForm(tx, companyId, id, true);
      if (!form) throw new AppError(404, E.formNotFound);
      await assertBox(tx, companyId, input.boxId);
      const version = await versionValues(tx, companyId, input);
      const current = await repo.findVersion(tx, companyId, id, form.currentVersion);
      let currentVersion = form.currentVersion;
      if (!current || !sameVersion(current, version)) {
        currentVersion += 1;
        await tx.insert(approvalFormVersions).values({ formId: id, version: currentVersion, companyId, ...version, createdAt: now });
      }
      await tx.update(approvalForms).set({
        boxId: input.boxId,
        name: input.name,
        code: input.code,
        description: input.description,
        innerDraft: input.innerDraft,
        currentVersion,
        updatedAt: now,
      }).where(eq(approvalForms.id, id));
      return await adminView(tx, companyId, id);
    })
  );
}

export async function setFormActive(caller: Caller, id: number, active: boolean): Promise<AdminForm> {
  assertApprovalAdmin(caller);
  const { companyId } = caller.auth;
  return await nameTaken(() =>
    caller.deps.db.transaction(async (tx) => {
      const [row] = await tx.update(approvalForms).set({ active, updatedAt: caller.deps.clock.now() })
        .where(and(eq(approvalForms.companyId, companyId), eq(approvalForms.id, id))).returning({ id: approvalForms.id });
      if (!row) throw new AppError(404, E.formNotFound);
      return await adminView(tx, companyId, id);
    })
  );
}

/** A form never used is deleted with its versions; a used one is deactivated (its documents keep it). */
export async function deleteForm(caller: Caller, id: number): Promise<{ deleted: boolean }> {
  assertApprovalAdmin(caller);
  const { companyId } = caller.auth;
  return await caller.deps.db.transaction(async (tx) => {
    const form = await repo.findForm(tx, companyId, id, true);
    if (!form) throw new AppError(404, E.formNotFound);
    const used = (await repo.documentCounts(tx, companyId, [id])).get(id) ?? 0;
    if (used > 0) {
      await tx.update(approvalForms).set({ active: false, updatedAt: caller.deps.clock.now() }).where(eq(approvalForms.id, id));
      return { deleted: false };
    }
    await tx.delete(approvalForms).where(eq(approvalForms.id, id));
    return { deleted: true };
  });
}
