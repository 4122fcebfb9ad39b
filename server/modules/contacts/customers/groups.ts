// Customer groups (001 §7 api/customer/group): the tree the caller reads, add (201), change (name, public or
// private with members, domain, parent), delete (soft, with the sub-groups) and restore within 7 days, the
// members and the book admins. Names and domains are unique among the company's live groups (409).
import type { z } from "zod";
import {
  CUSTOMER_RESTORE_DAYS, type CustomerAdmin, type CustomerGroup, customerGroupAddBody, type CustomerGroupMember,
  customerGroupPatchBody,
} from "../../../../shared/contacts/customers.ts";
import { LIMITS } from "../../../../shared/contacts/constants.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { type Book, loadBook, privilegeOf, readable, subtree, writable } from "./access.ts";
import { log } from "./history.ts";
import { announceGroups } from "./realtime.ts";
import * as repo from "./repo.ts";

function viewOf(book: Book, g: repo.GroupRow, counts: Map<number, number>): CustomerGroup {
  const privilege = privilegeOf(book, g) ?? "READ";
  return {
    id: g.id,
    parentId: g.parentId,
    groupName: g.name,
    childCount: book.groups.filter((x) => x.parentId === g.id && !x.deletedAt && privilegeOf(book, x)).length,
    hasPermission: privilege === "READ_WRITE",
    privilege,
    isPublic: g.isPublic,
    isDeleted: g.deletedAt !== null,
    deletedTimeMillis: g.deletedAt ? g.deletedAt.getTime() : null,
    domain: g.domain,
    cardCount: counts.get(g.id) ?? 0,
  };
}

async function context(caller: Caller) {
  const [book, counts] = await Promise.all([loadBook(caller), repo.cardCounts(caller.deps.db, caller.auth.companyId)]);
  return { book, counts };
}

/** GET api/customer/group: the live groups the caller reads, as a tree (a group under one they cannot read shows at the top). */
export async function groupTree(caller: Caller): Promise<CustomerGroup[]> {
  const { book, counts } = await context(caller);
  const seen = book.groups.filter((g) => !g.deletedAt && privilegeOf(book, g));
  const ids = new Set(seen.map((g) => g.id));
  const node = (g: repo.GroupRow): CustomerGroup => ({ ...viewOf(book, g, counts), children: seen.filter((x) => x.parentId === g.id).map(node) });
  return seen.filter((g) => g.parentId === null || !ids.has(g.parentId)).map(node);
}

/** GET api/customer/group/list: flat; deleted=true: the deleted groups the caller may restore. */
export async function groupList(caller: Caller, deleted: boolean): Promise<CustomerGroup[]> {
  const { book, counts } = await context(caller);
  return book.groups.filter((g) => (deleted ? g.deletedAt !== null && privilegeOf(book, g) === "READ_WRITE" : !g.deletedAt && privilegeOf(book, g)))
    .map((g) => viewOf(book, g, counts));
}

export async function getGroup(caller: Caller, id: number): Promise<CustomerGroup> {
  const { book, counts } = await context(caller);
  return viewOf(book, readable(book, id), counts);
}

export async function childrenOf(caller: Caller, id: number): Promise<CustomerGroup[]> {
  const { book, counts } = await context(caller);
  if (id !== 0) readable(book, id);
  return book.groups.filter((g) => (id === 0 ? g.parentId === null : g.parentId === id) && !g.deletedAt && privilegeOf(book, g))
    .map((g) => viewOf(book, g, counts));
}

export async function membersList(caller: Caller, id: number): Promise<CustomerGroupMember[]> {
  const book = await loadBook(caller);
  readable(book, id);
  return (await repo.membersOf(caller.deps.db, caller.auth.companyId, [id]))
    .map((m) => ({ userId: m.userId, userName: m.userName, email: m.email, privilege: m.privilege as CustomerGroupMember["privilege"] }));
}

export async function adminList(caller: Caller): Promise<CustomerAdmin[]> {
  const { db } = caller.deps;
  const [company, named] = await Promise.all([repo.companyAdmins(db, caller.auth.companyId), repo.namedAdmins(db, caller.auth.companyId)]);
  const out: CustomerAdmin[] = company.map((u) => ({ userId: u.id, userName: u.accountName, email: u.username, companyAdmin: true }));
  for (const u of named) if (!out.some((a) => a.userId === u.id)) out.push({ userId: u.id, userName: u.accountName, email: u.username, companyAdmin: false });
  return out;
}

