// The member calls of forms (shared/approval/forms.ts) and the form lookups other approval parts use:
// loadFormVersion (drafting, the document view) and formTemplate.
import type { DbOrTx } from "../../../../db/client.ts";
import type { OpenType } from "../../../../shared/approval/constants.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { Form, FormBox, FormSummary, FormTemplate } from "../../../../shared/approval/forms.ts";
import type { ApprovalLine } from "../../../../shared/approval/lines.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { validateLines } from "../lines/validate.ts";
import { TEMPLATE_FRAME } from "./frame.ts";
import * as repo from "./repo.ts";

export interface FormVersion {
  form: repo.FormRow;
  version: repo.VersionRow;
  template: FormTemplate;
  openType: OpenType;
  numberFormat: string;
}

const summary = (s: FormSummary & { active?: boolean; updatedAt?: Date }): FormSummary => ({
  id: s.id,
  boxId: s.boxId,
  boxName: s.boxName,
  name: s.name,
  code: s.code,
  description: s.description,
  version: s.version,
  innerDraft: s.innerDraft,
  starterKey: s.starterKey,
});

/**
 * A form with one of its versions (the current one when version is left out) of the company, or null. Inactive
 * forms are found too (their documents show their version); drafting checks `form.active`.
 */
export async function findFormVersion(db: DbOrTx, companyId: number, formId: number, version?: number): Promise<FormVersion | null> {
  const form = await repo.findForm(db, companyId, formId);
  if (!form) return null;
  const row = await repo.findVersion(db, companyId, formId, version ?? form.currentVersion);
  if (!row) return null;
  return {
    form,
    version: row,
    template: { formId, version: row.version, templateFrame: TEMPLATE_FRAME, templateBody: row.templateBody, fields: row.fields },
    openType: row.openType as OpenType,
    numberFormat: row.numberFormat,
  };
}

/** As findFormVersion, answering 404 approval.form_not_found when there is none. */
export async function loadFormVersion(db: DbOrTx, companyId: number, formId: number, version?: number): Promise<FormVersion> {
  const found = await findFormVersion(db, companyId, formId, version);
  if (!found) throw new AppError(404, E.formNotFound);
  return found;
}

/** The preset line of a version as a new draft gets it: the lines whose person or department still exists. */
export async function presetLinesOf(db: DbOrTx, companyId: number, v: repo.VersionRow, keepBroken = false): Promise<ApprovalLine[]> {
  const checked = await validateLines(db, companyId, v.presetLines, { drafterId: null, draftOrganId: null });
  const gone = new Set<string>([E.lineUserInvalid, E.lineOrganGone]);
  return checked.checks.filter((c) => keepBroken || !c.errors.some((e) => gone.has(e))).map((c) => c.line);
}

export async function formView(db: DbOrTx, companyId: number, fv: FormVersion, keepBroken = false): Promise<Form> {
  const [s] = await repo.formSummaries(db, companyId, { id: fv.form.id });
  return {
    ...summary(s),
    template: fv.template,
    presetLines: await presetLinesOf(db, companyId, fv.version, keepBroken),
    openType: fv.openType,
    numberFormat: fv.numberFormat,
  };
}

export async function boxList(caller: Caller, withForms: boolean): Promise<FormBox[]> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const boxes = await repo.boxesOf(db, companyId);
  if (!withForms) return boxes.map((b) => ({ id: b.id, name: b.name, sortOrder: b.sortOrder }));
  const forms = await repo.formSummaries(db, companyId, { activeOnly: true });
  return boxes.map((b) => ({ id: b.id, name: b.name, sortOrder: b.sortOrder, forms: forms.filter((f) => f.boxId === b.id).map(summary) }));
}

export async function formList(caller: Caller, q: { boxId?: number; keyword?: string; innerDraft?: boolean }): Promise<FormSummary[]> {
  return (await repo.formSummaries(caller.deps.db, caller.auth.companyId, { activeOnly: true, ...q })).map(summary);
}

/** GET form/{id}?version: without a version the current one of an active form; with one, that version (the
 * document's own) even of a form deactivated since. */
export async function getForm(caller: Caller, id: number, version?: number): Promise<Form> {
  const { db } = caller.deps;
  const fv = await loadFormVersion(db, caller.auth.companyId, id, version);
  if (version === undefined && !fv.form.active) throw new AppError(404, E.formNotFound);
  return await formView(db, caller.auth.companyId, fv);
}

export async function formTemplate(caller: Caller, id: number, version?: number): Promise<FormTemplate> {
  const fv = await findFormVersion(caller.deps.db, caller.auth.companyId, id, version);
  if (!fv || (version === undefined && !fv.form.active)) throw new AppError(404, E.templateNotFound);
  return fv.template;
}
