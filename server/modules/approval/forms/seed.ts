// The starter set (starter.ts) is made on a company's first approval call, once: the company's
// approval_configs row is created if missing and locked, and the forms are made only while its seeded_at is
// null, in the same transaction; ten first calls at once wait on that row lock and find the set made.
// Each process remembers the companies it saw seeded, so later calls cost nothing.
import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Tx } from "../../../../db/client.ts";
import { approvalConfigs, approvalFormBoxes, approvalForms, approvalFormVersions } from "../../../../db/schema/index.ts";
import type { AppDeps, AppEnv } from "../../../lib/context.ts";
import { checkDesign } from "./design.ts";
import { STARTER_BOXES, STARTER_FORMS, STARTER_NUMBER_FORMAT } from "./starter.ts";

const seeded = new WeakMap<AppDeps, Set<number>>();

async function createStarterSet(tx: Tx, companyId: number, now: Date): Promise<void> {
  const boxes = await tx.insert(approvalFormBoxes)
    .values(STARTER_BOXES.map((name, i) => ({ companyId, name, sortOrder: i, createdAt: now })))
    .returning({ id: approvalFormBoxes.id, name: approvalFormBoxes.name });
  const boxId = new Map(boxes.map((b) => [b.name, b.id]));
  for (const [i, f] of STARTER_FORMS.entries()) {
    const design = checkDesign({ templateBody: f.templateBody, fields: f.fields, numberFormat: STARTER_NUMBER_FORMAT });
    const [form] = await tx.insert(approvalForms).values({
      companyId,
      boxId: boxId.get(f.box)!,
      name: f.name,
      code: f.code,
      description: f.description,
      innerDraft: f.innerDraft,
      starterKey: f.key,
      sortOrder: i,
      createdAt: now,
      updatedAt: now,
    }).onConflictDoNothing().returning({ id: approvalForms.id });
    // A form of the same name the admin made before the set: theirs stays, the starter one is left out.
    if (!form) continue;
    await tx.insert(approvalFormVersions).values({ formId: form.id, version: 1, companyId, ...design, presetLines: [], openType: f.openType, createdAt: now });
  }
}

/** Makes the company's starter set unless it was made already. */
export async function ensureStarterSet(deps: AppDeps, companyId: number): Promise<void> {
  const known = seeded.get(deps) ?? new Set<number>();
  seeded.set(deps, known);
  if (known.has(companyId)) return;
  await deps.db.transaction(async (tx) => {
    await tx.insert(approvalConfigs).values({ companyId }).onConflictDoNothing();
    const [config] = await tx.select({ seededAt: approvalConfigs.seededAt }).from(approvalConfigs)
      .where(eq(approvalConfigs.companyId, companyId)).for("update");
    if (config.seededAt) return;
    const now = deps.clock.now();
    await createStarterSet(tx, companyId, now);
    await tx.update(approvalConfigs).set({ seededAt: now }).where(eq(approvalConfigs.companyId, companyId));
  });
  known.add(companyId);
}

/** Every approval call of a company makes sure its starter set exists (runs after the sign-in and module gate). */
export const starterSet = createMiddleware<AppEnv>(async (c, next) => {
  await ensureStarterSet(c.get("deps"), c.get("auth").companyId);
  await next();
});
