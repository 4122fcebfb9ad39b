// Customer cards (001 §7 api/customer/card): the private book's card model (cards/normal.ts: the same
// fields, rules and search columns) in one customer group each. Reading needs the group readable, any change
// READ_WRITE (403 customer.no_permission); every change is written to the group's history. Copies go both
// ways between the caller's private book and the customer book.
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { contactCards } from "../../../../db/schema/contacts.ts";
import { customerCardTags } from "../../../../db/schema/contacts-tags.ts";
import type { CardInput } from "../../../../shared/contacts/cards.ts";
import type { CustomerCard, customerCardListQuery, customerSearchQuery } from "../../../../shared/contacts/customers.ts";
import type { CustomerTag } from "../../../../shared/contacts/customer-tags.ts";
import { LIMITS } from "../../../../shared/contacts/constants.ts";
import type { ImportCharset, ImportType } from "../../../../shared/contacts/constants.ts";
import type { ImportResult } from "../../../../shared/contacts/inout.ts";
import { type Page, pageOf } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { notFound } from "../../../lib/errors.ts";
import { escapeLike } from "../../../lib/like.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { orderOf, rowsByIds, searchCondition } from "../cards/list.ts";
import { derivedOf, normalizeText, normalOf, type NormalCard } from "../cards/normal.ts";
import { type Photo, photoOfDataUrl } from "../cards/photo.ts";
import * as cardRepo from "../cards/repo.ts";
import { requireOwnCards, rowOf } from "../cards/service.ts";
import { cardOf } from "../cards/view.ts";
import { ownerOf, requireOwnGroups } from "../groups/service.ts";
import { type ImportFile, normalOfImportedList, parseFile } from "../inout/service.ts";
import { type Book, loadBook, readable, readableIds, writable } from "./access.ts";
import { log } from "./history.ts";
import { announce } from "./realtime.ts";
import { tagOf, tagsOfCards } from "./tags.ts";

type Query = z.infer<typeof customerCardListQuery>;

function view(book: Book, r: cardRepo.CardView, tags: Map<number, CustomerTag[]>): CustomerCard {
  const g = book.groups.find((x) => x.id === r.customerGroupId);
  return { ...cardOf(r, []), groupId: r.customerGroupId!, groupName: g?.name ?? "", tagList: tags.get(r.id) ?? [] };
}

/** Cards in the API's shape, with their tags. */
async function views(caller: Caller, book: Book, rows: cardRepo.CardView[]): Promise<CustomerCard[]> {
  const tags = await tagsOfCards(caller.deps.db, caller.auth.companyId, rows.map((r) => r.id));
  return rows.map((r) => view(book, r, tags));
}

function customerRow(caller: Caller, groupId: number, c: NormalCard, now: Date, uid?: string): cardRepo.CardInsert {
  return { ...rowOf(ownerOf(caller), c, now, uid), ownerUserId: null, customerGroupId: groupId };
}

const live = (companyId: number) => and(eq(contactCards.companyId, companyId), isNull(contactCards.deletedAt));

/** One page: the ids first (index-only in name order for a group's list), then only those rows. */
async function page(caller: Caller, book: Book, where: SQL, order: SQL[], limit: number, offset: number) {
  const db = caller.deps.db;
  const [idRows, [{ n }]] = await Promise.all([
    db.select({ id: contactCards.id }).from(contactCards).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(contactCards).where(where),
  ]);
  const rows = await rowsByIds(db, idRows.map((r) => r.id));
  return { content: await views(caller, book, rows), total: n };
}

const tagged = (companyId: number, tagId: number) =>
  sql`exists (select 1 from ${customerCardTags} t where t.card_id = ${contactCards.id} and t.company_id = ${companyId} and t.tag_id = ${tagId})`;

/**
 * The list's condition. type "group": the group's cards (readable, else 404); "tag": the cards carrying the tag
 * groupId (a tag of the company, else 404) in every group the caller reads. tagId narrows either to one tag.
 */
async function listWhere(caller: Caller, book: Book, q: Omit<Query, "page" | "pageSize">): Promise<SQL> {
  const companyId = caller.auth.companyId;
  let scope: SQL;
  if (q.type === "tag") {
    await tagOf(caller, q.groupId);
    scope = and(sql`${contactCards.customerGroupId} = any(${bigintArray(readableIds(book))})`, tagged(companyId, q.groupId))!;
  } else {
    readable(book, q.groupId);
    scope = eq(contactCards.customerGroupId, q.groupId);
  }
  return and(
    live(companyId),
    scope,
    q.tagId ? tagged(companyId, q.tagId) : undefined,
    q.importantStatus !== undefined ? eq(contactCards.important, q.importantStatus) : undefined,
    q.consonant ? eq(contactCards.consonant, q.consonant) : undefined,
  )!;
}

