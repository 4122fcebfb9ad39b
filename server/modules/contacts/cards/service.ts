// Private cards (001 §7 "Contacts", api/contact/card and api/contact/detail): add (one or many), update,
// detail, importance, groups (relation, move), trash and restore. A card id that is not the caller's answers
// 404 like a missing one, and a call naming several cards changes nothing when one of them is not theirs.
import type { CardInput, ContactCard } from "../../../../shared/contacts/cards.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { ownerOf, requireOwnGroups } from "../groups/service.ts";
import type { Owner } from "../groups/repo.ts";
import { derivedOf, type NormalCard, normalOf } from "./normal.ts";
import { type Photo, photoOfDataUrl } from "./photo.ts";
import * as repo from "./repo.ts";
import { cardsOf } from "./view.ts";

export function rowOf(o: Owner, c: NormalCard, now: Date, uid?: string): repo.CardInsert {
  return {
    companyId: o.companyId,
    ownerUserId: o.userId,
    uid: uid ?? crypto.randomUUID(),
    userName: c.userName,
    firstName: c.firstName,
    lastName: c.lastName,
    phoneticName: c.phoneticName,
    emails: c.emails,
    tels: c.tels,
    addresses: c.addresses,
    urls: c.urls,
    company: c.company,
    organ: c.organ,
    position: c.position,
    memo: c.memo,
    birthday: c.birthday,
    important: c.important,
    ...derivedOf(c),
    createdAt: now,
    updatedAt: now,
  };
}

export async function loadCards(db: DbOrTx, o: Owner, ids: number[]): Promise<ContactCard[]> {
  return await cardsOf(db, await repo.cardsByIds(db, o, ids));
}

/** Every id must be the caller's card (404 otherwise); answers whether each is in the trash. */
export async function requireOwnCards(db: DbOrTx, o: Owner, ids: number[]): Promise<Map<number, boolean>> {
  const unique = [...new Set(ids)];
  const owned = await repo.ownership(db, o, unique);
  if (owned.size !== unique.length) throw notFound();
  return owned;
}

function photoOf(input: CardInput): Photo | null | undefined {
  if (input.photo === undefined) return undefined;
  if (input.photo === null || input.photo === "") return null;
  return photoOfDataUrl(input.photo);
}

/**
 * POST api/contact/card/all and the one-card POST: every card checked before any is stored. uids: the vCard
 * UIDs of the cards (CardDAV keeps a client's); absent: new ones.
 */
export async function addCards(caller: Caller, inputs: CardInput[], uids?: (string | undefined)[]): Promise<ContactCard[]> {
  const o = ownerOf(caller);
  const groupIds = await requireOwnGroups(caller, [...new Set(inputs.flatMap((i) => i.contactGroupIdList ?? []))]);
  const photos = inputs.map(photoOf);
  const now = caller.deps.clock.now();
  const ids = await caller.deps.db.transaction(async (tx) => {
    const ids = await repo.insertCards(tx, inputs.map((i, n) => ({ ...rowOf(o, normalOf(i), now, uids?.[n]), hasPhoto: !!photos[n] })));
    for (const [n, id] of ids.entries()) {
      const groups = (inputs[n].contactGroupIdList ?? []).filter((g) => groupIds.includes(g));
      await repo.addRelations(tx, [id], [...new Set(groups)]);
      const photo = photos[n];
      if (photo) await repo.setPhoto(tx, id, photo);
    }
    return ids;
  });
  return await loadCards(caller.deps.db, o, ids);
}

/** GET api/contact/detail/{id} (a card in the trash too). */
export async function getCard(caller: Caller, id: number): Promise<ContactCard> {
  const [card] = await loadCards(caller.deps.db, ownerOf(caller), [id]);
  if (!card) throw notFound();
  return card;
}

/** GET api/contact/detail?email=: the caller's card with that address (not in the trash), else 404. */
export async function cardByEmail(caller: Caller, email: string): Promise<ContactCard> {
  const id = await repo.cardIdByEmail(caller.deps.db, ownerOf(caller), email.toLowerCase());
  if (id === null) throw notFound();
  return await getCard(caller, id);
}

/** PUT api/contact/card/{id}: the whole card; groups change only when contactGroupIdList is given. */
export async function updateCard(caller: Caller, id: number, input: CardInput): Promise<ContactCard> {
  const o = ownerOf(caller);
  const db = caller.deps.db;
  const owned = await requireOwnCards(db, o, [id]);
  if (owned.get(id)) throw notFound(); // a card in the trash is restored first
  const groupIds = input.contactGroupIdList ? await requireOwnGroups(caller, input.contactGroupIdList) : null;
  const photo = photoOf(input);
  const now = caller.deps.clock.now();
  await db.transaction(async (tx) => {
    const { companyId: _c, ownerUserId: _u, uid: _uid, createdAt: _cr, ...values } = rowOf(o, normalOf(input), now);
    await repo.updateCard(tx, o, id, { ...values, ...(photo !== undefined ? { hasPhoto: photo !== null } : {}) });
    if (photo !== undefined) await repo.setPhoto(tx, id, photo);
    if (groupIds) {
      await repo.removeRelations(tx, [id], null);
      await repo.addRelations(tx, [id], groupIds);
    }
  });
  return await getCard(caller, id);
}

