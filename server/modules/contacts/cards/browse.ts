// GET api/contact/card (the list) and GET api/contact/card/print: the user's settings give the defaults of
// sort, dir and pageSize; an own group id that is not the caller's answers 404; the search group (-4) needs
// a search word.
import type { CardListPage, CardListQuery, ContactCard } from "../../../../shared/contacts/cards.ts";
import {
  LIMITS, PRINT_DEFAULT_DIR, PRINT_DEFAULT_SORT, PRIVATE_ROOT_ID, SPECIAL_GROUP_TYPES, SPECIAL_GROUPS,
} from "../../../../shared/contacts/constants.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { getConfig } from "../config/service.ts";
import { newSince, ownerOf, requireOwnGroups } from "../groups/service.ts";
import { type ListFilter, listIds, listPage, rowsByIds } from "./list.ts";
import { groupsOfCards } from "./repo.ts";
import { cardOf, cardsOf } from "./view.ts";

async function filterOf(caller: Caller, q: Omit<CardListQuery, "page" | "pageSize">): Promise<ListFilter> {
  if (q.groupId > PRIVATE_ROOT_ID) await requireOwnGroups(caller, [q.groupId]);
  else if (!(q.groupId in SPECIAL_GROUP_TYPES)) throw new AppError(400, "contact.group_invalid");
  if (q.groupId === SPECIAL_GROUPS.search && !q.searchWord) throw new AppError(400, "contact.search_min_chars");
  return {
    groupId: q.groupId,
    trash: q.trash,
    important: q.importantStatus,
    unmapped: q.unmapped,
    consonant: q.consonant,
    searchWord: q.searchWord,
    newSince: newSince(caller),
  };
}

export async function listCards(caller: Caller, q: CardListQuery): Promise<CardListPage> {
  const [config, filter] = await Promise.all([getConfig(caller), filterOf(caller, q)]);
  const pageSize = q.pageSize ?? config.pageSize;
  const sort = q.sort ?? config.sort;
  const dir = q.dir ?? (q.sort ? "asc" : config.dir);
  const db = caller.deps.db;
  const { ids, total } = await listIds(db, ownerOf(caller), filter, q.trash && !q.sort ? null : { sort, dir }, pageSize, q.page * pageSize);
  // The page's rows and their groups at once.
  const [rows, groups] = await Promise.all([rowsByIds(db, ids), groupsOfCards(db, ids)]);
  return {
    content: rows.map((r) => cardOf(r, groups.get(r.id) ?? [])),
    totalElements: total,
    totalPages: Math.ceil(total / pageSize),
    page: q.page,
    pageSize,
    sort,
    dir,
    groupId: q.groupId,
    groupType: SPECIAL_GROUP_TYPES[q.groupId] ?? "PRIVATE",
  };
}

/** GET api/contact/card/print: every card of the list (at most LIMITS.printCards), id desc unless told. */
export async function printCards(caller: Caller, q: Omit<CardListQuery, "page" | "pageSize">): Promise<ContactCard[]> {
  const filter = await filterOf(caller, q);
  const db = caller.deps.db;
  const { rows } = await listPage(db, ownerOf(caller), filter, { sort: q.sort ?? PRINT_DEFAULT_SORT, dir: q.dir ?? PRINT_DEFAULT_DIR }, LIMITS.printCards, 0);
  return await cardsOf(db, rows);
}
