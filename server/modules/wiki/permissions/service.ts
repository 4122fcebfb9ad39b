// A document's permission members (shared/wiki/permissions.ts; who may do what: ../access.ts). Rules:
// - reading them needs READ on the document, changing them OWNER, and the document PUBLISHED (409
//   wiki.not_editable in trash);
// - the first PUT on a document that inherits copies what it inherited (the ancestor's rows, or from the
//   company default the caller as OWNER) and then sets the given members, so it stops inheriting; a member is
//   a user or an organisation of the company (400 wiki.member_invalid, params.index), once per body (409
//   wiki.member_duplicate);
// - a document that keeps rows of its own keeps at least one OWNER among them (409 wiki.last_owner); with none
//   left it inherits again;
// - every change rewrites acl_from of the subtree in the same transaction (refreshSubtree) and is announced
//   after the commit (WIKI_CHANGED "permissions").
import type { Tx } from "../../../../db/client.ts";
import type { DocPermissions, PermissionInput, PermissionMember } from "../../../../shared/wiki/permissions.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { type DocAccess, docAccess, pathIds, refreshSubtree, requireDoc } from "../access.ts";
import { publishWikiChanged } from "../realtime.ts";
import * as repo from "./repo.ts";

async function view(caller: Caller, d: DocAccess): Promise<DocPermissions> {
  const { companyId } = caller.auth;
  const members = d.aclFrom === null ? [] : await repo.membersOf(caller.deps.db, companyId, d.aclFrom);
  return { documentId: d.id, permissionFrom: d.aclFrom, inherited: d.aclFrom !== d.id, members, accessLevel: d.level };
}

/** The document as it is after a change (its acl_from and the caller's level may have changed). */
async function after(caller: Caller, id: number): Promise<DocPermissions> {
  const d = await docAccess(caller.deps.db, caller.auth, id);
  if (!d) throw new AppError(404, WIKI_ERRORS.notFound);
  return await view(caller, d);
}

export async function getPermissions(caller: Caller, id: number): Promise<DocPermissions> {
  return await view(caller, await requireDoc(caller, id, "READ"));
}

/** Checks the members' shape and that each is the company's; answers them as rows. */
async function checkMembers(caller: Caller, members: PermissionInput[]): Promise<repo.MemberRow[]> {
  const { companyId } = caller.auth;
  const invalid = (index: number) => new AppError(400, WIKI_ERRORS.memberInvalid, { index });
  const rows = members.map((m, index): repo.MemberRow => {
    const userId = m.userId ?? null;
    const organId = m.organId ?? null;
    if ((userId === null) === (organId === null)) throw invalid(index);
    return { userId, organId, accessLevel: m.accessLevel, includeChildren: m.includeChildren };
  });
  const seen = new Set<string>();
  rows.forEach((m, index) => {
    const key = m.userId !== null ? `u${m.userId}` : `o${m.organId}`;
    if (seen.has(key)) throw new AppError(409, WIKI_ERRORS.memberDuplicate, { index });
    seen.add(key);
  });
  const db = caller.deps.db;
  const [users, organs] = await Promise.all([
    repo.companyUsers(db, companyId, rows.flatMap((m) => (m.userId !== null ? [m.userId] : []))),
    repo.companyOrgans(db, companyId, rows.flatMap((m) => (m.organId !== null ? [m.organId] : []))),
  ]);
  rows.forEach((m, index) => {
    if (m.userId !== null ? !users.has(m.userId) : !organs.has(m.organId!)) throw invalid(index);
  });
  return rows;
}

/** Runs a change of the document's rows in one transaction, keeps acl_from and announces it. */
async function change(caller: Caller, d: DocAccess, work: (tx: Tx) => Promise<void>) {
  const { companyId } = caller.auth;
  await caller.deps.db.transaction(async (tx) => {
    await repo.lockPath(tx, companyId, pathIds(d.path));
    await work(tx);
    const { rows, owners } = await repo.ownerCount(tx, companyId, d.id);
    if (rows > 0 && owners === 0) throw new AppError(409, WIKI_ERRORS.lastOwner);
    await refreshSubtree(tx, companyId, d.id);
  });
  await publishWikiChanged(caller.deps, companyId, { docId: d.id, parentId: d.parentId, kind: "permissions" });
}

export async function putPermissions(caller: Caller, id: number, members: PermissionInput[]): Promise<DocPermissions> {
  const d = await requireDoc(caller, id, "OWNER", { published: true });
  const rows = await checkMembers(caller, members);
  const { companyId, userId } = caller.auth;
  await change(caller, d, async (tx) => {
    if (!(await repo.hasOwn(tx, companyId, d.id))) {
      // Read acl_from again under the lock: a change above may have committed since requireDoc.
      const now = await docAccess(tx, caller.auth, d.id);
      const from = now?.aclFrom ?? null;
      if (from !== null && from !== d.id) await repo.copyRows(tx, companyId, from, d.id);
      else await repo.upsert(tx, companyId, d.id, { userId, organId: null, accessLevel: "OWNER", includeChildren: true });
    }
    for (const m of rows) await repo.upsert(tx, companyId, d.id, m);
  });
  return await after(caller, id);
}

export async function deletePermissions(caller: Caller, id: number): Promise<DocPermissions> {
  const d = await requireDoc(caller, id, "OWNER", { published: true });
  await change(caller, d, (tx) => repo.removeRows(tx, caller.auth.companyId, d.id));
  return await after(caller, id);
}

/** One member row (READ on its document); 404 wiki.permission_not_found when missing or another company's. */
async function memberOf(caller: Caller, permissionId: number): Promise<PermissionMember> {
  const m = await repo.memberById(caller.deps.db, caller.auth.companyId, permissionId);
  if (!m) throw new AppError(404, WIKI_ERRORS.permissionNotFound);
  return m;
}

export async function getMember(caller: Caller, permissionId: number): Promise<PermissionMember> {
  const m = await memberOf(caller, permissionId);
  await requireDoc(caller, m.documentId, "READ");
  return m;
}

export async function deleteMember(caller: Caller, permissionId: number): Promise<DocPermissions> {
  const m = await memberOf(caller, permissionId);
  const d = await requireDoc(caller, m.documentId, "OWNER", { published: true });
  await change(caller, d, (tx) => repo.removeRows(tx, caller.auth.companyId, d.id, m.id));
  return await after(caller, d.id);
}
