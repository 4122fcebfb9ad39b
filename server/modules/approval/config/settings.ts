// Basic config (page size of the box lists) and document managers with their managed departments (002 §3
// "Config", §6; config/basic, config/manager/managed/list, admin/managers).
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { approvalConfigs, approvalManagers, organizations, users } from "../../../../db/schema/index.ts";
import type { BasicConfig, basicConfigBody, DocumentManager, ManagedOrgan } from "../../../../shared/approval/config.ts";
import { DEFAULT_PAGE_SIZE } from "../../../../shared/approval/constants.ts";
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { assertApprovalAdmin } from "../forms/admin.ts";
import { keptOrgans } from "./keepers.ts";

export async function basicConfig(caller: Caller): Promise<BasicConfig> {
  const [row] = await caller.deps.db.select({ pageSize: approvalConfigs.pageSize }).from(approvalConfigs)
    .where(eq(approvalConfigs.companyId, caller.auth.companyId));
  return { pageSize: row?.pageSize ?? DEFAULT_PAGE_SIZE };
}

export async function setBasicConfig(caller: Caller, input: z.infer<typeof basicConfigBody>): Promise<BasicConfig> {
  assertApprovalAdmin(caller);
  await caller.deps.db.insert(approvalConfigs).values({ companyId: caller.auth.companyId, pageSize: input.pageSize })
    .onConflictDoUpdate({ target: approvalConfigs.companyId, set: { pageSize: input.pageSize } });
  return await basicConfig(caller);
}

/** The departments the caller keeps documents for. */
export async function managedOrgans(caller: Caller): Promise<ManagedOrgan[]> {
  return await keptOrgans(caller.deps.db, caller.auth.companyId, caller.auth.userId);
}

export async function documentManagers(caller: Caller): Promise<DocumentManager[]> {
  assertApprovalAdmin(caller);
  const rows = await caller.deps.db.select({
    userId: users.id,
    name: users.displayName,
    email: users.username,
    organId: organizations.id,
    organName: organizations.name,
  }).from(approvalManagers)
    .innerJoin(users, eq(users.id, approvalManagers.userId))
    .innerJoin(organizations, eq(organizations.id, approvalManagers.organId))
    .where(eq(approvalManagers.companyId, caller.auth.companyId))
    .orderBy(users.displayName, users.id, organizations.sortOrder, organizations.name);
  const byUser = new Map<number, DocumentManager>();
  for (const r of rows) {
    const m = byUser.get(r.userId) ?? { user: { id: r.userId, name: r.name, email: r.email }, organs: [] };
    m.organs.push({ id: r.organId, name: r.organName });
    byUser.set(r.userId, m);
  }
  return [...byUser.values()];
}

/** Replaces the departments the user manages documents for ([] removes the manager). A user or department of
 * another company answers 404 as a missing one does. */
export async function setDocumentManager(caller: Caller, userId: number, organIds: number[]): Promise<DocumentManager> {
  assertApprovalAdmin(caller);
  const { companyId } = caller.auth;
  return await caller.deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, name: users.displayName, email: users.username, status: users.status })
      .from(users).where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    if (!user || user.status === "DELETED") throw new AppError(404, E.notFound);
    const ids = [...new Set(organIds)];
    const organs = ids.length
      ? await tx.select({ id: organizations.id, name: organizations.name }).from(organizations)
        .where(and(eq(organizations.companyId, companyId), inArray(organizations.id, ids)))
        .orderBy(organizations.sortOrder, organizations.name)
      : [];
    if (organs.length !== ids.length) throw new AppError(404, E.notFound);
    await tx.delete(approvalManagers).where(and(eq(approvalManagers.companyId, companyId), eq(approvalManagers.userId, userId)));
    if (organs.length) await tx.insert(approvalManagers).values(organs.map((o) => ({ companyId, userId, organId: o.id })));
    return { user: { id: user.id, name: user.name, email: user.email }, organs };
  });
}
