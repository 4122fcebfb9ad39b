// Cards as CardDAV resources: GET in the version asked for, PUT of a client's vCard (If-Match /
// If-None-Match; the client's resource name and UID kept) and DELETE, through the contacts services: the
// private book's cards/service.ts (a DELETE puts the card in the trash, restorable for 7 days) and the
// customer book's customers/cards.ts (a READ member gets 403 DAV:need-privileges; the group's history logs
// every change). Changes reach the browser at once: the services write the same rows the API reads.
// The ETag check and the service's write are two steps (the services open their own transactions), so two
// clients writing one card in the same instant may both pass If-Match; the browser API checks no ETag at all.
import { DavError } from "../../../dav/provider.ts";
import { checkPreconditions } from "../../../dav/preconditions.ts";
import { NS } from "../../../dav/xml.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { isStorableText } from "../../../../shared/request-input.ts";
import { LIMITS } from "../../../../shared/contacts/constants.ts";
import * as cards from "../cards/service.ts";
import * as customers from "../customers/cards.ts";
import { addGroup, privateGroups } from "../groups/service.ts";
import type { Book } from "./books.ts";
import { groupEntriesByNames } from "./group-repo.ts";
import { isGroupVcard, putGroup } from "./groups.ts";
import { etagOf } from "./props.ts";
import * as repo from "./repo.ts";
import { MAX_CARD_BYTES, readClientCard } from "./vcard.ts";

/** Names a client may give a card (RFC 6352 leaves them to the client). */
const CLIENT_NAME = /^[A-Za-z0-9_.+~@=-]{1,120}$/;

const needPrivileges = () => new DavError(403, { ns: NS.DAV, name: "need-privileges" });

/** A service's refusal as a DAV answer: permission 403 need-privileges, a card it cannot keep 403 valid-address-data. */
async function viaService<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    if (e.status === 403) throw needPrivileges();
    if (e.status === 404) throw new DavError(404);
    throw new DavError(403, { ns: NS.CARDDAV, name: "valid-address-data" });
  }
}

/** The own private groups named by CATEGORIES, made at the top level when missing (those that cannot be are left out). */
async function groupIdsOf(caller: Caller, names: string[]): Promise<number[]> {
  const groups = await privateGroups(caller);
  const out: number[] = [];
  for (const name of names.slice(0, LIMITS.listItems)) {
    const found = groups.find((g) => g.groupName.toLowerCase() === name.toLowerCase());
    if (found) out.push(found.id);
    else {
      try {
        const made = await addGroup(caller, { groupName: name, parentId: 0 });
        groups.push(made);
        out.push(made.id);
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
      }
    }
  }
  return [...new Set(out)];
}

/**
 * PUT of a vCard under `name` in the book: a card, or in the private book a group vCard (groups.ts). A name
 * is a card's or a group's: a card cannot become a group there nor the other way (403 valid-address-data),
 * and a new card cannot take the form of a group's default name.
 */
export async function putResource(caller: Caller, book: Book, name: string, body: string, headers: Headers): Promise<{ created: boolean }> {
  if (!book.writable) throw needPrivileges();
  const type = headers.get("content-type");
  if (type && !/^(text\/(x-)?vcard|text\/directory)\b/i.test(type.trim())) throw new DavError(415, { ns: NS.CARDDAV, name: "supported-address-data" });
  if (new TextEncoder().encode(body).length > MAX_CARD_BYTES) throw new DavError(403, { ns: NS.CARDDAV, name: "max-resource-size" });
  if (!isStorableText(name) || !CLIENT_NAME.test(name) || !isStorableText(body)) throw new DavError(403, { ns: NS.CARDDAV, name: "valid-address-data" });
  const { db } = caller.deps;
  const companyId = caller.auth.companyId;
  const existing = await repo.entryByName(db, companyId, book.key, name);
  if (book.kind !== "private") return await putCard(caller, book, name, body, headers, existing);
  const group = (await groupEntriesByNames(db, companyId, book.key, [name]))[0];
  const isGroup = isGroupVcard(body);
  if ((isGroup && existing) || (!isGroup && group) || (!isGroup && !existing && /^group-\d+\.vcf$/.test(name))) {
    throw new DavError(403, { ns: NS.CARDDAV, name: "valid-address-data" });
  }
  return isGroup ? await putGroup(caller, book, name, body, headers, group) : await putCard(caller, book, name, body, headers, existing);
}

async function putCard(
  caller: Caller, book: Book, name: string, body: string, headers: Headers, existing: repo.Entry | undefined,
): Promise<{ created: boolean }> {
  const client = readClientCard(body);
  const { db } = caller.deps;
  const companyId = caller.auth.companyId;
  checkPreconditions(headers, existing ? etagOf(existing) : null);
  const groups = book.groupId === null && client.categories !== null ? await groupIdsOf(caller, client.categories) : undefined;
  let id: number;
  if (existing) {
    if (client.uid !== null && client.uid !== existing.card.uid) throw new DavError(403, { ns: NS.CARDDAV, name: "no-uid-conflict" });
    id = existing.card.id;
    const input = { ...client.input, importantStatus: existing.card.important, contactGroupIdList: groups };
    if (book.groupId === null) await viaService(() => cards.updateCard(caller, id, input));
    else await viaService(() => customers.updateCard(caller, id, input));
  } else {
    const uid = client.uid ?? crypto.randomUUID();
    if (await repo.entryByUid(db, companyId, book.key, uid)) throw new DavError(403, { ns: NS.CARDDAV, name: "no-uid-conflict" });
    const input = { ...client.input, contactGroupIdList: groups };
    if (book.groupId === null) id = (await viaService(() => cards.addCards(caller, [input], [uid])))[0].id;
    else id = (await viaService(() => customers.addCard(caller, book.groupId!, input, uid))).id;
    if (name !== repo.defaultName(id)) {
      try {
        await repo.setName(db, companyId, book.key, id, name);
      } catch (e) {
        // Another PUT made a card under this name meanwhile: this one stays under "<id>.vcf" (the next sync lists it).
        if (isUniqueViolation(e)) throw new DavError(412);
        throw e;
      }
    }
  }
  await repo.setExtras(db, companyId, id, client.extras);
  return { created: !existing };
}

/** DELETE of a card (If-Match honoured): the private one to the trash, a customer one as the API deletes it. */
export async function deleteCard(caller: Caller, book: Book, name: string, headers: Headers): Promise<void> {
  const existing = await repo.entryByName(caller.deps.db, caller.auth.companyId, book.key, name);
  if (!existing) throw new DavError(404);
  checkPreconditions(headers, etagOf(existing));
  if (!book.writable) throw needPrivileges();
  if (book.groupId === null) await viaService(() => cards.deleteCards(caller, [existing.card.id]));
  else await viaService(() => customers.deleteCards(caller, [existing.card.id]));
}
