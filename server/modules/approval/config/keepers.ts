// Document keepers of a department (002 §6: "a department's document keeper handles department boxes"): the
// document managers the admin named for it (approval_managers), or, when it has none, its organisation managers
// (organization_members.is_manager). Used by the department boxes (C), receiving for a department and the
// access rule (B), and config/manager/managed/list.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { approvalManagers, organizationMembers, organizations } from "../../../../db/schema/index.ts";

/** Whether the user keeps the department's documents. */
export async function isDocumentKeeper(db: DbOrTx, companyId: number, userId: number, organId: number): Promise<boolean> {
  const managers = await db.select({ userId: approvalManagers.userId }).from(approvalManagers)
    .where(and(eq(approvalManagers.companyId, companyId), eq(approvalManagers.organId, organId)));
  if (managers.length > 0) return managers.some((m) => m.userId === userId);
  const [lead] = await db.select({ userId: organizationMembers.userId }).from(organizationMembers).where(and(
    eq(organizationMembers.companyId, companyId),
    eq(organizationMembers.organId, organId),
    eq(organizationMembers.userId, userId),
    eq(organizationMembers.isManager, true),
  ));
  return !!lead;
}

/** The departments the user keeps documents for, by name: those they are document manager of, and those they
 * lead that have no document manager. */
export async function keptOrgans(db: DbOrTx, companyId: number, userId: number): Promise<{ id: number; name: string }[]> {
  const named = db.select({ organId: approvalManagers.organId }).from(approvalManagers)
    .where(and(eq(approvalManagers.companyId, companyId), eq(approvalManagers.userId, userId)));
  const led = db.select({ organId: organizationMembers.organId }).from(organizationMembers).where(and(
    eq(organizationMembers.companyId, companyId),
    eq(organizationMembers.userId, userId),
    eq(organizationMembers.isManager, true),
    sql`not exists (select 1 from approval_managers m where m.company_id = ${companyId} and m.organ_id = ${organizationMembers.organId})`,
  ));
  const ids = [...new Set([...(await named).map((r) => r.organId), ...(await led).map((r) => r.organId)])];
  if (!ids.length) return [];
  return await db.select({ id: organizations.id, name: organizations.name }).from(organizations)
    .where(and(eq(organizations.companyId, companyId), inArray(organizations.id, ids)))
    .orderBy(organizations.sortOrder, organizations.name, organizations.id);
}
