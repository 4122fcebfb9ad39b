// The private groups (001 §7 "Contacts", api/contact/group): the special groups, PRIVATE_ROOT (id 0) and the
// user's own groups nested below it. Rules: names required, at most 50 characters, unique among siblings
// (ignoring case: 409); at most LIMITS.groupDepth levels and LIMITS.groupsPerUser groups; a group with
// sub-groups cannot be deleted (409, 001 §5); deleting a group leaves its cards (they lose the relation).
// Another user's group answers 404 like a missing one.
import {
  LIMITS, NEW_CARD_DAYS, NEW_GROUP_SIZE, PRIVATE_ROOT_ID, SPECIAL_GROUP_TYPES, SPECIAL_GROUPS,
} from "../../../../shared/contacts/constants.ts";
import type { ContactGroup, ContactGroupNode } from "../../../../shared/contacts/groups.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import * as repo from "./repo.ts";

export function ownerOf(caller: Caller): repo.Owner {
  return { companyId: caller.auth.companyId, userId: caller.auth.userId };
}

const SPECIAL_NAMES: Record<number, string> = { [-1]: "all", [-2]: "important", [-3]: "new", [-4]: "search", [-9]: "unmapped" };

export function newSince(caller: Caller): Date {
  return new Date(caller.deps.clock.now().getTime() - NEW_CARD_DAYS * 86_400_000);
}

function special(id: number, totalCount: number, newCount: number, childCount = 0): ContactGroup {
  return {
    id,
    groupName: id === PRIVATE_ROOT_ID ? "private" : SPECIAL_NAMES[id],
    contactGroupType: SPECIAL_GROUP_TYPES[id],
    parentId: null,
    childCount,
    totalCount,
    newCount,
    hasPermission: false,
  };
}

interface Counts {
  specials: Awaited<ReturnType<typeof repo.specialCounts>>;
  byGroup: Map<number, number>;
  newCount: number;
}

/** The own groups and every count the group answers carry. */
async function load(caller: Caller): Promise<[repo.GroupRow[], Counts]> {
  const o = ownerOf(caller);
  const all = await repo.allGroups(caller.deps.db, o);
  const ids = all.map((g) => g.id);
  const [specials, byGroup] = await Promise.all([
    repo.specialCounts(caller.deps.db, o, newSince(caller), ids),
    repo.cardCounts(caller.deps.db, o, ids),
  ]);
  return [all, { specials, byGroup, newCount: Math.min(NEW_GROUP_SIZE, specials.fresh) }];
}

function view(row: repo.GroupRow, all: repo.GroupRow[], c: Counts): ContactGroup {
  return {
    id: row.id,
    groupName: row.name,
    contactGroupType: "PRIVATE",
    parentId: row.parentId ?? PRIVATE_ROOT_ID,
    childCount: all.filter((g) => g.parentId === row.id).length,
    totalCount: c.byGroup.get(row.id) ?? 0,
    newCount: c.newCount,
    hasPermission: true,
  };
}

function specialOf(id: number, all: repo.GroupRow[], c: Counts): ContactGroup {
  const s = c.specials;
  const total: Record<number, number> = { [-1]: s.all, [-2]: s.important, [-3]: c.newCount, [-4]: 0, [-9]: s.unmapped, [PRIVATE_ROOT_ID]: s.all };
  return special(id, total[id], c.newCount, id === PRIVATE_ROOT_ID ? all.filter((g) => g.parentId === null).length : 0);
}

/** GET api/contact/group: all, important, new, unmapped and PRIVATE_ROOT, with their counts. */
export async function topGroups(caller: Caller): Promise<ContactGroup[]> {
  const [all, c] = await load(caller);
  return [SPECIAL_GROUPS.all, SPECIAL_GROUPS.important, SPECIAL_GROUPS.new, SPECIAL_GROUPS.unmapped, PRIVATE_ROOT_ID]
    .map((id) => specialOf(id, all, c));
}

/** GET api/contact/group/private: every own group, flat. */
export async function privateGroups(caller: Caller): Promise<ContactGroup[]> {
  const [all, c] = await load(caller);
  return all.map((g) => view(g, all, c));
}

/** GET api/contact/group/private/tree: PRIVATE_ROOT with the own groups nested. */
export async function privateTree(caller: Caller): Promise<ContactGroupNode> {
  const [all, c] = await load(caller);
  const nodeOf = (g: ContactGroup): ContactGroupNode => ({
    ...g,
    children: all.filter((x) => (x.parentId ?? PRIVATE_ROOT_ID) === g.id && (g.id !== PRIVATE_ROOT_ID || x.parentId === null))
      .map((x) => nodeOf(view(x, all, c))),
  });
  return nodeOf(specialOf(PRIVATE_ROOT_ID, all, c));
}

