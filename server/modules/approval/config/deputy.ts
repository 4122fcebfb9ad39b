// 대결 (deputy approval): an approver names one deputy for a period (config/deputy); while now is in [from, to)
// the deputy may act on the approver's APPROVAL/HELP lines (PROXY_APPROVED, 후열 afterwards). The functions
// activeDeputyOf and absentApproversFor serve the line actions (B) and the "to approve" box (C).
import { and, eq, gt, lte } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { approvalDeputies, users } from "../../../../db/schema/index.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { Deputy } from "../../../../shared/approval/config.ts";
import type { deputyBody } from "../../../../shared/approval/config.ts";
import type { z } from "zod";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";

/** The approver's deputy acting now, if any (an active user of the company). */
export async function activeDeputyOf(
  db: DbOrTx,
  companyId: number,
  approverId: number,
  now: Date,
): Promise<{ deputyId: number; from: Date; to: Date } | null> {
  const [row] = await db.select({ deputyId: approvalDeputies.deputyId, from: approvalDeputies.fromAt, to: approvalDeputies.toAt })
    .from(approvalDeputies)
    .innerJoin(users, eq(users.id, approvalDeputies.deputyId))
    .where(and(
      eq(approvalDeputies.companyId, companyId),
      eq(approvalDeputies.userId, approverId),
      lte(approvalDeputies.fromAt, now),
      gt(approvalDeputies.toAt, now),
      eq(users.companyId, companyId),
      eq(users.status, "ACTIVE"),
    ));
  return row ?? null;
}

/** The approvers for whom the user is the deputy now. */
export async function absentApproversFor(db: DbOrTx, companyId: number, deputyId: number, now: Date): Promise<number[]> {
  const rows = await db.select({ userId: approvalDeputies.userId }).from(approvalDeputies).where(and(
    eq(approvalDeputies.companyId, companyId),
    eq(approvalDeputies.deputyId, deputyId),
    lte(approvalDeputies.fromAt, now),
    gt(approvalDeputies.toAt, now),
  ));
  return rows.map((r) => r.userId);
}

export async function getDeputy(caller: Caller): Promise<Deputy | null> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const [row] = await db.select({
    deputyId: approvalDeputies.deputyId,
    name: users.displayName,
    email: users.username,
    from: approvalDeputies.fromAt,
    to: approvalDeputies.toAt,
    reason: approvalDeputies.reason,
  }).from(approvalDeputies).innerJoin(users, eq(users.id, approvalDeputies.deputyId))
    .where(and(eq(approvalDeputies.companyId, companyId), eq(approvalDeputies.userId, userId)));
  if (!row) return null;
  return {
    deputy: { id: row.deputyId, name: row.name, email: row.email },
    fromMillis: row.from.getTime(),
    toMillis: row.to.getTime(),
    reason: row.reason,
  };
}

/** Names the caller's deputy: another active user of the company, for a period that ends after it starts. */
export async function setDeputy(caller: Caller, input: z.infer<typeof deputyBody>): Promise<Deputy> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  if (input.deputyId === userId || input.toMillis <= input.fromMillis) throw new AppError(400, E.deputyInvalid);
  const [deputy] = await db.select({ id: users.id }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, input.deputyId), eq(users.status, "ACTIVE")));
  if (!deputy) throw new AppError(400, E.deputyInvalid);
  const values = { fromAt: new Date(input.fromMillis), toAt: new Date(input.toMillis), deputyId: input.deputyId, reason: input.reason };
  await db.insert(approvalDeputies).values({ userId, companyId, ...values })
    .onConflictDoUpdate({ target: approvalDeputies.userId, set: values });
  return (await getDeputy(caller))!;
}

export async function removeDeputy(caller: Caller): Promise<void> {
  await caller.deps.db.delete(approvalDeputies)
    .where(and(eq(approvalDeputies.companyId, caller.auth.companyId), eq(approvalDeputies.userId, caller.auth.userId)));
}
