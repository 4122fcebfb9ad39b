// Share rules (000 §6): only the object's owner shares it and becomes the organiser, the only one who may
// edit the share; members are users or organisations of the same company; title-only (1) exists only where
// the module allows it (calendars); org-chart-restricted users cannot share with organisations; a member may
// leave a share given to them as a user, never one given to their department. The people a create or an update
// newly adds (users, and the members of the organisations added) get share.shared in the bell (notifications/).
import {
  SHARE_MEMBERS_MAX, SHARE_UPDATE_RESULT, type ShareMemberInput, type ShareMemberRef, type ShareRecord,
  type ShareUpdate, type ShareUpdateResult,
} from "../../../shared/share.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { requireUser } from "../users/service.ts";
import { effectivePermission, requireObject, resolverOf } from "./access.ts";
import type { ShareableResolver } from "./registry.ts";
import * as repo from "./repo.ts";
import { notify } from "../notifications/notify.ts";
import { CALENDAR_SHARE_MODULE } from "../../../shared/calendar/constants.ts";
import { DRIVE_SHARE_TYPE } from "../../../shared/drive/constants.ts";

/** Where a member finds what was shared with them, per shareable type (the app's hash routes). */
const SHARED_LINKS: Record<string, string> = {
  MAIL: "/mail", // the shared folders' root in the mail tree
  [CALENDAR_SHARE_MODULE]: "/cal", // the calendar list beside every view
  [DRIVE_SHARE_TYPE]: "/drive/shared", // "shared with me"
};

/** share.shared to the people these new member rows reach (after the commit; never throws). */
async function tellNewMembers(caller: Caller, resolver: ShareableResolver, moduleType: string, objectId: string, added: ShareMemberInput[]) {
  const { deps, auth } = caller;
  if (!added.length) return;
  try {
    const [userIds, title] = await Promise.all([
      repo.usersReached(deps.db, auth.companyId, added),
      resolver.title(auth.companyId, objectId),
    ]);
    if (title === null) return;
    await notify(deps, auth.companyId, {
      kind: "share.shared", userIds, actorId: auth.userId, title, link: SHARED_LINKS[moduleType] ?? "/",
      objectKey: `share:${moduleType}:${objectId}`,
    });
  } catch (e) {
    deps.log.error(`share: notifying the new members of ${moduleType}:${objectId} failed`, e);
  }
}

const keyOf = (m: { memberType: string; memberId: number }) => `${m.memberType}:${m.memberId}`;

async function recordOf(db: DbOrTx, companyId: number, share: repo.ShareRow | undefined): Promise<ShareRecord> {
  if (!share) return { shareId: null, ownerUserId: null, list: [] };
  return { shareId: share.id, ownerUserId: share.ownerUserId, list: await repo.membersOf(db, companyId, share.id) };
}

/** Checks members to add: permission allowed by the module, not the organiser, existing in the company,
 *  organisations only for unrestricted callers. Later duplicates replace earlier ones. */
async function checkNewMembers(caller: Caller, resolver: ShareableResolver, members: ShareMemberInput[]): Promise<ShareMemberInput[]> {
  const { db } = caller.deps;
  const { companyId, userId, role } = caller.auth;
  const unique = [...new Map(members.map((m) => [keyOf(m), m])).values()];
  if (unique.some((m) => m.permission === 1) && !resolver.allowsTitleOnly) throw new AppError(400, "share.permission_invalid");
  if (unique.some((m) => m.memberType === "USER" && m.memberId === userId)) throw new AppError(400, "share.member_self");
  const orgIds = unique.filter((m) => m.memberType === "ORGANIZATION").map((m) => m.memberId);
  if (orgIds.length > 0 && role !== "ROLE_ADMIN" && (await requireUser(db, companyId, userId)).isOrgChartRestricted) {
    throw new AppError(403, "share.org_restricted");
  }
  const userIds = unique.filter((m) => m.memberType === "USER").map((m) => m.memberId);
  const [foundUsers, foundOrgs] = await Promise.all([
    repo.existingUserIds(db, companyId, userIds),
    repo.existingOrganizationIds(db, companyId, orgIds),
  ]);
  if (userIds.some((id) => !foundUsers.has(id)) || orgIds.some((id) => !foundOrgs.has(id))) {
    throw new AppError(400, "share.member_unknown");
  }
  return unique;
}

