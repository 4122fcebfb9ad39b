// First use of leave in a company: the policy row with its defaults, the ANNUAL template "연차" and the starter
// custom types (경조휴가, 병가, 보상휴가), made by whichever call of the company comes first. Race-safe: the
// policy row's insert decides who seeds; a concurrent first call waits on that row's insert and then finds
// everything made.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { leavePolicies, leaveTemplates } from "../../../../db/schema/index.ts";

export type PolicyRow = typeof leavePolicies.$inferSelect;
export type TemplateRow = typeof leaveTemplates.$inferSelect;
type TemplateSeed = Omit<typeof leaveTemplates.$inferInsert, "companyId">;

/** 연차: taken by the day, half or quarter day; HR-less application; cancellation by the employee before it starts. */
const ANNUAL: TemplateSeed = {
  type: "ANNUAL", name: "연차", defaultAllocation: 15, defaultValidityPeriod: 365,
  fullDayAllowed: true, halfDayAllowed: true, quarterDayAllowed: true, oneHourAllowed: false,
  weekendIncluded: false, paid: true, employeeApplicationAllowed: true, adminCancellationOnly: false, sortOrder: 0,
};

/** Starter special leave (CUSTOM: a reason is required on application, 002 §5). */
const STARTERS: TemplateSeed[] = [
  {
    // 경조사: days granted by HR for the event; taken in whole days, valid for 90 days.
    type: "CUSTOM", name: "경조휴가", defaultAllocation: 5, defaultValidityPeriod: 90,
    fullDayAllowed: true, halfDayAllowed: false, quarterDayAllowed: false, oneHourAllowed: false,
    weekendIncluded: false, paid: true, employeeApplicationAllowed: true, adminCancellationOnly: false, sortOrder: 1,
  },
  {
    // 병가: unpaid unless the rules of employment say otherwise; whole or half days.
    type: "CUSTOM", name: "병가", defaultAllocation: 0, defaultValidityPeriod: 0,
    fullDayAllowed: true, halfDayAllowed: true, quarterDayAllowed: false, oneHourAllowed: false,
    weekendIncluded: false, paid: false, employeeApplicationAllowed: true, adminCancellationOnly: false, sortOrder: 2,
  },
  {
    // 보상휴가 (근로기준법 §57): overtime paid as time off, usable down to the hour.
    type: "CUSTOM", name: "보상휴가", defaultAllocation: 0, defaultValidityPeriod: 0,
    fullDayAllowed: true, halfDayAllowed: true, quarterDayAllowed: true, oneHourAllowed: true,
    weekendIncluded: false, paid: true, employeeApplicationAllowed: true, adminCancellationOnly: false, sortOrder: 3,
  },
];

/** The company's policy, made with the defaults (and the starter templates) on first use. */
export async function ensureLeaveDefaults(db: DbOrTx, companyId: number): Promise<PolicyRow> {
  const [existing] = await db.select().from(leavePolicies).where(eq(leavePolicies.companyId, companyId));
  if (existing) return existing;
  return await db.transaction(async (tx) => {
    const [made] = await tx.insert(leavePolicies).values({ companyId }).onConflictDoNothing().returning();
    if (made) {
      await tx.insert(leaveTemplates).values([ANNUAL, ...STARTERS].map((t) => ({ ...t, companyId }))).onConflictDoNothing();
      return made;
    }
    const [row] = await tx.select().from(leavePolicies).where(eq(leavePolicies.companyId, companyId));
    return row;
  });
}

/** The company's ANNUAL template (after ensureLeaveDefaults). */
export async function annualTemplate(db: DbOrTx, companyId: number): Promise<TemplateRow> {
  await ensureLeaveDefaults(db, companyId);
  const [row] = await db.select().from(leaveTemplates)
    .where(and(eq(leaveTemplates.companyId, companyId), eq(leaveTemplates.type, "ANNUAL")));
  return row;
}