/** GET api/customer/card */
export async function listCards(caller: Caller, q: Query): Promise<Page<CustomerCard>> {
  const book = await loadBook(caller);
  const { content, total } = await page(caller, book, await listWhere(caller, book, q), orderOf(q.sort, q.dir), q.pageSize, q.page * q.pageSize);
  return pageOf(content, total, q);
}

/** GET api/customer/card/print */
export async function printCards(caller: Caller, q: Omit<Query, "page" | "pageSize">): Promise<CustomerCard[]> {
  const book = await loadBook(caller);
  return (await page(caller, book, await listWhere(caller, book, q), orderOf(q.sort, q.dir), LIMITS.printCards, 0)).content;
}

const nameHas = (w: string) => sql`lower(${contactCards.userName}) like ${`%${escapeLike(normalizeText(w))}%`}`;
const emailHas = (w: string) => sql`array_to_string(${contactCards.emails}, ' ') like ${`%${escapeLike(w.toLowerCase())}%`}`;
const telHas = (w: string) => {
  const digits = w.replace(/\D/g, "");
  return digits ? sql`${contactCards.searchText} like ${`%${escapeLike(digits)}%`}` : sql`false`;
};

/** GET api/customer/card/search: over every group the caller reads. */
export async function searchCards(caller: Caller, q: z.infer<typeof customerSearchQuery>): Promise<Page<CustomerCard>> {
  const book = await loadBook(caller);
  const ids = readableIds(book);
  if (ids.length === 0) return pageOf([], 0, q);
  const byType: Record<string, (w: string) => SQL | null> = {
    ALL: (w) => searchCondition(w), USER_NAME: nameHas, EMAIL: emailHas, TEL: telHas,
  };
  const where = and(
    live(caller.auth.companyId),
    sql`${contactCards.customerGroupId} = any(${bigintArray(ids)})`,
    q.keyword ? byType[q.searchType](q.keyword) ?? sql`false` : undefined,
    q.searchUserName ? nameHas(q.searchUserName) : undefined,
    q.searchEmil ? emailHas(q.searchEmil) : undefined,
    q.searchTel ? telHas(q.searchTel) : undefined,
  )!;
  const { content, total } = await page(caller, book, where, orderOf("userName", "asc"), q.pageSize, q.page * q.pageSize);
  return pageOf(content, total, q);
}