function newRow(caller: Caller, shareId: number, m: ShareMemberInput, now: Date) {
  return {
    companyId: caller.auth.companyId,
    shareId,
    memberType: m.memberType,
    memberId: m.memberId,
    permission: m.permission,
    includeSubOrganizations: m.memberType === "ORGANIZATION" ? (m.includeSubOrganizations ?? true) : false,
    createdAt: now,
    updatedAt: now,
  };
}

/** GET members: for the owner and anyone the object is shared with; 403 for other users of the company. */
export async function members(caller: Caller, moduleType: string, objectId: string): Promise<ShareRecord> {
  const { deps, auth } = caller;
  await requireObject(deps, auth.companyId, moduleType, objectId);
  if ((await effectivePermission(deps, auth, moduleType, objectId)) === 0) throw forbidden();
  return await recordOf(deps.db, auth.companyId, await repo.findShare(deps.db, auth.companyId, moduleType, objectId));
}

/** POST: the owner shares the object; 409 share.exists when it already is (edit it with PUT). */
export async function create(caller: Caller, moduleType: string, objectId: string, input: ShareMemberInput[]): Promise<ShareRecord> {
  const { deps, auth } = caller;
  const { resolver, ownerUserId } = await requireObject(deps, auth.companyId, moduleType, objectId);
  if (ownerUserId !== auth.userId) throw forbidden();
  const list = await checkNewMembers(caller, resolver, input);
  const now = deps.clock.now();
  const record = await deps.db.transaction(async (tx) => {
    const share = await repo.insertShare(tx, {
      companyId: auth.companyId, moduleType, objectId, ownerUserId: auth.userId, createdAt: now, updatedAt: now,
    });
    if (!share) throw new AppError(409, "share.exists");
    await repo.insertMembers(tx, list.map((m) => newRow(caller, share.id, m, now)));
    return await recordOf(tx, auth.companyId, share);
  });
  await tellNewMembers(caller, resolver, moduleType, objectId, list);
  return record;
}

function findRef(rows: repo.MemberRow[], ref: ShareMemberRef): repo.MemberRow | undefined {
  if (ref.id !== undefined) return rows.find((r) => r.id === ref.id);
  return rows.find((r) => r.memberType === ref.memberType && r.memberId === ref.memberId);
}

