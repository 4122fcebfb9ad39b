// The access service other modules call to learn what a user may do with a shared object, and the lookup of
// objects through the shareable registry.
//
//   effectivePermission(deps, {companyId, userId}, moduleType, objectId) → 0 | 1 | 2 | 3
//     the owner has 3; otherwise the highest of: the user's USER member permission, and the permission of
//     every ORGANIZATION member the user belongs to (directly, or through a sub-organisation when that member
//     includes sub-organisations). One query (a recursive CTE over the organisation tree).
//   sharedWith(deps, {companyId, userId}, moduleType) → the objects of that type shared with the user.
//   ownedShares(deps, {companyId, userId}, moduleType) → the user's shared objects of that type, member counts.
//   forgetShares(db, companyId, moduleType, objectIds) → a module deleting objects removes their shares
//     (in its own transaction; share links go with share-links' forgetLinks).
import type { EffectivePermission, SharedObject, SharePermission } from "../../../shared/share.ts";
import type { AppDeps } from "../../lib/context.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import type { ShareableResolver } from "./registry.ts";
import * as repo from "./repo.ts";

export interface UserRef {
  companyId: number;
  userId: number;
}

/** The resolver of a moduleType; an unknown type answers 404. */
export function resolverOf(deps: AppDeps, moduleType: string): ShareableResolver {
  const r = deps.shareables.get(moduleType);
  if (!r) throw notFound();
  return r;
}

/** The object's owner; 404 for an unknown type or an object the resolver does not know in the company. */
export async function requireObject(deps: AppDeps, companyId: number, moduleType: string, objectId: string) {
  const resolver = resolverOf(deps, moduleType);
  const ownerUserId = await resolver.ownerUserId(companyId, objectId);
  if (ownerUserId === null) throw notFound();
  return { resolver, ownerUserId };
}

export async function effectivePermission(deps: AppDeps, user: UserRef, moduleType: string, objectId: string): Promise<EffectivePermission> {
  const resolver = deps.shareables.get(moduleType);
  if (!resolver) return 0;
  const owner = await resolver.ownerUserId(user.companyId, objectId);
  if (owner === null) return 0;
  if (owner === user.userId) return 3;
  const p = await repo.memberPermission(deps.db, user.companyId, user.userId, moduleType, objectId);
  return (p >= 1 && p <= 3 ? p : 0) as EffectivePermission;
}

/** Objects of `moduleType` shared with the user by others; objects their module no longer knows are left out. */
export async function sharedWith(deps: AppDeps, user: UserRef, moduleType: string): Promise<SharedObject[]> {
  const resolver = deps.shareables.get(moduleType);
  if (!resolver) return [];
  const rows = await repo.sharedWith(deps.db, user.companyId, user.userId, moduleType);
  const known = await Promise.all(rows.map((r) => resolver.exists(user.companyId, r.objectId)));
  return rows.filter((_, i) => known[i]).map((r) => ({
    shareId: r.shareId,
    moduleType,
    objectId: r.objectId,
    ownerUserId: r.ownerUserId,
    ownerName: r.ownerName,
    permission: r.permission as SharePermission,
  }));
}

/** The user's own objects of `moduleType` that are shared, with their member counts (tree badges). */
export async function ownedShares(deps: AppDeps, user: UserRef, moduleType: string) {
  return await repo.ownedShares(deps.db, user.companyId, user.userId, moduleType);
}

/**
 * The highest member permission the user has on any of these objects, for modules whose shares cover a
 * sub-tree (a drive folder's permission reaches every item under it): the caller passes the object and its
 * ancestors. The owner's own rights are the module's business.
 */
export async function memberPermissionOfAny(deps: AppDeps, user: UserRef, moduleType: string, objectIds: string[]): Promise<EffectivePermission> {
  const p = await repo.memberPermissionOfAny(deps.db, user.companyId, user.userId, moduleType, objectIds);
  return (p >= 1 && p <= 3 ? p : 0) as EffectivePermission;
}

/** Which of these objects have a share (the lists' share flags). */
export async function sharedObjectIds(db: DbOrTx, companyId: number, moduleType: string, objectIds: string[]): Promise<Set<string>> {
  return await repo.sharedObjectIds(db, companyId, moduleType, objectIds);
}

export async function forgetShares(db: DbOrTx, companyId: number, moduleType: string, objectIds: string[]): Promise<void> {
  await repo.deleteSharesOfObjects(db, companyId, moduleType, objectIds);
}
