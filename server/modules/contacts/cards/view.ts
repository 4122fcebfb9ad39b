// A stored card in the API's shape (shared/contacts/cards.ts ContactCard).
import type { CardGroupRef, ContactCard } from "../../../../shared/contacts/cards.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { listsOf } from "./normal.ts";
import * as repo from "./repo.ts";

export function cardOf(r: repo.CardView, groups: CardGroupRef[]): ContactCard {
  return {
    id: r.id,
    userName: r.userName,
    firstName: r.firstName,
    lastName: r.lastName,
    phoneticName: r.phoneticName,
    ...listsOf(r),
    company: r.company,
    organ: r.organ,
    position: r.position,
    memo: r.memo,
    birthday: r.birthday,
    importantStatus: r.important,
    contactGroupList: groups,
    hasPhoto: r.hasPhoto,
    createdTimeMillis: r.createdAt.getTime(),
    updatedTimeMillis: r.updatedAt.getTime(),
    deletedTimeMillis: r.deletedAt ? r.deletedAt.getTime() : null,
  };
}

export async function cardsOf(db: DbOrTx, rows: repo.CardView[]): Promise<ContactCard[]> {
  const groups = await repo.groupsOfCards(db, rows.map((r) => r.id));
  return rows.map((r) => cardOf(r, groups.get(r.id) ?? []));
}
