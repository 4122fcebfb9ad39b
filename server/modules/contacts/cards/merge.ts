// PUT api/contact/card/{id}/merge: two or more cards become one (card {id}). Nothing is lost: every distinct
// e-mail, phone (same digits = same phone), address, URL and group of all of them is kept; a text field the
// target has empty takes the first other card's value (in the order of cardIdList); memos are joined (each
// distinct memo once); the card is important if any was. The merged-away cards go to the trash, so a merge
// made by mistake can be undone by restoring them.
import type { ContactCard } from "../../../../shared/contacts/cards.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { ownerOf } from "../groups/service.ts";
import { addressKey, derivedOf, type NormalCard, telDigits } from "./normal.ts";
import * as repo from "./repo.ts";
import { getCard, requireOwnCards } from "./service.ts";

function union<T>(lists: T[][], key: (v: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const v of lists.flat()) {
    const k = key(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}

export function mergedOf(cards: repo.CardView[]): NormalCard {
  const first = (pick: (c: repo.CardView) => string) => cards.map(pick).find((v) => v.trim() !== "") ?? "";
  const memos = union(cards.map((c) => (c.memo.trim() ? [c.memo.trim()] : [])), (m) => m);
  return {
    userName: first((c) => c.userName),
    firstName: first((c) => c.firstName),
    lastName: first((c) => c.lastName),
    phoneticName: first((c) => c.phoneticName),
    emails: union(cards.map((c) => c.emails), (e) => e.toLowerCase()),
    tels: union(cards.map((c) => c.tels), (t) => telDigits(t.number) || t.number),
    addresses: union(cards.map((c) => c.addresses), addressKey),
    urls: union(cards.map((c) => c.urls), (u) => u.toLowerCase()),
    company: first((c) => c.company),
    organ: first((c) => c.organ),
    position: first((c) => c.position),
    memo: memos.join("\n\n"),
    birthday: first((c) => c.birthday),
    important: cards.some((c) => c.important),
  };
}

export async function mergeCards(caller: Caller, targetId: number, others: number[]): Promise<ContactCard> {
  const o = ownerOf(caller);
  const db = caller.deps.db;
  const rest = [...new Set(others)].filter((id) => id !== targetId);
  if (rest.length === 0) throw new AppError(400, "contact.merge_needs_two");
  const owned = await requireOwnCards(db, o, [targetId, ...rest]);
  if ([...owned.values()].some((inTrash) => inTrash)) throw notFound();
  const now = caller.deps.clock.now();
  await db.transaction(async (tx) => {
    const cards = await repo.cardsByIds(tx, o, [targetId, ...rest]);
    const merged = mergedOf(cards);
    const groups = await repo.groupIdsOfCards(tx, [targetId, ...rest]);
    const photoFrom = cards.find((c) => c.hasPhoto);
    if (photoFrom && photoFrom.id !== targetId) await repo.setPhoto(tx, targetId, await repo.photoOf(tx, o, photoFrom.id));
    await repo.updateCard(tx, o, targetId, {
      userName: merged.userName, firstName: merged.firstName, lastName: merged.lastName, phoneticName: merged.phoneticName,
      emails: merged.emails, tels: merged.tels, addresses: merged.addresses, urls: merged.urls, company: merged.company,
      organ: merged.organ, position: merged.position, memo: merged.memo, birthday: merged.birthday, important: merged.important,
      hasPhoto: !!photoFrom, ...derivedOf(merged), updatedAt: now,
    });
    await repo.addRelations(tx, [targetId], groups);
    await repo.trashCards(tx, o, rest, now);
  });
  return await getCard(caller, targetId);
}
