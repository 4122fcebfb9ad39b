// The customer book's tags (shared/contacts/customer-tags.ts): company-wide labels put on customer cards. Adding
// one needs READ_WRITE on some group (or a book admin); renaming, recolouring or deleting one needs READ_WRITE
// on every group whose cards carry it, so nobody changes what they could not change card by card. Putting
// tags on cards needs the cards' groups writable. The history of each group concerned logs the change (subject
// TAG), and its readers hear CUSTOMER_CHANGED.
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../../../db/client.ts";
import { contactCards } from "../../../../db/schema/contacts.ts";
import { customerCardTags, customerTags } from "../../../../db/schema/contacts-tags.ts";
import { TAG_LIMITS } from "../../../../shared/contacts/constants.ts";
import type { cardTagsBody, CustomerTag, tagAddBody, tagPatchBody } from "../../../../shared/contacts/customer-tags.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import * as cardRepo from "../cards/repo.ts";
import { loadBook, privilegeOf, readable, writable } from "./access.ts";
import { log, type LogEntry } from "./history.ts";
import { announce } from "./realtime.ts";

const columns = { id: customerTags.id, name: customerTags.name, color: customerTags.color };

/** GET api/customer/tag: the company's tags by name. */
export async function tagList(caller: Caller): Promise<CustomerTag[]> {
  return await caller.deps.db.select(columns).from(customerTags).where(eq(customerTags.companyId, caller.auth.companyId))
    .orderBy(sql`lower(${customerTags.name})`, asc(customerTags.id));
}

/** A tag of the caller's company; 404 otherwise. */
export async function tagOf(caller: Caller, id: number): Promise<CustomerTag> {
  const [row] = await caller.deps.db.select(columns).from(customerTags)
    .where(and(eq(customerTags.companyId, caller.auth.companyId), eq(customerTags.id, id)));
  if (!row) throw notFound();
  return row;
}

/** The tags of these cards, by card. */
export async function tagsOfCards(db: DbOrTx, companyId: number, cardIds: number[]): Promise<Map<number, CustomerTag[]>> {
  const out = new Map<number, CustomerTag[]>();
  if (!cardIds.length) return out;
  const rows = await db.select({ cardId: customerCardTags.cardId, ...columns }).from(customerCardTags)
    .innerJoin(customerTags, eq(customerTags.id, customerCardTags.tagId))
    .where(and(eq(customerCardTags.companyId, companyId), sql`${customerCardTags.cardId} = any(${bigintArray(cardIds)})`))
    .orderBy(sql`lower(${customerTags.name})`);
  for (const { cardId, ...tag } of rows) out.set(cardId, [...(out.get(cardId) ?? []), tag]);
  return out;
}

function guardName(e: unknown): never {
  if (isUniqueViolation(e, "customer_tags_name_uq")) throw new AppError(409, "customer.tag_in_use");
  throw e;
}

/** POST api/customer/tag (201) */
export async function addTag(caller: Caller, input: z.infer<typeof tagAddBody>): Promise<CustomerTag> {
  const book = await loadBook(caller);
  if (!book.admin && !book.groups.some((g) => !g.deletedAt && privilegeOf(book, g) === "READ_WRITE")) {
    throw new AppError(403, "customer.no_permission");
  }
  const [{ n }] = await caller.deps.db.select({ n: sql<number>`count(*)::int` }).from(customerTags).where(eq(customerTags.companyId, caller.auth.companyId));
  if (n >= TAG_LIMITS.perCompany) throw new AppError(400, "customer.tag_limit");
  const [row] = await caller.deps.db.insert(customerTags).values({
    companyId: caller.auth.companyId, name: input.name, color: input.color, createdBy: caller.auth.userId, createdAt: caller.deps.clock.now(),
  }).returning(columns).catch(guardName);
  return row;
}

/** The live groups whose cards carry the tag, each checked writable (403 otherwise, 404 for one the caller cannot read). */
async function groupsCarrying(caller: Caller, tagId: number): Promise<number[]> {
  const rows = await caller.deps.db.selectDistinct({ groupId: contactCards.customerGroupId }).from(customerCardTags)
    .innerJoin(contactCards, eq(contactCards.id, customerCardTags.cardId))
    .where(and(eq(customerCardTags.companyId, caller.auth.companyId), eq(customerCardTags.tagId, tagId)));
  const book = await loadBook(caller);
  const ids = rows.map((r) => r.groupId!).filter((id) => !book.groups.find((g) => g.id === id)?.deletedAt);
  for (const id of ids) {
    const g = book.groups.find((x) => x.id === id)!;
    if (privilegeOf(book, g) !== "READ_WRITE") throw new AppError(403, "customer.no_permission");
  }
  return ids;
}