/** GET api/contact/group/{parent}/children: parent 0 is PRIVATE_ROOT. */
export async function children(caller: Caller, parentId: number): Promise<ContactGroup[]> {
  const [all, c] = await load(caller);
  if (parentId !== PRIVATE_ROOT_ID && !all.some((g) => g.id === parentId)) throw notFound();
  return all.filter((g) => (g.parentId ?? PRIVATE_ROOT_ID) === parentId).map((g) => view(g, all, c));
}

/** GET api/contact/group/{id}: a special group or an own group. */
export async function getGroup(caller: Caller, id: number): Promise<ContactGroup> {
  const [all, c] = await load(caller);
  if (id in SPECIAL_GROUP_TYPES) return specialOf(id, all, c);
  const row = all.find((g) => g.id === id);
  if (!row) throw notFound();
  return view(row, all, c);
}

/** GET api/contact/group/{id}/super/parent: the group's ancestors from the top down, PRIVATE_ROOT first. */
export async function ancestors(caller: Caller, id: number): Promise<ContactGroup[]> {
  const [all, c] = await load(caller);
  const byId = new Map(all.map((g) => [g.id, g]));
  let row = byId.get(id);
  if (!row) throw notFound();
  const chain: ContactGroup[] = [];
  for (let guard = 0; row && guard <= LIMITS.groupDepth; guard++) {
    row = row.parentId === null ? undefined : byId.get(row.parentId);
    if (row) chain.unshift(view(row, all, c));
  }
  return [specialOf(PRIVATE_ROOT_ID, all, c), ...chain];
}

function depthOf(all: repo.GroupRow[], id: number | null): number {
  let depth = 0;
  const byId = new Map(all.map((g) => [g.id, g]));
  for (let at = id === null ? undefined : byId.get(id); at && depth <= LIMITS.groupDepth + 1; depth++) {
    at = at.parentId === null ? undefined : byId.get(at.parentId);
  }
  return depth;
}

function nameTaken(all: repo.GroupRow[], parentId: number | null, name: string, except?: number): boolean {
  const lower = name.toLowerCase();
  return all.some((g) => g.parentId === parentId && g.id !== except && g.name.toLowerCase() === lower);
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e, "contact_groups_name_uq")) throw new AppError(409, "contact.group_name_in_use");
    throw e;
  }
}

/** POST api/contact/group (201). */
export async function addGroup(caller: Caller, input: { groupName: string; parentId: number }): Promise<ContactGroup> {
  const o = ownerOf(caller);
  const row = await guarded(() =>
    caller.deps.db.transaction(async (tx) => {
      await repo.lockGroups(tx, o);
      const all = await repo.allGroups(tx, o);
      const parentId = input.parentId === PRIVATE_ROOT_ID ? null : input.parentId;
      if (parentId !== null && !all.some((g) => g.id === parentId)) throw notFound();
      if (all.length >= LIMITS.groupsPerUser) throw new AppError(409, "contact.group_limit");
      if (depthOf(all, parentId) + 1 > LIMITS.groupDepth) throw new AppError(400, "contact.group_too_deep");
      if (nameTaken(all, parentId, input.groupName)) throw new AppError(409, "contact.group_name_in_use");
      return await repo.insertGroup(tx, { ...o, ownerUserId: o.userId, parentId, name: input.groupName, createdAt: caller.deps.clock.now() });
    })
  );
  return await getGroup(caller, row.id);
}

/** PUT api/contact/group/{id}/groupName */
export async function renameGroup(caller: Caller, id: number, groupName: string): Promise<ContactGroup> {
  const o = ownerOf(caller);
  await guarded(() =>
    caller.deps.db.transaction(async (tx) => {
      await repo.lockGroups(tx, o);
      const all = await repo.allGroups(tx, o);
      const row = all.find((g) => g.id === id);
      if (!row) throw notFound();
      if (nameTaken(all, row.parentId, groupName, id)) throw new AppError(409, "contact.group_name_in_use");
      await repo.renameGroup(tx, o, id, groupName);
    })
  );
  return await getGroup(caller, id);
}

/** DELETE api/contact/group/{id} */
export async function removeGroup(caller: Caller, id: number): Promise<void> {
  const o = ownerOf(caller);
  await caller.deps.db.transaction(async (tx) => {
    await repo.lockGroups(tx, o);
    const all = await repo.allGroups(tx, o);
    if (!all.some((g) => g.id === id)) throw notFound();
    if (all.some((g) => g.parentId === id)) throw new AppError(409, "contact.group_has_children");
    await repo.deleteGroup(tx, o, id);
  });
}

/** The own group ids among `ids`; any other id (foreign, missing, special) answers 404. */
export async function requireOwnGroups(caller: Caller, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const all = await repo.allGroups(caller.deps.db, ownerOf(caller));
  const own = new Set(all.map((g) => g.id));
  for (const id of ids) if (!own.has(id)) throw notFound();
  return [...new Set(ids)];
}