async function cardsOfCompany(caller: Caller, ids: number[]) {
  const rows = await cardRepo.customerCardsByIds(caller.deps.db, caller.auth.companyId, [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

/** GET api/customer/card/detail/{id} */
export async function cardDetail(caller: Caller, id: number): Promise<CustomerCard> {
  const book = await loadBook(caller);
  const [row] = await cardsOfCompany(caller, [id]);
  readable(book, row.customerGroupId!);
  return (await views(caller, book, [row]))[0];
}

function photoOf(input: CardInput): Photo | null | undefined {
  if (input.photo === undefined) return undefined;
  return input.photo ? photoOfDataUrl(input.photo) : null;
}

/** POST api/customer/card (201); uid: the vCard UID (CardDAV keeps a client's), absent: a new one. */
export async function addCard(caller: Caller, groupId: number, input: CardInput, uid?: string): Promise<CustomerCard> {
  const book = await loadBook(caller);
  writable(book, groupId);
  const photo = photoOf(input);
  const card = normalOf(input);
  const now = caller.deps.clock.now();
  const id = await caller.deps.db.transaction(async (tx) => {
    const [id] = await cardRepo.insertCards(tx, [{ ...customerRow(caller, groupId, card, now, uid), hasPhoto: !!photo }]);
    if (photo) await cardRepo.setPhoto(tx, id, photo);
    await log(tx, caller, [{ groupId, cardId: id, action: "ADD", subject: "CARD", content: card.userName }]);
    return id;
  });
  await announce(caller, [groupId], id);
  return await cardDetail(caller, id);
}

/** PUT api/customer/card/{id} */
export async function updateCard(caller: Caller, id: number, input: CardInput): Promise<CustomerCard> {
  const book = await loadBook(caller);
  const [row] = await cardsOfCompany(caller, [id]);
  writable(book, row.customerGroupId!);
  const photo = photoOf(input);
  const card = normalOf(input);
  const now = caller.deps.clock.now();
  await caller.deps.db.transaction(async (tx) => {
    await tx.update(contactCards).set({
      userName: card.userName, firstName: card.firstName, lastName: card.lastName, phoneticName: card.phoneticName,
      emails: card.emails, tels: card.tels, addresses: card.addresses, urls: card.urls, company: card.company, organ: card.organ,
      position: card.position, memo: card.memo, birthday: card.birthday, important: card.important, ...derivedOf(card), updatedAt: now,
      ...(photo !== undefined ? { hasPhoto: photo !== null } : {}),
    }).where(and(eq(contactCards.companyId, caller.auth.companyId), eq(contactCards.id, id)));
    if (photo !== undefined) await cardRepo.setPhoto(tx, id, photo);
    await log(tx, caller, [{ groupId: row.customerGroupId!, cardId: id, action: "UPDATE", subject: "CARD", content: card.userName }]);
  });
  await announce(caller, [row.customerGroupId!], id);
  return await cardDetail(caller, id);
}

/** DELETE api/customer/card: for good; the group's history keeps the log. */
export async function deleteCards(caller: Caller, ids: number[]): Promise<number> {
  const book = await loadBook(caller);
  const rows = await cardsOfCompany(caller, ids);
  for (const r of rows) writable(book, r.customerGroupId!);
  await caller.deps.db.transaction(async (tx) => {
    await log(tx, caller, rows.map((r) => ({ groupId: r.customerGroupId!, cardId: null, action: "DELETE" as const, subject: "CARD" as const, content: r.userName })));
    await tx.delete(contactCards).where(and(eq(contactCards.companyId, caller.auth.companyId), sql`${contactCards.id} = any(${bigintArray(rows.map((r) => r.id))})`));
  });
  await announce(caller, rows.map((r) => r.customerGroupId!), rows.length === 1 ? rows[0].id : undefined);
  return rows.length;
}

/** PUT api/customer/card/importantStatus */
export async function setImportant(caller: Caller, ids: number[], important: boolean): Promise<number> {
  const book = await loadBook(caller);
  const rows = await cardsOfCompany(caller, ids);
  for (const r of rows) writable(book, r.customerGroupId!);
  await caller.deps.db.update(contactCards).set({ important, updatedAt: caller.deps.clock.now() })
    .where(and(eq(contactCards.companyId, caller.auth.companyId), sql`${contactCards.id} = any(${bigintArray(rows.map((r) => r.id))})`));
  await announce(caller, rows.map((r) => r.customerGroupId!), rows.length === 1 ? rows[0].id : undefined);
  return rows.length;
}

/** Copies of cards (with their photos) into a customer group or the caller's private book. */
async function copyRows(caller: Caller, rows: cardRepo.CardView[], target: { customerGroupId: number } | { privateGroupIds: number[] }) {
  const now = caller.deps.clock.now();
  const photos = await cardRepo.photosByCard(caller.deps.db, rows.filter((r) => r.hasPhoto).map((r) => r.id));
  return async (tx: Parameters<Parameters<Caller["deps"]["db"]["transaction"]>[0]>[0]) => {
    const o = ownerOf(caller);
    const values = rows.map((r) => {
      const base = { ...rowOf(o, r, now), hasPhoto: r.hasPhoto };
      return "customerGroupId" in target ? { ...base, ownerUserId: null, customerGroupId: target.customerGroupId } : base;
    });
    const ids = await cardRepo.insertCards(tx, values);
    for (const [i, id] of ids.entries()) {
      const p = photos.get(rows[i].id);
      if (p) await cardRepo.setPhoto(tx, id, p);
    }
    if ("privateGroupIds" in target) await cardRepo.addRelations(tx, ids, target.privateGroupIds);
    return ids;
  };
}

/** PATCH api/customer/card/move: into another group (isCopy: copies, the originals stay). */
export async function moveCards(caller: Caller, ids: number[], targetGroupId: number, isCopy: boolean): Promise<number> {
  const book = await loadBook(caller);
  const target = writable(book, targetGroupId);
  const rows = await cardsOfCompany(caller, ids);
  for (const r of rows) (isCopy ? readable : writable)(book, r.customerGroupId!);
  const copy = isCopy ? await copyRows(caller, rows, { customerGroupId: target.id }) : null;
  await caller.deps.db.transaction(async (tx) => {
    if (copy) await copy(tx);
    else {
      await tx.update(contactCards).set({ customerGroupId: target.id, updatedAt: caller.deps.clock.now() })
        .where(and(eq(contactCards.companyId, caller.auth.companyId), sql`${contactCards.id} = any(${bigintArray(rows.map((r) => r.id))})`));
    }
    await log(tx, caller, rows.flatMap((r) => [
      { groupId: target.id, cardId: isCopy ? null : r.id, action: isCopy ? "COPY" as const : "UPDATE" as const, subject: "CARD" as const, content: r.userName },
      ...(isCopy || r.customerGroupId === target.id ? [] : [{ groupId: r.customerGroupId!, cardId: null, action: "DELETE" as const, subject: "CARD" as const, content: r.userName }]),
    ]));
  });
  await announce(caller, [target.id, ...(isCopy ? [] : rows.map((r) => r.customerGroupId!))]);
  return rows.length;
}

/** POST api/customer/card/copy/private: copies into the caller's private book (targetGroupId 0: no group). */
export async function copyToPrivate(caller: Caller, ids: number[], targetGroupId: number): Promise<number> {
  const book = await loadBook(caller);
  const rows = await cardsOfCompany(caller, ids);
  for (const r of rows) readable(book, r.customerGroupId!);
  const groups = targetGroupId > 0 ? await requireOwnGroups(caller, [targetGroupId]) : [];
  const copy = await copyRows(caller, rows.map((r) => ({ ...r, important: false })), { privateGroupIds: groups });
  await caller.deps.db.transaction(async (tx) => void await copy(tx));
  return rows.length;
}

/** POST api/contact/card/copy/customer (001 §7 "copy to customer"): private cards into a customer group. */
export async function copyFromPrivate(caller: Caller, ids: number[], targetGroupId: number, deleteOriginals: boolean): Promise<number> {
  const book = await loadBook(caller);
  const target = writable(book, targetGroupId);
  const o = ownerOf(caller);
  const owned = await requireOwnCards(caller.deps.db, o, ids);
  if ([...owned.values()].some((inTrash) => inTrash)) throw notFound();
  const rows = await cardRepo.cardsByIds(caller.deps.db, o, [...owned.keys()]);
  const copy = await copyRows(caller, rows, { customerGroupId: target.id });
  await caller.deps.db.transaction(async (tx) => {
    const newIds = await copy(tx);
    if (deleteOriginals) await cardRepo.trashCards(tx, o, rows.map((r) => r.id), caller.deps.clock.now());
    await log(tx, caller, rows.map((r, i) => ({ groupId: target.id, cardId: newIds[i], action: "COPY" as const, subject: "CARD" as const, content: r.userName })));
  });
  await announce(caller, [target.id]);
  return rows.length;
}

/** POST api/customer/card/import/save (201) */
export async function importSave(caller: Caller, file: ImportFile, groupId: number, type?: ImportType, charset?: ImportCharset): Promise<ImportResult> {
  const book = await loadBook(caller);
  writable(book, groupId);
  const { ok, skipped } = normalOfImportedList(parseFile(file, type, charset));
  const now = caller.deps.clock.now();
  await caller.deps.db.transaction(async (tx) => {
    const ids = await cardRepo.insertCards(tx, ok.map((c) => ({ ...customerRow(caller, groupId, c.card, now, c.uid ?? undefined), hasPhoto: c.photo !== null })));
    for (const [i, id] of ids.entries()) if (ok[i].photo) await cardRepo.setPhoto(tx, id, ok[i].photo!);
    await log(tx, caller, [{ groupId, action: "IMPORT", subject: "CARD", content: `${file.name} (${ok.length})` }]);
  });
  await announce(caller, [groupId]);
  return { saved: ok.length, skipped, groupId };
}

/** Whether a card is in the group (for a memo on a card). */
export async function cardInGroup(caller: Caller, cardId: number, groupId: number): Promise<boolean> {
  const rows = await cardRepo.customerCardsByIds(caller.deps.db, caller.auth.companyId, [cardId]);
  return rows[0]?.customerGroupId === groupId;
}

/** GET api/customer/card/detail/{id}/photo */
export async function cardPhoto(caller: Caller, id: number): Promise<{ mime: string; data: Uint8Array }> {
  await cardDetail(caller, id);
  const photo = (await cardRepo.photosByCard(caller.deps.db, [id])).get(id);
  if (!photo) throw notFound();
  return photo;
}

/** Cards of customer groups the caller reads, in the order asked; 404 when one is not. */
export async function readableCards(caller: Caller, ids: number[]): Promise<CustomerCard[]> {
  const book = await loadBook(caller);
  const rows = await cardsOfCompany(caller, ids);
  for (const r of rows) readable(book, r.customerGroupId!);
  return await views(caller, book, rows);
}