/** PUT api/customer/group/admin: company administrators name the book admins. */
export async function setAdmins(caller: Caller, ids: number[]): Promise<CustomerAdmin[]> {
  if (caller.auth.role !== "ROLE_ADMIN") throw new AppError(403, "customer.admin_only");
  const unique = [...new Set(ids)];
  const found = await repo.companyUsers(caller.deps.db, caller.auth.companyId, unique);
  if (found.length !== unique.length) throw new AppError(400, "customer.member_invalid");
  await caller.deps.db.transaction((tx) => repo.setNamedAdmins(tx, caller.auth.companyId, unique));
  await announceGroups(caller, 0);
  return await adminList(caller);
}

/** GET api/customer/group/exists */
export async function exists(caller: Caller, q: { groupName?: string; domain?: string; exceptId?: number }): Promise<{ exists: boolean }> {
  const groups = await repo.allGroups(caller.deps.db, caller.auth.companyId);
  const live = groups.filter((g) => !g.deletedAt && g.id !== q.exceptId);
  const byName = q.groupName ? live.some((g) => g.name.toLowerCase() === q.groupName!.toLowerCase()) : false;
  const byDomain = q.domain ? live.some((g) => g.domain === q.domain) : false;
  return { exists: byName || byDomain };
}

async function checkedMembers(caller: Caller, list: { userId: number; privilege: string }[]) {
  const unique = [...new Map(list.map((m) => [m.userId, m])).values()];
  const found = await repo.companyUsers(caller.deps.db, caller.auth.companyId, unique.map((m) => m.userId));
  if (found.length !== unique.length) throw new AppError(400, "customer.member_invalid");
  return unique;
}

function guardUnique(e: unknown): never {
  if (isUniqueViolation(e, "customer_groups_name_uq")) throw new AppError(409, "customer.group_name_in_use");
  if (isUniqueViolation(e, "customer_groups_domain_uq")) throw new AppError(409, "customer.domain_in_use");
  throw e;
}

function checkName(book: Book, name: string | undefined, domain: string | null | undefined, except?: number) {
  const live = book.groups.filter((g) => !g.deletedAt && g.id !== except);
  if (name !== undefined && live.some((g) => g.name.toLowerCase() === name.toLowerCase())) throw new AppError(409, "customer.group_name_in_use");
  if (domain && live.some((g) => g.domain === domain)) throw new AppError(409, "customer.domain_in_use");
}

function depth(book: Book, id: number | null): number {
  let d = 0;
  for (let g = book.groups.find((x) => x.id === id); g && d <= LIMITS.groupDepth + 1; d++) g = book.groups.find((x) => x.id === g!.parentId);
  return d;
}

/** POST api/customer/group (201) */
export async function addGroup(caller: Caller, input: z.infer<typeof customerGroupAddBody>): Promise<CustomerGroup> {
  const members = await checkedMembers(caller, input.members);
  if (!input.isPublic && !members.some((m) => m.userId === caller.auth.userId)) members.push({ userId: caller.auth.userId, privilege: "READ_WRITE" });
  const now = caller.deps.clock.now();
  const row = await caller.deps.db.transaction(async (tx) => {
    await repo.lockBook(tx, caller.auth.companyId);
    const book = await loadBook(caller, tx);
    const parentId = input.parentId === 0 ? null : input.parentId;
    if (parentId !== null) writable(book, parentId);
    if (depth(book, parentId) + 1 > LIMITS.groupDepth) throw new AppError(400, "contact.group_too_deep");
    checkName(book, input.groupName, input.domain);
    const g = await repo.insertGroup(tx, {
      companyId: caller.auth.companyId, parentId, name: input.groupName, isPublic: input.isPublic, domain: input.domain ?? null,
      createdBy: caller.auth.userId, createdAt: now, updatedAt: now,
    }).catch(guardUnique);
    await repo.setMembers(tx, caller.auth.companyId, g.id, members);
    await log(tx, caller, [{ groupId: g.id, action: "ADD", subject: "GROUP", content: g.name }]);
    return g;
  });
  await announceGroups(caller, row.id);
  return await getGroup(caller, row.id);
}

