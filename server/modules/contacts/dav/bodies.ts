// The vCards of a batch of cards, read with as few queries as the batch needs: photos (of the cards that
// have one), private groups (CATEGORIES) and kept extra properties, loaded once for the batch and rendered
// per card in the version the client asked for.
import type { DbOrTx } from "../../../../db/client.ts";
import { groupsOfCards, photosByCard } from "../cards/repo.ts";
import type { Book } from "./books.ts";
import type { Entry } from "./repo.ts";
import { extrasOf } from "./repo.ts";
import { renderCard, type VcardVersion } from "./vcard.ts";

export type Bodies = (e: Entry, version: VcardVersion) => string;

/** withPhotos false: the cards without their PHOTO (addressbook-query's filter reads no photo). */
export async function bodiesOf(db: DbOrTx, companyId: number, book: Book, list: Entry[], withPhotos = true): Promise<Bodies> {
  const ids = list.map((e) => e.card.id);
  const [photos, groups, extras] = await Promise.all([
    photosByCard(db, withPhotos ? list.filter((e) => e.card.hasPhoto).map((e) => e.card.id) : []),
    book.groupId === null ? groupsOfCards(db, ids) : Promise.resolve(new Map<number, { groupName: string }[]>()),
    extrasOf(db, companyId, ids),
  ]);
  return (e, version) =>
    renderCard(e.card, version, photos.get(e.card.id) ?? null, (groups.get(e.card.id) ?? []).map((g) => g.groupName), extras.get(e.card.id) ?? "");
}
