// Managing share links (000 §6 "Share links may be open to anyone, company employees only, or password
// holders, with read or edit permission"): the object's owner and its editors (effective permission 3) list,
// create, change and delete its links. Other users of the company get 403; unknown objects and foreign ids 404.
import { SHARE_LINK_VIEWER_PATH, type ShareLink, type ShareLinkAccessMode, type ShareLinkCreate, type ShareLinkPermission, type ShareLinkUpdate } from "../../../shared/share.ts";
import type { Caller } from "../../lib/context.ts";
import { randomToken } from "../../lib/encoding.ts";
import { AppError, forbidden, notFound } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { effectivePermission, requireObject } from "../share/access.ts";
import * as repo from "./repo.ts";

/** 32 random bytes, base64url: 43 characters, 256 bits. */
export const LINK_TOKEN_BYTES = 32;

export function viewOf(row: repo.LinkRow): ShareLink {
  return {
    id: row.id,
    moduleType: row.moduleType,
    objectId: row.objectId,
    permission: row.permission as ShareLinkPermission,
    accessMode: row.accessMode as ShareLinkAccessMode,
    hasPassword: row.passwordHash !== null,
    url: `${SHARE_LINK_VIEWER_PATH}${row.token}`,
    token: row.token,
    downloadLimitCount: row.downloadLimitCount,
    downloadCount: row.downloadCount,
    expiryDate: row.expiryAt?.getTime() ?? null,
    startDateTimeMillis: row.startAt?.getTime() ?? null,
    createdByUserId: row.createdByUserId,
    createdTimeMillis: row.createdAt.getTime(),
  };
}

/** The object exists (404 otherwise) and the caller may manage its links (403 otherwise). */
async function assertManager(caller: Caller, moduleType: string, objectId: string) {
  const { deps, auth } = caller;
  await requireObject(deps, auth.companyId, moduleType, objectId);
  if ((await effectivePermission(deps, auth, moduleType, objectId)) < 3) throw forbidden();
}

function checkDates(caller: Caller, start: Date | null, expiry: Date | null, expiryChanged: boolean) {
  if (expiry && expiryChanged && expiry.getTime() <= caller.deps.clock.now().getTime()) throw new AppError(400, "shareLink.expiry_invalid");
  if (expiry && start && start.getTime() >= expiry.getTime()) throw new AppError(400, "shareLink.expiry_invalid");
}

const dateOf = (ms: number | null | undefined) => (ms == null ? null : new Date(ms));

export async function list(caller: Caller, moduleType: string, objectId: string): Promise<ShareLink[]> {
  await assertManager(caller, moduleType, objectId);
  return (await repo.linksOf(caller.deps.db, caller.auth.companyId, moduleType, objectId)).map(viewOf);
}

export async function create(caller: Caller, input: ShareLinkCreate): Promise<ShareLink> {
  await assertManager(caller, input.moduleType, input.objectId);
  if (input.accessMode === "PASSWORD" && !input.password) throw new AppError(400, "shareLink.password_required");
  const startAt = dateOf(input.startDateTimeMillis);
  const expiryAt = dateOf(input.expiryDate);
  checkDates(caller, startAt, expiryAt, true);
  const now = caller.deps.clock.now();
  const row = await repo.insertLink(caller.deps.db, {
    companyId: caller.auth.companyId,
    moduleType: input.moduleType,
    objectId: input.objectId,
    token: randomToken(LINK_TOKEN_BYTES),
    permission: input.permission,
    accessMode: input.accessMode,
    passwordHash: input.accessMode === "PASSWORD" ? await hashPassword(input.password!) : null,
    downloadLimitCount: input.downloadLimitCount ?? null,
    startAt,
    expiryAt,
    createdByUserId: caller.auth.userId,
    createdAt: now,
    updatedAt: now,
  });
  return viewOf(row);
}

/** PUT: fields left out keep their value. Leaving PASSWORD mode forgets the password. */
export async function update(caller: Caller, input: ShareLinkUpdate): Promise<ShareLink> {
  const { deps, auth } = caller;
  const current = await repo.findLink(deps.db, auth.companyId, input.id);
  if (!current) throw notFound();
  await assertManager(caller, current.moduleType, current.objectId);
  const accessMode = input.accessMode ?? current.accessMode;
  let passwordHash = current.passwordHash;
  if (accessMode !== "PASSWORD") passwordHash = null;
  else if (input.password) passwordHash = await hashPassword(input.password);
  else if (!passwordHash) throw new AppError(400, "shareLink.password_required");
  const startAt = input.startDateTimeMillis === undefined ? current.startAt : dateOf(input.startDateTimeMillis);
  const expiryAt = input.expiryDate === undefined ? current.expiryAt : dateOf(input.expiryDate);
  checkDates(caller, startAt, expiryAt, input.expiryDate !== undefined);
  const row = await repo.updateLink(deps.db, auth.companyId, current.id, {
    permission: input.permission ?? current.permission,
    accessMode,
    passwordHash,
    downloadLimitCount: input.downloadLimitCount === undefined ? current.downloadLimitCount : input.downloadLimitCount,
    startAt,
    expiryAt,
    updatedAt: deps.clock.now(),
  });
  if (!row) throw notFound();
  return viewOf(row);
}

export async function remove(caller: Caller, id: number): Promise<void> {
  const { deps, auth } = caller;
  const current = await repo.findLink(deps.db, auth.companyId, id);
  if (!current) throw notFound();
  await assertManager(caller, current.moduleType, current.objectId);
  if (!(await repo.deleteLink(deps.db, auth.companyId, id))) throw notFound();
}

/** For a module deleting objects: their links stop working (call inside the module's transaction). */
export async function forgetLinks(db: DbOrTx, companyId: number, moduleType: string, objectIds: string[]): Promise<void> {
  await repo.deleteLinksOfObjects(db, companyId, moduleType, objectIds);
}

/** Which of these objects have a share link (a module's list flags, e.g. the drive's linkFlag). */
export async function linkedObjectIds(db: DbOrTx, companyId: number, moduleType: string, objectIds: string[]): Promise<Set<string>> {
  return await repo.linkedObjectIds(db, companyId, moduleType, objectIds);
}
