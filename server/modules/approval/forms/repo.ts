// Queries on form boxes, forms and their versions (db/schema/approval.ts). Every query names the company.
import { and, asc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { approvalDocuments, approvalFormBoxes, approvalForms, approvalFormVersions } from "../../../../db/schema/index.ts";
import type { StarterFormKey } from "../../../../shared/approval/constants.ts";
import type { FormSummary } from "../../../../shared/approval/forms.ts";
import { containsPattern } from "../../../lib/like.ts";

export type BoxRow = typeof approvalFormBoxes.$inferSelect;
export type FormRow = typeof approvalForms.$inferSelect;
export type VersionRow = typeof approvalFormVersions.$inferSelect;

export async function boxesOf(db: DbOrTx, companyId: number): Promise<BoxRow[]> {
  return await db.select().from(approvalFormBoxes).where(eq(approvalFormBoxes.companyId, companyId))
    .orderBy(asc(approvalFormBoxes.sortOrder), asc(approvalFormBoxes.id));
}

export async function findBox(db: DbOrTx, companyId: number, id: number): Promise<BoxRow | undefined> {
  const [row] = await db.select().from(approvalFormBoxes).where(and(eq(approvalFormBoxes.companyId, companyId), eq(approvalFormBoxes.id, id)));
  return row;
}

export interface FormFilter {
  activeOnly?: boolean;
  boxId?: number;
  keyword?: string;
  innerDraft?: boolean;
  id?: number;
}

/** Forms with their box's name, in box order then the forms' order. */
export async function formSummaries(db: DbOrTx, companyId: number, f: FormFilter): Promise<(FormSummary & { active: boolean; updatedAt: Date })[]> {
  const where: SQL[] = [eq(approvalForms.companyId, companyId)];
  if (f.activeOnly) where.push(eq(approvalForms.active, true));
  if (f.boxId) where.push(eq(approvalForms.boxId, f.boxId));
  if (f.keyword) where.push(ilike(approvalForms.name, containsPattern(f.keyword)));
  if (f.id) where.push(eq(approvalForms.id, f.id));
  if (f.innerDraft !== undefined) where.push(eq(approvalForms.innerDraft, f.innerDraft));
  const rows = await db.select({
    id: approvalForms.id,
    boxId: approvalForms.boxId,
    boxName: approvalFormBoxes.name,
    name: approvalForms.name,
    code: approvalForms.code,
    description: approvalForms.description,
    version: approvalForms.currentVersion,
    innerDraft: approvalForms.innerDraft,
    starterKey: approvalForms.starterKey,
    active: approvalForms.active,
    updatedAt: approvalForms.updatedAt,
  }).from(approvalForms).innerJoin(approvalFormBoxes, eq(approvalFormBoxes.id, approvalForms.boxId))
    .where(and(...where))
    .orderBy(asc(approvalFormBoxes.sortOrder), asc(approvalFormBoxes.id), asc(approvalForms.sortOrder), asc(approvalForms.id));
  return rows.map((r) => ({ ...r, starterKey: r.starterKey as StarterFormKey | null }));
}

export async function findForm(db: DbOrTx, companyId: number, id: number, lock = false): Promise<FormRow | undefined> {
  const q = db.select().from(approvalForms).where(and(eq(approvalForms.companyId, companyId), eq(approvalForms.id, id)));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function findVersion(db: DbOrTx, companyId: number, formId: number, version: number): Promise<VersionRow | undefined> {
  const [row] = await db.select().from(approvalFormVersions).where(and(
    eq(approvalFormVersions.companyId, companyId),
    eq(approvalFormVersions.formId, formId),
    eq(approvalFormVersions.version, version),
  ));
  return row;
}

/** Documents made with any version of each form. */
export async function documentCounts(db: DbOrTx, companyId: number, formIds: number[]): Promise<Map<number, number>> {
  if (!formIds.length) return new Map();
  const rows = await db.select({ formId: approvalDocuments.formId, n: sql<number>`count(*)::int` }).from(approvalDocuments)
    .where(and(eq(approvalDocuments.companyId, companyId), inArray(approvalDocuments.formId, formIds)))
    .groupBy(approvalDocuments.formId);
  return new Map(rows.map((r) => [r.formId, r.n]));
}

export async function formsInBox(db: DbOrTx, companyId: number, boxId: number): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(approvalForms)
    .where(and(eq(approvalForms.companyId, companyId), eq(approvalForms.boxId, boxId)));
  return n;
}
