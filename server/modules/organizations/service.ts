// The organisation chart as selectors read it (001 §7): tree, top level, children, the caller's
// representative organisation, the paged members of one organisation, and the company directory (everyone,
// searched across organisations, or those in none).
import type { DirectoryMember, OrganizationMember, OrganizationNode, OrganizationTreeNode } from "../../../shared/organizations.ts";
import { type Page, pageOf, type PageQuery } from "../../../shared/paging.ts";
import type { Caller } from "../../lib/context.ts";
import { notFound } from "../../lib/errors.ts";
import { requireUser } from "../users/service.ts";
import { organizationNames } from "./autocomplete.ts";
import * as repo from "./repo.ts";
import { containsPattern } from "../../lib/like.ts";
import { canSeeMembers, canSeeNode, type OrgScope, scopeOf } from "./visibility.ts";

/** The visible part of a company's tree, indexed by parent (null: top level), in display order. */
interface Chart {
  byId: Map<number, repo.OrgRow>;
  childrenOf: Map<number | null, repo.OrgRow[]>;
  scope: OrgScope;
}

async function chartOf(caller: Caller): Promise<Chart> {
  const orgs = await repo.listOrganizations(caller.deps.db, caller.auth.companyId);
  const scope = await scopeOf(caller, orgs);
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const childrenOf = new Map<number | null, repo.OrgRow[]>();
  for (const o of orgs) {
    if (!canSeeNode(scope, o.id)) continue;
    // A node whose parent is gone is shown at the top rather than lost.
    const key = o.parentId !== null && byId.has(o.parentId) ? o.parentId : null;
    const list = childrenOf.get(key);
    if (list) list.push(o);
    else childrenOf.set(key, [o]);
  }
  return { byId, childrenOf, scope };
}

function nodeOf(chart: Chart, o: repo.OrgRow): OrganizationNode {
  return { id: o.id, parentId: o.parentId, name: o.name, email: o.email, childCount: chart.childrenOf.get(o.id)?.length ?? 0 };
}

/** GET api/organizations: the visible tree from the top, memberCount (active direct members) on request. */
export async function tree(caller: Caller, includeCount: boolean): Promise<OrganizationTreeNode[]> {
  const chart = await chartOf(caller);
  const counts = includeCount ? await repo.memberCounts(caller.deps.db, caller.auth.companyId, ["ACTIVE"]) : null;
  const seen = new Set<number>();
  const build = (o: repo.OrgRow): OrganizationTreeNode => {
    seen.add(o.id);
    const kids = (chart.childrenOf.get(o.id) ?? []).filter((k) => !seen.has(k.id));
    const node: OrganizationTreeNode = { ...nodeOf(chart, o), children: [] };
    if (counts) node.memberCount = counts.get(o.id) ?? 0;
    node.children = kids.map(build);
    return node;
  };
  return (chart.childrenOf.get(null) ?? []).map(build);
}

export async function topLevel(caller: Caller): Promise<OrganizationNode[]> {
  const chart = await chartOf(caller);
  return (chart.childrenOf.get(null) ?? []).map((o) => nodeOf(chart, o));
}

/** GET api/organizations/{parentId}/children; a foreign, missing or hidden parent answers 404. */
export async function children(caller: Caller, parentId: number): Promise<OrganizationNode[]> {
  const chart = await chartOf(caller);
  if (!chart.byId.has(parentId) || !canSeeNode(chart.scope, parentId)) throw notFound();
  return (chart.childrenOf.get(parentId) ?? []).map((o) => nodeOf(chart, o));
}

/** The caller's representative organisation: the stored one, else the first membership; 404 when none. */
export async function representative(caller: Caller): Promise<OrganizationNode> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const [chart, user, memberships] = await Promise.all([
    chartOf(caller),
    requireUser(db, companyId, userId),
    repo.membershipsOf(db, companyId, [userId]),
  ]);
  const id = user.organId !== null && chart.byId.has(user.organId) ? user.organId : memberships[0]?.organId;
  const org = id === undefined ? undefined : chart.byId.get(id);
  if (!org) throw notFound();
  return nodeOf(chart, org);
}

/** GET api/users/organization/{organId}: active members, managers first, then by name. */
export async function members(caller: Caller, organId: number, q: PageQuery & { searchWord?: string }): Promise<Page<OrganizationMember>> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const orgs = await repo.listOrganizations(db, companyId);
  const org = orgs.find((o) => o.id === organId);
  if (!org || !canSeeMembers(await scopeOf(caller, orgs), organId)) throw notFound();
  const pattern = q.searchWord ? containsPattern(q.searchWord) : undefined;
  const { rows, total } = await repo.membersPage(db, companyId, organId, pattern, q.pageSize, q.page * q.pageSize);
  return pageOf(
    rows.map((r) => ({
      id: r.id, accountName: r.accountName, username: r.username, organizationName: org.name,
      jobGrade: r.jobGrade, position: r.position, manager: r.manager,
    })),
    total,
    q,
  );
}

/**
 * GET api/users/members: the company's active members, by name (the search word: name or address, across the
 * whole company; unassigned: only those in no organisation). Never another company's users. An
 * org-chart-restricted caller finds only the members of their own organisations (and themselves), so the
 * unassigned list is empty for them.
 */
export async function directory(
  caller: Caller,
  q: PageQuery & { searchWord?: string; unassigned: boolean },
): Promise<Page<DirectoryMember>> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const scope = await scopeOf(caller, await repo.listOrganizations(db, companyId));
  let userIds: number[] | undefined;
  if (scope.own) {
    if (q.unassigned) return pageOf([], 0, q);
    userIds = [...new Set([userId, ...await repo.userIdsInOrganizations(db, companyId, [...scope.own])])];
  }
  const pattern = q.searchWord ? containsPattern(q.searchWord) : undefined;
  const { rows, total } = await repo.directoryPage(db, companyId, { pattern, unassigned: q.unassigned, userIds }, q.pageSize, q.page * q.pageSize);
  const names = await organizationNames(caller, rows.map((r) => r.id), scope);
  return pageOf(rows.map((r) => ({ ...r, organizationName: names.get(r.id) ?? null })), total, q);
}