/** PATCH api/customer/group */
export async function patchGroup(caller: Caller, input: z.infer<typeof customerGroupPatchBody>): Promise<CustomerGroup> {
  const members = input.members ? await checkedMembers(caller, input.members) : null;
  await caller.deps.db.transaction(async (tx) => {
    await repo.lockBook(tx, caller.auth.companyId);
    const book = await loadBook(caller, tx);
    const g = writable(book, input.id);
    const isPublic = input.isPublic ?? g.isPublic;
    const current = members ?? (await repo.membersOf(tx, caller.auth.companyId, [g.id]));
    if (!isPublic && current.length === 0) throw new AppError(400, "customer.members_required");
    let parentId = g.parentId;
    if (input.parentId !== undefined) {
      parentId = input.parentId === 0 ? null : input.parentId;
      if (parentId !== null) {
        writable(book, parentId);
        if (subtree(book, g.id).some((x) => x.id === parentId)) throw new AppError(400, "customer.group_cycle");
      }
    }
    checkName(book, input.groupName, input.domain, g.id);
    await repo.updateGroup(tx, caller.auth.companyId, g.id, {
      name: input.groupName ?? g.name, isPublic, domain: input.domain === undefined ? g.domain : input.domain, parentId,
      updatedAt: caller.deps.clock.now(),
    }).catch(guardUnique);
    if (members) await repo.setMembers(tx, caller.auth.companyId, g.id, members);
    await log(tx, caller, [{ groupId: g.id, action: "UPDATE", subject: "GROUP", content: input.groupName ?? g.name }]);
  });
  await announceGroups(caller, input.id);
  return await getGroup(caller, input.id);
}

/** DELETE api/customer/group/{id}: the group and its sub-groups, kept CUSTOMER_RESTORE_DAYS for a restore. */
export async function deleteGroup(caller: Caller, id: number): Promise<CustomerGroup> {
  await caller.deps.db.transaction(async (tx) => {
    await repo.lockBook(tx, caller.auth.companyId);
    const book = await loadBook(caller, tx);
    const g = writable(book, id);
    const ids = subtree(book, g.id).filter((x) => !x.deletedAt).map((x) => x.id);
    await repo.setDeleted(tx, caller.auth.companyId, ids, caller.deps.clock.now());
    await log(tx, caller, [{ groupId: g.id, action: "DELETE", subject: "GROUP", content: g.name }]);
  });
  await announceGroups(caller, id);
  const { book, counts } = await context(caller);
  return viewOf(book, book.groups.find((g) => g.id === id)!, counts);
}

/** PATCH api/customer/group/restore/{id}: within 7 days, the parent first; the sub-groups deleted with it come back. */
export async function restoreGroup(caller: Caller, id: number): Promise<CustomerGroup> {
  await caller.deps.db.transaction(async (tx) => {
    await repo.lockBook(tx, caller.auth.companyId);
    const book = await loadBook(caller, tx);
    const g = book.groups.find((x) => x.id === id);
    if (!g || privilegeOf(book, g) === null) throw notFound();
    if (!g.deletedAt) throw new AppError(409, "customer.not_deleted");
    if (privilegeOf(book, g) !== "READ_WRITE") throw new AppError(403, "customer.no_permission");
    if (caller.deps.clock.now().getTime() - g.deletedAt.getTime() > CUSTOMER_RESTORE_DAYS * 86_400_000) throw new AppError(409, "customer.restore_expired");
    const parent = g.parentId === null ? null : book.groups.find((x) => x.id === g.parentId);
    if (parent?.deletedAt) throw new AppError(409, "customer.parent_deleted");
    checkName(book, g.name, g.domain, g.id);
    const ids = subtree(book, g.id).filter((x) => x.deletedAt && x.deletedAt.getTime() === g.deletedAt!.getTime()).map((x) => x.id);
    await repo.setDeleted(tx, caller.auth.companyId, ids, null);
    await log(tx, caller, [{ groupId: g.id, action: "RESTORE", subject: "GROUP", content: g.name }]);
  });
  await announceGroups(caller, id);
  return await getGroup(caller, id);
}

/** The purge job: groups deleted more than CUSTOMER_RESTORE_DAYS ago go for good, with their cards and history. */
export async function purgeDeletedGroups(deps: Caller["deps"]): Promise<number> {
  return await repo.purgeGroups(deps.db, new Date(deps.clock.now().getTime() - CUSTOMER_RESTORE_DAYS * 86_400_000));
}
