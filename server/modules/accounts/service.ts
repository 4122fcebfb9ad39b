// Account sharing rules (000 §6): who may share, request, change, delete and switch, and the log of it all.
// The owner is sharedBy; the sharee (sharedTo) may switch into the owner's account while the share is ACTIVE
// and not expired. A session opened by switching carries actorUserId = the sharee; such a session may read
// the share lists but not change shares or switch again (account.switched_session), so a sharee can never
// extend their own access from inside the owner's account.
import type {
  AvailableAccount, ChangeAccountResponse, SharedAccountLog, SharedAccountLogAction, SharedAccountLogDetail,
  SharedAccountStatus, SharedUser, ShareView,
} from "../../../shared/accounts.ts";
import { type Page, pageOf, type PageQuery } from "../../../shared/paging.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { openSession } from "../auth/sessions.ts";
import type { DbOrTx } from "../../../db/client.ts";
import * as userRepo from "../users/repo.ts";
import { requireUser } from "../users/service.ts";
import * as repo from "./repo.ts";

/** The user on the other side of a share, as the answers show them. */
type Party = { username: string; accountName: string };

/** The share with the other party's name and address (the sharee's for the owner, the owner's for the sharee). */
function viewOf(row: repo.ShareRow, other: Party): ShareView {
  return {
    id: row.id,
    status: row.status as SharedAccountStatus,
    expireTimeMillis: row.expireAt?.getTime() ?? null,
    email: other.username,
    name: other.accountName,
    sharedToUserId: row.sharedToUserId,
    sharedByUserId: row.sharedByUserId,
    createdTimeMillis: row.createdAt.getTime(),
  };
}

/** Usable for switching at `now`: ACTIVE and either without expiry or expiring later. */
export function isUsable(row: Pick<repo.ShareRow, "status" | "expireAt">, now: Date): boolean {
  return row.status === "ACTIVE" && (row.expireAt === null || row.expireAt.getTime() > now.getTime());
}

function assertNotSwitched(caller: Caller) {
  if (caller.auth.actorUserId) throw new AppError(403, "account.switched_session");
}

function assertFutureExpiry(caller: Caller, expireTimeMillis: number | null | undefined) {
  if (expireTimeMillis != null && expireTimeMillis <= caller.deps.clock.now().getTime()) {
    throw new AppError(400, "account.expiry_invalid");
  }
}

function assertSameId(pathId: number, bodyId: number | undefined) {
  if (bodyId !== undefined && bodyId !== pathId) throw new AppError(400, "account.id_mismatch");
}

/**
 * The share, locked for the transaction, when the caller owns it; 403 for its sharee, 404 for anyone else
 * (as for a missing id).
 */
async function shareOwnedBy(db: DbOrTx, caller: Caller, id: number): Promise<repo.ShareRow> {
  const share = await repo.findShare(db, caller.auth.companyId, id, true);
  if (!share) throw notFound();
  if (share.sharedByUserId === caller.auth.userId) return share;
  if (share.sharedToUserId === caller.auth.userId) throw forbidden();
  throw notFound();
}

async function log(
  db: DbOrTx,
  caller: Caller,
  share: Pick<repo.ShareRow, "id" | "companyId" | "sharedByUserId" | "sharedToUserId">,
  action: SharedAccountLogAction,
  detail: SharedAccountLogDetail | null,
) {
  await repo.insertLog(db, {
    companyId: share.companyId,
    sharedAccountId: share.id,
    sharedByUserId: share.sharedByUserId,
    sharedToUserId: share.sharedToUserId,
    actorUserId: caller.auth.actorUserId ?? caller.auth.userId,
    action,
    detail: detail ? JSON.stringify(detail) : null,
    ip: caller.ip,
    at: caller.deps.clock.now(),
  });
}

/** GET /shared-users: every share of the caller's own account, whatever its status. */
export async function sharedUsers(caller: Caller): Promise<SharedUser[]> {
  const rows = await repo.sharesByOwner(caller.deps.db, caller.auth.companyId, caller.auth.userId);
  return rows.map((r) => viewOf(r, r));
}

/** GET /available-accounts: accounts the caller can switch into now, and their own open requests on demand. */
export async function availableAccounts(caller: Caller, includePending: boolean): Promise<AvailableAccount[]> {
  const rows = await repo.availableToSharee(caller.deps.db, caller.auth.companyId, caller.auth.userId, caller.deps.clock.now(), includePending);
  return rows.map((r) => viewOf(r, r));
}

/**
 * POST /: the caller shares their own account with `sharedToUserId`, ACTIVE at once. When that user had
 * requested access (a PENDING share), the request is granted instead and `created` is false (answer 200).
 */
