// Address autocomplete (000 §7 "Autocomplete"): users and addressed organisations of the caller's company,
// and the member count behind an organisation's address (used to check group recipients, mail.575).
import type { AutocompleteCandidate, AutocompleteItem, AutocompleteType, GroupUserCount } from "../../../shared/organizations.ts";
import { type Page, pageOf, type PageQuery } from "../../../shared/paging.ts";
import type { Caller } from "../../lib/context.ts";
import { notFound } from "../../lib/errors.ts";
import * as repo from "./repo.ts";
import { containsPattern, prefixPattern } from "../../lib/like.ts";
import { canSeeNode, type OrgScope, scopeOf } from "./visibility.ts";
import type { AutocompleteProvider } from "./autocomplete-providers.ts";
import { foldInitials, initialsOf, isInitialsQuery } from "../../../shared/contacts/hangul.ts";

/** Rows a merged page reads from each source at most (autocomplete pages are shallow). */
const MERGE_DEPTH = 1000;

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

/**
 * Users and organisations, and the candidates of the providers asked for (typeList), as one list: prefix
 * matches first, then by name. With providers in the list each source is read from its start to the end of
 * the page asked for and the rows merged here.
 */
export async function autocompleteEmail(
  caller: Caller,
  q: PageQuery & { query: string; typeList: AutocompleteType[] },
  providers: AutocompleteProvider[] = [],
): Promise<Page<AutocompleteCandidate>> {
  const asked = providers.filter((p) => q.typeList.includes(p.type));
  const own = q.typeList.filter((t): t is AutocompleteItem["type"] => t === "USER" || t === "ORGANIZATION");
  if (asked.length === 0) return await ownPage(caller, { ...q, typeList: own });
  const depth = Math.min(MERGE_DEPTH, (q.page + 1) * q.pageSize);
  const [ownRows, ...others] = await Promise.all([
    own.length ? ownRanked(caller, q.query, own, depth) : Promise.resolve({ rows: [], total: 0 }),
    ...asked.map((p) => p.search(caller, q.query, depth).then((r) => ({
      total: r.total,
      rows: r.rows.map((row) => ({ ...row, item: { type: p.type, id: row.id, name: row.name, email: row.email, organizationName: row.detail } as AutocompleteCandidate })),
    }))),
  ]);
  const merged = [...ownRows.rows, ...others.flatMap((s) => s.rows)]
    .sort((a, b) => a.rank - b.rank || (a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : 0) || a.item.type.localeCompare(b.item.type) || a.id - b.id);
  const total = [ownRows, ...others].reduce((n, s) => n + s.total, 0);
  return pageOf(merged.slice(q.page * q.pageSize, (q.page + 1) * q.pageSize).map((r) => r.item), total, q);
}

/** The first `limit` users and organisations with their rank, for merging. */
async function ownRanked(caller: Caller, query: string, types: AutocompleteItem["type"][], limit: number) {
  const page = await ownPage(caller, { query, typeList: types, page: 0, pageSize: limit });
  const prefix = query.toLowerCase();
  const initials = isInitialsQuery(query) ? foldInitials(query) : null;
  return {
    total: page.totalElements,
    rows: page.content.map((item) => ({
      id: item.id,
      rank: item.name.toLowerCase().startsWith(prefix) || item.email.toLowerCase().startsWith(prefix) ||
          (initials !== null && initialsOf(item.name).startsWith(initials))
        ? 0
        : 1,
      sortName: item.name.toLowerCase(),
      item,
    })),
  };
}

async function ownPage(
  caller: Caller,
  q: PageQuery & { query: string; typeList: AutocompleteItem["type"][] },
): Promise<Page<AutocompleteItem>> {
  if (q.typeList.length === 0) return pageOf([], 0, q);
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const scope = await scopeOf(caller, await repo.listOrganizations(db, companyId));
  const filter: repo.AutocompleteFilter = { types: q.typeList, contains: containsPattern(q.query), prefix: prefixPattern(q.query) };
  if (scope.own && scope.nodes) {
    const colleagues = await repo.userIdsInOrganizations(db, companyId, [...scope.own]);
    filter.userIds = [...new Set([userId, ...colleagues])];
    filter.organIds = [...scope.nodes];
  }
  // A query of initial consonants only ("ㄱㅁ") finds colleagues whose names have those initials (김민수), as
  // Korean address books do (shared/contacts/hangul.ts: double consonants fold into single ones).
  if (isInitialsQuery(q.query)) {
    if (!q.typeList.includes("USER")) return pageOf([], 0, q);
    const want = foldInitials(q.query);
    const matching = new Set((await repo.activeUserNames(db, companyId)).filter((u) => initialsOf(u.accountName).includes(want)).map((u) => u.id));
    const ids = (filter.userIds ?? [...matching]).filter((id) => matching.has(id));
    if (ids.length === 0) return pageOf([], 0, q);
    Object.assign(filter, { types: ["USER"], contains: "%", prefix: "%", userIds: ids });
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
