// What part of the organisation chart a caller may see.
//
// A user with isOrgChartRestricted (000 §6 "restricts org chart access") sees:
//   - as nodes: their own organisations (memberships and the representative one) and the ancestors of
//     those, so the path from the top is shown; other nodes are left out and their ids answer 404;
//   - as members: only the members of their own organisations (an ancestor's member list answers 404);
//   - in the address autocomplete: the users who share one of their organisations (and themselves), and
//     the addressed organisations among the visible nodes.
// Administrators are never restricted: they manage the chart.
import type { Caller } from "../../lib/context.ts";
import { requireUser } from "../users/service.ts";
import * as repo from "./repo.ts";

export interface OrgScope {
  /** Nodes the caller may see; null: all of them. */
  nodes: Set<number> | null;
  /** Organisations whose members the caller may see; null: all of them. */
  own: Set<number> | null;
}

export const UNRESTRICTED: OrgScope = { nodes: null, own: null };

export async function scopeOf(caller: Caller, orgs: repo.OrgRow[]): Promise<OrgScope> {
  const { db } = caller.deps;
  const { companyId, userId, role } = caller.auth;
  if (role === "ROLE_ADMIN") return UNRESTRICTED;
  const user = await requireUser(db, companyId, userId);
  if (!user.isOrgChartRestricted) return UNRESTRICTED;

  const byId = new Map(orgs.map((o) => [o.id, o]));
  const own = new Set((await repo.membershipsOf(db, companyId, [userId])).map((m) => m.organId));
  if (user.organId !== null && byId.has(user.organId)) own.add(user.organId);
  const nodes = new Set<number>();
  for (const id of own) {
    let cur = byId.get(id);
    while (cur && !nodes.has(cur.id)) {
      nodes.add(cur.id);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
  }
  return { nodes, own };
}

export const canSeeNode = (scope: OrgScope, id: number) => scope.nodes === null || scope.nodes.has(id);
export const canSeeMembers = (scope: OrgScope, id: number) => scope.own === null || scope.own.has(id);

/**
 * The organisation chart as the caller sees it, for the CardDAV company directory: every organisation, the
 * caller's scope, and the users whose cards they may see (null: every user; otherwise the members of their own
 * organisations and themselves, as the member lists and the autocomplete show them).
 */
export async function colleagueScope(caller: Caller): Promise<{ orgs: repo.OrgRow[]; scope: OrgScope; userIds: number[] | null }> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const orgs = await repo.listOrganizations(db, companyId);
  const scope = await scopeOf(caller, orgs);
  if (!scope.own) return { orgs, scope, userIds: null };
  return { orgs, scope, userIds: [...new Set([userId, ...await repo.userIdsInOrganizations(db, companyId, [...scope.own])])] };
}
