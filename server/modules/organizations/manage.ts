// Editing the organisation tree and memberships, for the admin module. Every write takes the company's tree
// lock first, so checks (parent not a descendant, no children, no members) hold until commit.
import type { AdminOrganization, OrganizationCreate, OrganizationUpdate } from "../../../shared/admin.ts";
import type { OrganRelation } from "../../../shared/users.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { companyInfo } from "../company/service.ts";
import { isAliasAddress } from "../mail/aliases/taken.ts";
import { isBoardAddress } from "../board/mail/taken.ts";
import * as repo from "./repo.ts";

/** Members counted by the admin views and the "has members" rule: every user not deleted. */
const LIVE_STATUSES = ["ACTIVE", "INACTIVE"];

export async function lockOrganizations(db: DbOrTx, companyId: number) {
  await repo.lockTree(db, companyId);
}

async function toAdmin(db: DbOrTx, companyId: number, o: repo.OrgRow): Promise<AdminOrganization> {
  const [childCount, counts] = await Promise.all([
    repo.countChildren(db, companyId, o.id),
    repo.memberCounts(db, companyId, LIVE_STATUSES, o.id),
  ]);
  return { id: o.id, parentId: o.parentId, name: o.name, email: o.email, sortOrder: o.sortOrder, childCount, memberCount: counts.get(o.id) ?? 0 };
}

export async function getOrganization(caller: Caller, id: number): Promise<AdminOrganization> {
  const { db } = caller.deps;
  const org = await repo.findOrganization(db, caller.auth.companyId, id);
  if (!org) throw notFound();
  return await toAdmin(db, caller.auth.companyId, org);
}

/** Flat list in display order (sortOrder, then id). */
export async function listOrganizations(caller: Caller): Promise<AdminOrganization[]> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const [orgs, counts] = await Promise.all([repo.listOrganizations(db, companyId), repo.memberCounts(db, companyId, LIVE_STATUSES)]);
  const kids = new Map<number, number>();
  for (const o of orgs) if (o.parentId !== null) kids.set(o.parentId, (kids.get(o.parentId) ?? 0) + 1);
  return orgs.map((o) => ({
    id: o.id, parentId: o.parentId, name: o.name, email: o.email, sortOrder: o.sortOrder,
    childCount: kids.get(o.id) ?? 0, memberCount: counts.get(o.id) ?? 0,
  }));
}

/** A group address must be on one of the company's domains and not be held by another organisation, user or alias. */
async function assertEmailUsable(caller: Caller, db: DbOrTx, email: string, selfId?: number) {
  const { domains } = await companyInfo(caller.deps, caller.auth.companyId);
  if (!domains.includes(email.slice(email.lastIndexOf("@") + 1))) throw new AppError(400, "organization.email_domain");
  const holder = await repo.findOrganizationByEmail(db, caller.auth.companyId, email);
  if ((holder && holder.id !== selfId) || (await repo.usernameExists(db, email)) || (await isAliasAddress(db, email)) || (await isBoardAddress(db, email))) {
    throw new AppError(409, "organization.email_in_use");
  }
}

export async function createOrganization(caller: Caller, input: OrganizationCreate): Promise<AdminOrganization> {
  const { companyId } = caller.auth;
  return await caller.deps.db.transaction(async (tx) => {
    await repo.lockTree(tx, companyId);
    const parentId = input.parentId ?? null;
    if (parentId !== null && !(await repo.findOrganization(tx, companyId, parentId))) {
      throw new AppError(400, "organization.parent_invalid");
    }
    if (input.email) await assertEmailUsable(caller, tx, input.email);
    const row = await repo.insertOrganization(tx, {
      companyId,
      parentId,
      name: input.name,
      email: input.email ?? null,
      sortOrder: input.sortOrder ?? (await repo.nextSortOrder(tx, companyId, parentId)),
      createdAt: caller.deps.clock.now(),
    });
    return await toAdmin(tx, companyId, row);
  });
}