/** PUT api/contact/card/importantStatus */
export async function setImportant(caller: Caller, ids: number[], important: boolean): Promise<number> {
  const o = ownerOf(caller);
  await requireOwnCards(caller.deps.db, o, ids);
  await repo.setImportant(caller.deps.db, o, ids, important, caller.deps.clock.now());
  return new Set(ids).size;
}

/** PUT api/contact/relation: each card's groups become exactly groupIds. */
export async function setRelations(caller: Caller, ids: number[], groupIds: number[]): Promise<number> {
  const o = ownerOf(caller);
  const db = caller.deps.db;
  await requireOwnCards(db, o, ids);
  const groups = await requireOwnGroups(caller, groupIds);
  await db.transaction(async (tx) => {
    await repo.removeRelations(tx, ids, null);
    await repo.addRelations(tx, ids, groups);
    await repo.touch(tx, o, ids, caller.deps.clock.now());
  });
  return new Set(ids).size;
}

/**
 * PUT api/contact/card/move: the cards leave `from` (an own group; a special group or none: every group)
 * and join the target group.
 */
export async function moveCards(caller: Caller, ids: number[], targetGroupId: number, from?: number): Promise<number> {
  const o = ownerOf(caller);
  const db = caller.deps.db;
  await requireOwnCards(db, o, ids);
  const [target] = await requireOwnGroups(caller, [targetGroupId]);
  const source = from !== undefined && from > 0 ? (await requireOwnGroups(caller, [from]))[0] : null;
  await db.transaction(async (tx) => {
    await repo.removeRelations(tx, ids, source === null ? null : [source]);
    await repo.addRelations(tx, ids, [target]);
    await repo.touch(tx, o, ids, caller.deps.clock.now());
  });
  return new Set(ids).size;
}

/** A group's members change (CardDAV's group vCards): `add` join it, `remove` leave it; their other groups stay. */
export async function changeGroupMembers(caller: Caller, groupId: number, add: number[], remove: number[]): Promise<void> {
  const o = ownerOf(caller);
  const db = caller.deps.db;
  if (!add.length && !remove.length) return;
  await requireOwnCards(db, o, [...add, ...remove]);
  const [group] = await requireOwnGroups(caller, [groupId]);
  await db.transaction(async (tx) => {
    await repo.removeRelations(tx, remove, [group]);
    await repo.addRelations(tx, add, [group]);
    await repo.touch(tx, o, [...add, ...remove], caller.deps.clock.now());
  });
}

/**
 * DELETE api/contact/card: cards not in the trash go there (with their groups, so a restore brings them
 * back where they were); cards already in the trash are deleted for good.
 */
export async function deleteCards(caller: Caller, ids: number[]): Promise<number> {
  const o = ownerOf(caller);
  const db = caller.deps.db;
  const owned = await requireOwnCards(db, o, ids);
  const now = caller.deps.clock.now();
  await db.transaction(async (tx) => {
    await repo.trashCards(tx, o, [...owned].filter(([, t]) => !t).map(([id]) => id), now);
    await repo.deleteCards(tx, o, [...owned].filter(([, t]) => t).map(([id]) => id));
  });
  return owned.size;
}

/** PUT api/contact/card/restore: out of the trash (every card must be in it), into targetGroupId if given. */
export async function restoreCards(caller: Caller, ids: number[], targetGroupId?: number): Promise<number> {
  const o = ownerOf(caller);
  const db = caller.deps.db;
  const owned = await requireOwnCards(db, o, ids);
  if ([...owned.values()].some((t) => !t)) throw new AppError(409, "contact.not_in_trash");
  const target = targetGroupId === undefined ? [] : await requireOwnGroups(caller, [targetGroupId]);
  await db.transaction(async (tx) => {
    await repo.restoreCards(tx, o, ids, caller.deps.clock.now());
    await repo.addRelations(tx, ids, target);
  });
  return owned.size;
}

/** The purge job: cards in the trash for more than TRASH_DAYS are deleted for good. */
export async function purgeTrash(deps: Caller["deps"], trashDays: number): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - trashDays * 86_400_000);
  let total = 0;
  for (;;) {
    const n = await repo.purgeTrash(deps.db, before, 1000);
    total += n;
    if (n < 1000) return total;
  }
}

/** GET api/contact/detail/{id}/photo */
export async function cardPhoto(caller: Caller, id: number): Promise<{ mime: string; data: Uint8Array }> {
  const photo = await repo.photoOf(caller.deps.db, ownerOf(caller), id);
  if (!photo) throw notFound();
  return photo;
}
