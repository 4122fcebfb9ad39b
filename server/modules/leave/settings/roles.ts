// Who may do what in leave (shared/leave/leave.ts header): HR administrators (company admin or users.is_hr),
// organisation managers who approve their members, members themselves.
//
// A user's approvers: the managers of the user's organisations (other than the user); where an organisation has
// none, the managers of its parent, and so on up the tree. With policy.subOrgManageable the managers of every
// ancestor organisation may decide too. canManage and managedUserIds follow the same rule.
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { organizationMembers, organizations, users } from "../../../../db/schema/index.ts";
import type { Approver } from "../../../../shared/leave/leave.ts";
import type { Caller } from "../../../lib/context.ts";
import { ensureLeaveDefaults } from "./defaults.ts";

/** An HR administrator: the company's admin or a user marked is_hr. */
export function isHr(caller: Caller): boolean {
  return caller.auth.role === "ROLE_ADMIN" || caller.auth.isHr;
}

interface OrgTree {
  parent: Map<number, number | null>;
  name: Map<number, string>;
  /** Active managers of each organisation. */
  managers: Map<number, number[]>;
  /** The organisations each user belongs to (as member or manager). */
  orgsOf: Map<number, number[]>;
  userName: Map<number, string>;
}

async function loadTree(db: DbOrTx, companyId: number): Promise<OrgTree> {
  const orgs = await db.select({ id: organizations.id, parentId: organizations.parentId, name: organizations.name })
    .from(organizations).where(eq(organizations.companyId, companyId));
  const members = await db.select({
    organId: organizationMembers.organId, userId: organizationMembers.userId, isManager: organizationMembers.isManager,
    name: users.accountName, status: users.status,
  }).from(organizationMembers).innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.companyId, companyId));
  const tree: OrgTree = { parent: new Map(), name: new Map(), managers: new Map(), orgsOf: new Map(), userName: new Map() };
  for (const o of orgs) {
    tree.parent.set(o.id, o.parentId);
    tree.name.set(o.id, o.name);
  }
  for (const m of members) {
    if (m.status !== "ACTIVE") continue;
    tree.userName.set(m.userId, m.name);
    tree.orgsOf.set(m.userId, [...tree.orgsOf.get(m.userId) ?? [], m.organId]);
    if (m.isManager) tree.managers.set(m.organId, [...tree.managers.get(m.organId) ?? [], m.userId]);
  }
  return tree;
}

/** The nearest approvers of a user (the first level up the tree with a manager other than the user). */
function nearest(tree: OrgTree, userId: number): Approver[] {
  const out = new Map<number, Approver>();
  for (const start of tree.orgsOf.get(userId) ?? []) {
    const seen = new Set<number>();
    for (let org: number | null | undefined = start; org != null && !seen.has(org); org = tree.parent.get(org)) {
      seen.add(org);
      const managers = (tree.managers.get(org) ?? []).filter((id) => id !== userId);
      if (managers.length === 0) continue;
      for (const id of managers) {
        if (!out.has(id)) out.set(id, { id, name: tree.userName.get(id) ?? "", organId: org, organName: tree.name.get(org) ?? "" });
      }
      break;
    }
  }
  return [...out.values()].sort((a, b) => a.id - b.id);
}

/** Everyone who may decide a user's leave: the nearest approvers and, with subOrgManageable, ancestors' managers. */
function deciders(tree: OrgTree, userId: number, subOrgManageable: boolean): Set<number> {
  const out = new Set(nearest(tree, userId).map((a) => a.id));
  if (!subOrgManageable) return out;
  for (const start of tree.orgsOf.get(userId) ?? []) {
    const seen = new Set<number>();
    for (let org: number | null | undefined = start; org != null && !seen.has(org); org = tree.parent.get(org)) {
      seen.add(org);
      for (const id of tree.managers.get(org) ?? []) if (id !== userId) out.add(id);
    }
  }
  return out;
}

/** The user's approvers (nearest level); empty when nobody up the tree manages them. */
export async function approversOf(db: DbOrTx, companyId: number, userId: number): Promise<Approver[]> {
  return nearest(await loadTree(db, companyId), userId);
}

/** Whether the manager may decide the user's leave (not HR: see canManage). */
export async function isDeciderOf(db: DbOrTx, companyId: number, managerId: number, userId: number): Promise<boolean> {
  if (managerId === userId) return false;
  const policy = await ensureLeaveDefaults(db, companyId);
  return deciders(await loadTree(db, companyId), userId, policy.subOrgManageable).has(managerId);
}

/** The users whose leave this manager decides (an empty list for someone who manages nobody). */
export async function managedUserIds(db: DbOrTx, companyId: number, managerId: number): Promise<number[]> {
  const policy = await ensureLeaveDefaults(db, companyId);
  const tree = await loadTree(db, companyId);
  if (![...tree.managers.values()].some((ids) => ids.includes(managerId))) return [];
  return [...tree.orgsOf.keys()].filter((u) => u !== managerId && deciders(tree, u, policy.subOrgManageable).has(managerId));
}

/** HR, or one of the user's deciders. A user is not their own manager. */
export async function canManage(caller: Caller, userId: number): Promise<boolean> {
  if (isHr(caller)) return true;
  return await isDeciderOf(caller.deps.db, caller.auth.companyId, caller.auth.userId, userId);
}

/** The user ids (of the company, active) among the given ones: for checking a foreign id. */
export async function companyUserIds(db: DbOrTx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  return new Set(rows.map((r) => r.id));
}