/** PATCH api/customer/tag: a new name or colour. */
export async function patchTag(caller: Caller, input: z.infer<typeof tagPatchBody>): Promise<CustomerTag> {
  const tag = await tagOf(caller, input.id);
  const groups = await groupsCarrying(caller, tag.id);
  const name = input.name ?? tag.name;
  await caller.deps.db.transaction(async (tx) => {
    await tx.update(customerTags).set({ name, color: input.color ?? tag.color })
      .where(and(eq(customerTags.companyId, caller.auth.companyId), eq(customerTags.id, tag.id))).catch(guardName);
    if (name !== tag.name) {
      await log(tx, caller, groups.map((groupId) => ({ groupId, action: "UPDATE" as const, subject: "TAG" as const, content: `${tag.name} → ${name}` })));
    }
  });
  await announce(caller, groups);
  return await tagOf(caller, tag.id);
}

/** DELETE api/customer/tag/{id}: off every card. */
export async function deleteTag(caller: Caller, id: number): Promise<void> {
  const tag = await tagOf(caller, id);
  const groups = await groupsCarrying(caller, tag.id);
  await caller.deps.db.transaction(async (tx) => {
    await log(tx, caller, groups.map((groupId) => ({ groupId, action: "DELETE" as const, subject: "TAG" as const, content: tag.name })));
    await tx.delete(customerTags).where(and(eq(customerTags.companyId, caller.auth.companyId), eq(customerTags.id, tag.id)));
  });
  await announce(caller, groups);
}

/** PUT api/customer/card/tag: SET, ADD or REMOVE tags on cards; how many cards changed. */
export async function setCardTags(caller: Caller, input: z.infer<typeof cardTagsBody>): Promise<{ count: number }> {
  const companyId = caller.auth.companyId;
  const book = await loadBook(caller);
  const ids = [...new Set(input.cardIdList)];
  const cards = await cardRepo.customerCardsByIds(caller.deps.db, companyId, ids);
  if (cards.length !== ids.length) throw notFound();
  // Every card readable (404) before any is refused for READ only (403).
  for (const c of cards) readable(book, c.customerGroupId!);
  for (const c of cards) writable(book, c.customerGroupId!);
  const tagIds = [...new Set(input.tagIdList)];
  const tags = tagIds.length
    ? await caller.deps.db.select(columns).from(customerTags).where(and(eq(customerTags.companyId, companyId), sql`${customerTags.id} = any(${bigintArray(tagIds)})`))
    : [];
  if (tags.length !== tagIds.length) throw notFound();
  const name = new Map(tags.map((t) => [t.id, t.name]));
  const current = await tagsOfCards(caller.deps.db, companyId, ids);
  const plan = cards.map((c) => {
    const had = new Set((current.get(c.id) ?? []).map((t) => t.id));
    const next = input.action === "SET" ? new Set(tagIds) : new Set(input.action === "ADD" ? [...had, ...tagIds] : [...had].filter((t) => !tagIds.includes(t)));
    return { card: c, added: [...next].filter((t) => !had.has(t)), removed: [...had].filter((t) => !next.has(t)), size: next.size };
  });
  if (plan.some((p) => p.size > TAG_LIMITS.perCard)) throw new AppError(400, "customer.too_many_tags");
  const changed = plan.filter((p) => p.added.length || p.removed.length);
  if (!changed.length) return { count: 0 };
  const tagName = (cardId: number, tagId: number) => name.get(tagId) ?? current.get(cardId)?.find((t) => t.id === tagId)?.name ?? "";
  await caller.deps.db.transaction(async (tx) => {
    for (const p of changed) {
      if (p.removed.length) {
        await tx.delete(customerCardTags).where(and(
          eq(customerCardTags.companyId, companyId), eq(customerCardTags.cardId, p.card.id), sql`${customerCardTags.tagId} = any(${bigintArray(p.removed)})`,
        ));
      }
      if (p.added.length) await tx.insert(customerCardTags).values(p.added.map((tagId) => ({ cardId: p.card.id, tagId, companyId }))).onConflictDoNothing();
    }
    const entries: LogEntry[] = changed.flatMap((p) => [
      ...p.added.map((t) => ({ groupId: p.card.customerGroupId!, cardId: p.card.id, action: "ADD" as const, subject: "TAG" as const, content: `${tagName(p.card.id, t)} · ${p.card.userName}` })),
      ...p.removed.map((t) => ({ groupId: p.card.customerGroupId!, cardId: p.card.id, action: "DELETE" as const, subject: "TAG" as const, content: `${tagName(p.card.id, t)} · ${p.card.userName}` })),
    ]);
    await log(tx, caller, entries);
  });
  await announce(caller, changed.map((p) => p.card.customerGroupId!), changed.length === 1 ? changed[0].card.id : undefined);
  return { count: changed.length };
}