export async function updateOrganization(caller: Caller, id: number, input: OrganizationUpdate): Promise<AdminOrganization> {
  const { companyId } = caller.auth;
  return await caller.deps.db.transaction(async (tx) => {
    await repo.lockTree(tx, companyId);
    const orgs = await repo.listOrganizations(tx, companyId);
    const byId = new Map(orgs.map((o) => [o.id, o]));
    const org = byId.get(id);
    if (!org) throw notFound();
    const values: Partial<repo.OrgRow> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.sortOrder !== undefined) values.sortOrder = input.sortOrder;
    if (input.parentId !== undefined) {
      if (input.parentId !== null) {
        if (!byId.has(input.parentId)) throw new AppError(400, "organization.parent_invalid");
        // Walk up from the new parent: meeting the node itself means it would sit under its own subtree.
        const seen = new Set<number>();
        for (let cur = byId.get(input.parentId); cur && !seen.has(cur.id); cur = cur.parentId === null ? undefined : byId.get(cur.parentId)) {
          if (cur.id === id) throw new AppError(400, "organization.parent_invalid");
          seen.add(cur.id);
        }
      }
      values.parentId = input.parentId;
    }
    if (input.email !== undefined) {
      if (input.email !== null && input.email !== org.email) await assertEmailUsable(caller, tx, input.email, id);
      values.email = input.email;
    }
    if (Object.keys(values).length > 0) await repo.updateOrganization(tx, companyId, id, values);
    return await toAdmin(tx, companyId, { ...org, ...values });
  });
}

export async function deleteOrganization(caller: Caller, id: number): Promise<void> {
  const { companyId } = caller.auth;
  await caller.deps.db.transaction(async (tx) => {
    await repo.lockTree(tx, companyId);
    if (!(await repo.findOrganization(tx, companyId, id))) throw notFound();
    if ((await repo.countChildren(tx, companyId, id)) > 0) throw new AppError(409, "organization.has_children");
    const counts = await repo.memberCounts(tx, companyId, LIVE_STATUSES, id);
    if ((counts.get(id) ?? 0) > 0) throw new AppError(409, "organization.has_members");
    await repo.deleteOrganization(tx, companyId, id);
  });
}

/**
 * Replaces a user's memberships inside the caller's transaction. Every organisation must be in the company
 * (400 organization.unknown); a repeated organisation is kept once, as manager if any entry says so.
 */
export async function replaceMemberships(
  tx: DbOrTx,
  companyId: number,
  userId: number,
  relations: { organId: number; manager: boolean }[],
): Promise<{ organId: number; manager: boolean }[]> {
  await repo.lockTree(tx, companyId);
  const merged = new Map<number, boolean>();
  for (const r of relations) merged.set(r.organId, (merged.get(r.organId) ?? false) || r.manager);
  const known = new Set((await repo.listOrganizations(tx, companyId)).map((o) => o.id));
  if ([...merged.keys()].some((id) => !known.has(id))) throw new AppError(400, "organization.unknown");
  const list = [...merged].map(([organId, manager]) => ({ organId, manager }));
  await repo.replaceMemberships(tx, companyId, userId, list);
  return list;
}

/** userId → memberships in display order. */
export async function relationsOf(db: DbOrTx, companyId: number, userIds: number[]): Promise<Map<number, OrganRelation[]>> {
  const out = new Map<number, OrganRelation[]>(userIds.map((id) => [id, []]));
  for (const m of await repo.membershipsOf(db, companyId, userIds)) {
    out.get(m.userId)?.push({ organId: m.organId, organName: m.organName, manager: m.manager });
  }
  return out;
}

/** Whether an organisation of the company uses this address (a new user may not take it). */
export async function isGroupAddress(db: DbOrTx, companyId: number, email: string): Promise<boolean> {
  return !!(await repo.findOrganizationByEmail(db, companyId, email));
}