/** PUT: the organiser adds, changes and removes members; answers a §4 result code. */
export async function update(caller: Caller, moduleType: string, objectId: string, input: ShareUpdate): Promise<ShareUpdateResult> {
  const { deps, auth } = caller;
  const { companyId } = auth;
  const { resolver } = await requireObject(deps, companyId, moduleType, objectId);
  let added: ShareMemberInput[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const share = await repo.findShare(tx, companyId, moduleType, objectId, true);
    if (!share || share.id !== input.shareId) return SHARE_UPDATE_RESULT.GONE;
    if (share.ownerUserId !== auth.userId) return SHARE_UPDATE_RESULT.NOT_ORGANIZER;
    const adds = await checkNewMembers(caller, resolver, input.addList);
    if (input.updateList.some((m) => m.permission === 1) && !resolver.allowsTitleOnly) {
      throw new AppError(400, "share.permission_invalid");
    }
    const now = deps.clock.now();
    const rows = await repo.memberRows(tx, companyId, share.id);

    const deleted = new Set(input.deleteList.map((ref) => findRef(rows, ref)?.id).filter((id): id is number => id !== undefined));
    await repo.deleteMembers(tx, companyId, [...deleted]);
    const live = rows.filter((r) => !deleted.has(r.id));
    for (const u of input.updateList) {
      const row = findRef(live, u);
      if (!row) continue;
      await repo.updateMember(tx, companyId, row.id, {
        permission: u.permission,
        ...(row.memberType === "ORGANIZATION" && u.includeSubOrganizations !== undefined
          ? { includeSubOrganizations: u.includeSubOrganizations } : {}),
        updatedAt: now,
      });
    }
    const fresh: ShareMemberInput[] = [];
    for (const m of adds) {
      const row = live.find((r) => keyOf(r) === keyOf(m));
      if (!row) fresh.push(m);
      else {
        await repo.updateMember(tx, companyId, row.id, {
          permission: m.permission,
          ...(m.memberType === "ORGANIZATION" && m.includeSubOrganizations !== undefined
            ? { includeSubOrganizations: m.includeSubOrganizations } : {}),
          updatedAt: now,
        });
      }
    }
    if (live.length + fresh.length > SHARE_MEMBERS_MAX) throw new AppError(400, "share.too_many_members");
    await repo.insertMembers(tx, fresh.map((m) => newRow(caller, share.id, m, now)));
    if ((await repo.countMembers(tx, companyId, share.id)) === 0) {
      await repo.deleteShares(tx, companyId, [share.id]);
      return SHARE_UPDATE_RESULT.ALL_CANCELLED;
    }
    await repo.touchShare(tx, companyId, share.id, now);
    added = fresh;
    return SHARE_UPDATE_RESULT.UPDATED;
  });
  await tellNewMembers(caller, resolver, moduleType, objectId, added);
  return result;
}

/**
 * DELETE /api/share/cancel: the caller leaves the shares of these objects that were given to them as a
 * user. All or nothing: an object shared with them only through an organisation refuses the whole request
 * (403 share.department_cancel), one not shared with them answers 404. A share left without members ends.
 */
export async function cancel(caller: Caller, moduleType: string, objectIds: string[]): Promise<void> {
  const { deps, auth } = caller;
  const { companyId, userId } = auth;
  resolverOf(deps, moduleType);
  await deps.db.transaction(async (tx) => {
    const found = await repo.sharesOfObjects(tx, companyId, moduleType, [...new Set(objectIds)], true);
    if (found.length !== new Set(objectIds).size) throw notFound();
    for (const share of found) {
      const mine = (await repo.memberRows(tx, companyId, share.id))
        .filter((r) => r.memberType === "USER" && r.memberId === userId);
      if (mine.length === 0) {
        if (await repo.reachedThroughOrganization(tx, companyId, userId, share.id)) throw new AppError(403, "share.department_cancel");
        throw notFound();
      }
      await repo.deleteMembers(tx, companyId, mine.map((r) => r.id));
      if ((await repo.countMembers(tx, companyId, share.id)) === 0) await repo.deleteShares(tx, companyId, [share.id]);
    }
  });
}

/** DELETE /api/share: the organiser ends the shares of these objects (objects not shared are fine). */
export async function removeShares(caller: Caller, moduleType: string, objectIds: string[]): Promise<void> {
  const { deps, auth } = caller;
  const ids = [...new Set(objectIds)];
  const owners = await Promise.all(ids.map((id) => requireObject(deps, auth.companyId, moduleType, id)));
  await deps.db.transaction(async (tx) => {
    const found = await repo.sharesOfObjects(tx, auth.companyId, moduleType, ids, true);
    for (const [i, id] of ids.entries()) {
      const share = found.find((s) => s.objectId === id);
      const organiser = share ? share.ownerUserId : owners[i].ownerUserId;
      if (organiser !== auth.userId) throw new AppError(403, "share.organizer_only");
    }
    await repo.deleteShares(tx, auth.companyId, found.map((s) => s.id));
  });
}