export async function share(
  caller: Caller,
  input: { sharedToUserId: number; expireTimeMillis?: number | null },
): Promise<{ created: boolean; share: SharedUser }> {
  assertNotSwitched(caller);
  const { companyId, userId } = caller.auth;
  if (input.sharedToUserId === userId) throw new AppError(400, "account.self");
  const { db } = caller.deps;
  const sharee = await requireUser(db, companyId, input.sharedToUserId);
  assertFutureExpiry(caller, input.expireTimeMillis);
  const now = caller.deps.clock.now();
  const expireAt = input.expireTimeMillis == null ? null : new Date(input.expireTimeMillis);

  return await db.transaction(async (tx) => {
    const existing = await repo.findPair(tx, companyId, userId, sharee.id);
    if (existing) {
      if (existing.status !== "PENDING") throw new AppError(409, "account.53");
      const granted = await repo.updateShare(tx, companyId, existing.id, {
        status: "ACTIVE",
        expireAt: input.expireTimeMillis === undefined ? existing.expireAt : expireAt,
        updatedAt: now,
      }, "PENDING");
      if (!granted) throw new AppError(409, "account.53");
      await log(tx, caller, granted, "SHARE", {
        status: "ACTIVE",
        previousStatus: "PENDING",
        expireTimeMillis: granted.expireAt?.getTime() ?? null,
      });
      return { created: false, share: viewOf(granted, sharee) };
    }
    const row = await repo.insertShare(tx, {
      companyId,
      sharedByUserId: userId,
      sharedToUserId: sharee.id,
      status: "ACTIVE",
      expireAt,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new AppError(409, "account.53");
    await log(tx, caller, row, "SHARE", { status: "ACTIVE", expireTimeMillis: row.expireAt?.getTime() ?? null });
    return { created: true, share: viewOf(row, sharee) };
  });
}

/** POST /requests: the caller asks `sharedByUserId` for access to that user's account (PENDING). */
export async function requestAccess(caller: Caller, input: { sharedByUserId: number }): Promise<AvailableAccount> {
  assertNotSwitched(caller);
  const { companyId, userId } = caller.auth;
  if (input.sharedByUserId === userId) throw new AppError(400, "account.self");
  const { db } = caller.deps;
  const owner = await requireUser(db, companyId, input.sharedByUserId);
  const now = caller.deps.clock.now();
  return await db.transaction(async (tx) => {
    const row = await repo.insertShare(tx, {
      companyId,
      sharedByUserId: owner.id,
      sharedToUserId: userId,
      status: "PENDING",
      expireAt: null,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new AppError(409, "account.53");
    await log(tx, caller, row, "REQUEST", { status: "PENDING" });
    return viewOf(row, owner);
  });
}

/** An owner's edit of share `id`: in a transaction, the share locked and its sharee loaded. */
async function editAsOwner<T>(
  caller: Caller,
  id: number,
  bodyId: number | undefined,
  edit: (tx: DbOrTx, current: repo.ShareRow, sharee: Party) => Promise<T>,
): Promise<T> {
  assertNotSwitched(caller);
  assertSameId(id, bodyId);
  return await caller.deps.db.transaction(async (tx) => {
    const current = await shareOwnedBy(tx, caller, id);
    return await edit(tx, current, await requireUser(tx, caller.auth.companyId, current.sharedToUserId));
  });
}

/**
 * PUT /{id}/status: the owner sets ACTIVE or INACTIVE (granting or refusing a request, pausing a share).
 * Leaving ACTIVE revokes the sessions the sharee opened by switching. An unchanged status writes nothing.
 */
export function setStatus(caller: Caller, id: number, input: { id?: number; status: "ACTIVE" | "INACTIVE" }): Promise<SharedUser> {
  return editAsOwner(caller, id, input.id, async (tx, current, sharee) => {
    if (current.status === input.status) return viewOf(current, sharee);
    const { companyId } = caller.auth;
    const now = caller.deps.clock.now();
    const row = await repo.updateShare(tx, companyId, id, { status: input.status, updatedAt: now });
    if (!row) throw notFound();
    await log(tx, caller, row, "STATUS", { previousStatus: current.status as SharedAccountStatus, status: input.status });
    if (input.status !== "ACTIVE") {
      await repo.revokeSwitchedSessions(tx, companyId, row.sharedByUserId, row.sharedToUserId, now, "SHARE_INACTIVE");
    }
    return viewOf(row, sharee);
  });
}

/** PUT /{id}/expiry: the owner sets a future expiry or clears it (null). An unchanged expiry writes nothing. */
export function setExpiry(caller: Caller, id: number, input: { id?: number; expireTimeMillis: number | null }): Promise<SharedUser> {
  return editAsOwner(caller, id, input.id, async (tx, current, sharee) => {
    assertFutureExpiry(caller, input.expireTimeMillis);
    const previous = current.expireAt?.getTime() ?? null;
    if (previous === input.expireTimeMillis) return viewOf(current, sharee);
    const now = caller.deps.clock.now();
    const expireAt = input.expireTimeMillis === null ? null : new Date(input.expireTimeMillis);
    const row = await repo.updateShare(tx, caller.auth.companyId, id, { expireAt, updatedAt: now });
    if (!row) throw notFound();
    await log(tx, caller, row, "EXPIRY", { previousExpireTimeMillis: previous, expireTimeMillis: input.expireTimeMillis });
    return viewOf(row, sharee);
  });
}

/** DELETE /{id}: the owner or the sharee ends the share; switched sessions of it are revoked. */
export async function remove(caller: Caller, id: number): Promise<void> {
  assertNotSwitched(caller);
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  await db.transaction(async (tx) => {
    const current = await repo.findShare(tx, companyId, id);
    if (!current || (current.sharedByUserId !== userId && current.sharedToUserId !== userId)) throw notFound();
    const row = await repo.deleteShare(tx, companyId, id);
    if (!row) throw notFound();
    await log(tx, caller, row, "DELETE", { previousStatus: row.status as SharedAccountStatus });
    await repo.revokeSwitchedSessions(tx, companyId, row.sharedByUserId, row.sharedToUserId, caller.deps.clock.now(), "SHARE_DELETED");
  });
}

/**
 * GET /{id}/change-account: the sharee of an ACTIVE, unexpired share opens a new session in the owner's
 * account, acted by the sharee (actorUserId). Logged here (SWITCH) and in the owner's access history.
 */
export async function changeAccount(caller: Caller, id: number): Promise<ChangeAccountResponse> {
  assertNotSwitched(caller);
  const { deps } = caller;
  const { companyId, userId } = caller.auth;
  const current = await repo.findShare(deps.db, companyId, id);
  if (!current) throw notFound();
  if (current.sharedToUserId !== userId) {
    if (current.sharedByUserId === userId) throw forbidden();
    throw notFound();
  }
  const now = deps.clock.now();
  if (!isUsable(current, now)) throw new AppError(403, "account.not_active");
  const owner = await requireUser(deps.db, companyId, current.sharedByUserId);
  if (owner.status !== "ACTIVE") throw new AppError(403, "account.not_active");
  return await deps.db.transaction(async (tx) => {
    const tokens = await openSession(deps, owner, { ip: caller.ip, userAgent: caller.userAgent, actorUserId: userId }, tx);
    await log(tx, caller, current, "SWITCH", null);
    await userRepo.insertAccessHistory(tx, {
      companyId,
      userId: owner.id,
      action: "SWITCH_ACCOUNT",
      ip: caller.ip,
      userAgent: caller.userAgent,
      at: now,
    });
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  });
}

/**
 * Whether a session of `ownerId` opened by `actorUserId` switching in may still be used at `now`: the share
 * must exist, be ACTIVE and not expired. For the refresh grant to call (see the report: not wired yet).
 */
export async function switchStillAllowed(deps: AppDeps, s: { companyId: number; userId: number; actorUserId: number }): Promise<boolean> {
  const [row, actor] = await Promise.all([
    repo.findPair(deps.db, s.companyId, s.userId, s.actorUserId),
    userRepo.findUser(deps.db, s.companyId, s.actorUserId),
  ]);
  return !!row && isUsable(row, deps.clock.now()) && actor?.status === "ACTIVE";
}

function parseDetail(text: string | null): SharedAccountLogDetail | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as SharedAccountLogDetail;
  } catch {
    return null;
  }
}

/** GET /logs: entries where the caller is the owner or the sharee, newest first. */
export async function logs(caller: Caller, q: PageQuery): Promise<Page<SharedAccountLog>> {
  const { rows, total } = await repo.logsPage(caller.deps.db, caller.auth.companyId, caller.auth.userId, q.pageSize, q.page * q.pageSize);
  return pageOf(rows.map((r) => ({
    id: r.id,
    sharedAccountId: r.sharedAccountId,
    action: r.action as SharedAccountLogAction,
    actorUserId: r.actorUserId,
    actorName: r.actorName,
    sharedByUserId: r.sharedByUserId,
    sharedToUserId: r.sharedToUserId,
    detail: parseDetail(r.detail),
    ip: r.ip,
    timeMillis: r.at.getTime(),
  })), total, q);
}

/** A user leaves the company: shares of and with their account end (their log entries stay). */
export async function forgetUser(db: DbOrTx, companyId: number, userId: number) {
  await repo.deleteSharesOf(db, companyId, userId);
}
