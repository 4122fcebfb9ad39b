// Personal line presets (002 §3 "Line preset", §5 "At most 30 saved approval line presets"; config/preset/
// appr-line). A preset keeps the lines as the client sent them; reading it resolves them again (people and
// departments as they are now) with the validation's codes on each line, so a preset whose approver left shows
// the problem instead of failing the draft later.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../../../db/client.ts";
import { approvalPresets } from "../../../../db/schema/index.ts";
import type { idsBody, LinePreset, presetBody } from "../../../../shared/approval/config.ts";
import { PRESETS_MAX } from "../../../../shared/approval/constants.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { assertLinesValid, assertOwnOrgan, normaliseLine, validateLines } from "../lines/validate.ts";

type PresetRow = typeof approvalPresets.$inferSelect;
type PresetInput = z.infer<typeof presetBody>;

async function view(db: DbOrTx, companyId: number, row: PresetRow): Promise<LinePreset> {
  const v = await validateLines(db, companyId, row.lines, { drafterId: row.userId, draftOrganId: row.draftOrganId, requireApproval: true });
  return { id: row.id, name: row.name, draftOrganId: row.draftOrganId, approvalLines: v.checks.map((c) => c.line), createdAt: row.createdAt.getTime() };
}

/** The draft organ is the caller's own, the lines pass the whole validation (with at least one approver). */
async function checked(db: DbOrTx, caller: Caller, input: PresetInput) {
  const { companyId, userId } = caller.auth;
  await assertOwnOrgan(db, companyId, userId, input.draftOrganId);
  const lines = input.approvalLines.map(normaliseLine);
  assertLinesValid(await validateLines(db, companyId, lines, { drafterId: userId, draftOrganId: input.draftOrganId, requireApproval: true }));
  return { name: input.name, draftOrganId: input.draftOrganId, lines };
}

async function ownPreset(db: DbOrTx, caller: Caller, id: number): Promise<PresetRow> {
  const [row] = await db.select().from(approvalPresets).where(and(
    eq(approvalPresets.companyId, caller.auth.companyId),
    eq(approvalPresets.userId, caller.auth.userId),
    eq(approvalPresets.id, id),
  ));
  if (!row) throw new AppError(404, E.presetNotFound);
  return row;
}

export async function listPresets(caller: Caller): Promise<LinePreset[]> {
  const { db } = caller.deps;
  const rows = await db.select().from(approvalPresets)
    .where(and(eq(approvalPresets.companyId, caller.auth.companyId), eq(approvalPresets.userId, caller.auth.userId)))
    .orderBy(desc(approvalPresets.createdAt), desc(approvalPresets.id));
  return await Promise.all(rows.map((r) => view(db, caller.auth.companyId, r)));
}

/** Adds a preset; past PRESETS_MAX 400 approval.preset_limit. Two adds at once are counted one after the other
 * (a transaction lock per user). */
export async function addPreset(caller: Caller, input: PresetInput): Promise<LinePreset> {
  const { companyId, userId } = caller.auth;
  return await caller.deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('approval_presets'), ${userId}::int)`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(approvalPresets)
      .where(and(eq(approvalPresets.companyId, companyId), eq(approvalPresets.userId, userId)));
    if (n >= PRESETS_MAX) throw new AppError(400, E.presetLimit, { max: PRESETS_MAX });
    const values = await checked(tx, caller, input);
    const [row] = await tx.insert(approvalPresets).values({ companyId, userId, ...values, createdAt: caller.deps.clock.now() }).returning();
    return await view(tx, companyId, row);
  });
}

export async function updatePreset(caller: Caller, id: number, input: PresetInput): Promise<LinePreset> {
  const { db } = caller.deps;
  await ownPreset(db, caller, id);
  const values = await checked(db, caller, input);
  const [row] = await db.update(approvalPresets).set(values)
    .where(and(eq(approvalPresets.companyId, caller.auth.companyId), eq(approvalPresets.userId, caller.auth.userId), eq(approvalPresets.id, id)))
    .returning();
  if (!row) throw new AppError(404, E.presetNotFound);
  return await view(db, caller.auth.companyId, row);
}

export async function deletePreset(caller: Caller, id: number): Promise<void> {
  const { db } = caller.deps;
  await ownPreset(db, caller, id);
  await db.delete(approvalPresets).where(and(eq(approvalPresets.userId, caller.auth.userId), eq(approvalPresets.id, id)));
}

/** Deletes the caller's presets among the ids (others' and missing ids are left alone); answers how many went. */
export async function deletePresets(caller: Caller, { ids }: z.infer<typeof idsBody>): Promise<{ deleted: number }> {
  const gone = await caller.deps.db.delete(approvalPresets).where(and(
    eq(approvalPresets.companyId, caller.auth.companyId),
    eq(approvalPresets.userId, caller.auth.userId),
    inArray(approvalPresets.id, ids),
  )).returning({ id: approvalPresets.id });
  return { deleted: gone.length };
}
