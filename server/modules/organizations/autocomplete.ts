// Address autocomplete (000 §7 "Autocomplete"): users and addressed organisations of the caller's company,
// and the member count behind an organisation's address (used to check group recipients, mail.575).
import type { AutocompleteItem, GroupUserCount } from "../../../shared/organizations.ts";
import { type Page, pageOf, type PageQuery } from "../../../shared/paging.ts";
import type { Caller } from "../../lib/context.ts";
import { notFound } from "../../lib/errors.ts";
import * as repo from "./repo.ts";
import { containsPattern, prefixPattern } from "../../lib/like.ts";
import { canSeeNode, type OrgScope, scopeOf } from "./visibility.ts";

/** userId → name of the organisation shown beside the user: the representative one, else the first membership. */
export async function organizationNames(caller: Caller, userIds: number[], scope: OrgScope): Promise<Map<number, string | null>> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const [stored, memberships] = await Promise.all([
    repo.storedRepresentatives(db, companyId, userIds),
    repo.membershipsOf(db, companyId, userIds),
  ]);
  const names = new Map<number, string | null>(userIds.map((id) => [id, null]));
  for (const id of userIds) {
    const mine = memberships.filter((m) => m.userId === id && canSeeNode(scope, m.organId));
    const pick = mine.find((m) => m.organId === stored.get(id)) ?? mine[0];
    if (pick) names.set(id, pick.organName);
  }
  return names;
}

export async function autocompleteEmail(
  caller: Caller,
  q: PageQuery & { query: string; typeList: AutocompleteItem["type"][] },
): Promise<Page<AutocompleteItem>> {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const scope = await scopeOf(caller, await repo.listOrganizations(db, companyId));
  const filter: repo.AutocompleteFilter = { types: q.typeList, contains: containsPattern(q.query), prefix: prefixPattern(q.query) };
  if (scope.own && scope.nodes) {
    const colleagues = await repo.userIdsInOrganizations(db, companyId, [...scope.own]);
    filter.userIds = [...new Set([userId, ...colleagues])];
    filter.organIds = [...scope.nodes];
  }
  const { rows, total } = await repo.autocompletePage(db, companyId, filter, q.pageSize, q.page * q.pageSize);
  const userIds = rows.filter((r) => r.type === "USER").map((r) => r.id);
  const names = await organizationNames(caller, userIds, scope);
  const content = rows.map((r): AutocompleteItem =>
    r.type === "USER"
      ? { type: "USER", id: r.id, name: r.name, email: r.email, organizationName: names.get(r.id) ?? null }
      : { type: "ORGANIZATION", id: r.id, name: r.name, email: r.email }
  );
  return pageOf(content, total, q);
}

/** GET api/autocomplete/group/usercount: active direct members behind an organisation's address. */
export async function groupUserCount(caller: Caller, email: string): Promise<GroupUserCount> {
  const { db } = caller.deps;
  const { companyId } = caller.auth;
  const org = await repo.findOrganizationByEmail(db, companyId, email);
  if (!org?.email) throw notFound();
  const scope = await scopeOf(caller, await repo.listOrganizations(db, companyId));
  if (!canSeeNode(scope, org.id)) throw notFound();
  const counts = await repo.memberCounts(db, companyId, ["ACTIVE"], org.id);
  return { email: org.email, userCount: counts.get(org.id) ?? 0 };
}
