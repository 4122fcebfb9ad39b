// SQL of the AI assistant (db/schema/assistant.ts): providers, assistants with their knowledge files,
// favourites, persona items, chats and messages. Every query is scoped by the company (and the user where the
// rows are a user's own); the services decide who may do what.
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  assistantChats, assistantFavorites, assistantFiles, assistantMessages, assistantPersonas, assistantProviders, assistants,
  organizationMembers, organizations, users,
} from "../../../db/schema/index.ts";

export type ProviderRow = typeof assistantProviders.$inferSelect;
export type AssistantRow = typeof assistants.$inferSelect;
export type FileRow = typeof assistantFiles.$inferSelect;
export type FavoriteRow = typeof assistantFavorites.$inferSelect;
export type PersonaRow = typeof assistantPersonas.$inferSelect;
export type ChatRow = typeof assistantChats.$inferSelect;
export type MessageRow = typeof assistantMessages.$inferSelect;
/** An assistant with the names shown beside it. */
export type AssistantListRow = AssistantRow & { organName: string | null; ownerName: string | null };

// ---- provider

export async function providerOf(db: DbOrTx, companyId: number): Promise<ProviderRow | null> {
  const [r] = await db.select().from(assistantProviders).where(eq(assistantProviders.companyId, companyId));
  return r ?? null;
}

export async function saveProvider(db: DbOrTx, row: typeof assistantProviders.$inferInsert): Promise<ProviderRow> {
  const { companyId: _c, ...set } = row;
  const [r] = await db.insert(assistantProviders).values(row).onConflictDoUpdate({ target: assistantProviders.companyId, set }).returning();
  return r;
}

export async function deleteProvider(db: DbOrTx, companyId: number): Promise<void> {
  await db.delete(assistantProviders).where(eq(assistantProviders.companyId, companyId));
}

// ---- organisations (who sees an assistant scoped to one)

/** The organisations the user belongs to: memberships and the representative one. */
export async function organIdsOf(db: DbOrTx, companyId: number, userId: number): Promise<number[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select organ_id as id from ${organizationMembers} where company_id = ${companyId} and user_id = ${userId}
    union select organ_id from ${users} where id = ${userId} and company_id = ${companyId} and organ_id is not null`);
  return rows.map((r) => Number(r.id));
}

export async function organTree(db: DbOrTx, companyId: number): Promise<{ id: number; parentId: number | null }[]> {
  return await db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations).where(eq(organizations.companyId, companyId));
}

export async function organExists(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const [r] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.companyId, companyId), eq(organizations.id, id)));
  return !!r;
}

// ---- assistants

function assistantQuery(db: DbOrTx) {
  return db.select({ a: assistants, organName: organizations.name, ownerName: users.displayName }).from(assistants)
    .leftJoin(organizations, eq(organizations.id, assistants.organId))
    .leftJoin(users, eq(users.id, assistants.ownerId));
}

const flat = (r: { a: AssistantRow; organName: string | null; ownerName: string | null }): AssistantListRow => ({ ...r.a, organName: r.organName, ownerName: r.ownerName });

export async function assistantsOf(db: DbOrTx, companyId: number): Promise<AssistantListRow[]> {
  return (await assistantQuery(db).where(eq(assistants.companyId, companyId)).orderBy(asc(assistants.category), asc(assistants.title), asc(assistants.id))).map(flat);
}

export async function findAssistant(db: DbOrTx, companyId: number, id: number): Promise<AssistantListRow | null> {
  const [r] = await assistantQuery(db).where(and(eq(assistants.companyId, companyId), eq(assistants.id, id)));
  return r ? flat(r) : null;
}

export async function lockAssistant(db: DbOrTx, companyId: number, id: number): Promise<AssistantRow | null> {
  const [r] = await db.select().from(assistants).where(and(eq(assistants.companyId, companyId), eq(assistants.id, id))).for("update");
  return r ?? null;
}

export async function insertAssistant(db: DbOrTx, row: typeof assistants.$inferInsert): Promise<AssistantRow> {
  const [r] = await db.insert(assistants).values(row).returning();
  return r;
}

export async function updateAssistant(db: DbOrTx, id: number, set: Partial<typeof assistants.$inferInsert>): Promise<void> {
  await db.update(assistants).set(set).where(eq(assistants.id, id));
}

export async function deleteAssistant(db: DbOrTx, companyId: number, id: number): Promise<void> {
  await db.delete(assistants).where(and(eq(assistants.companyId, companyId), eq(assistants.id, id)));
}

/** The assistant's files without their text (which may be long). */
export async function filesOf(db: DbOrTx, assistantId: number) {
  return await db.select({
    id: assistantFiles.id, name: assistantFiles.name, size: assistantFiles.size, contentType: assistantFiles.contentType,
    textLength: sql<number>`char_length(${assistantFiles.text})::int`,
  }).from(assistantFiles).where(eq(assistantFiles.assistantId, assistantId)).orderBy(asc(assistantFiles.id));
}

/** The files' names and texts, in upload order: the knowledge given to the model. */
export async function knowledgeOf(db: DbOrTx, assistantId: number): Promise<{ name: string; text: string }[]> {
  return await db.select({ name: assistantFiles.name, text: assistantFiles.text }).from(assistantFiles)
    .where(eq(assistantFiles.assistantId, assistantId)).orderBy(asc(assistantFiles.id));
}

export async function insertFile(db: DbOrTx, row: typeof assistantFiles.$inferInsert): Promise<void> {
  await db.insert(assistantFiles).values(row);
}

export async function deleteFiles(db: DbOrTx, assistantId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(assistantFiles).where(and(eq(assistantFiles.assistantId, assistantId), inArray(assistantFiles.id, ids)));
}

export async function countFiles(db: DbOrTx, assistantId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(assistantFiles).where(eq(assistantFiles.assistantId, assistantId));
  return r.n;
}

export async function lockedQuota(db: DbOrTx, companyId: number, userId: number): Promise<{ total: number; used: number }> {
  const [r] = await db.execute<{ total: string; used: string }>(sql`
    select total_quota as total, used_size as used from users where id = ${userId} and company_id = ${companyId} for no key update`);
  return r ? { total: Number(r.total), used: Number(r.used) } : { total: 0, used: 0 };
}

// ---- favourites

export async function favoritesOf(db: DbOrTx, companyId: number, userId: number): Promise<FavoriteRow[]> {
  return await db.select().from(assistantFavorites)
    .where(and(eq(assistantFavorites.companyId, companyId), eq(assistantFavorites.userId, userId))).orderBy(asc(assistantFavorites.id));
}

/** The user's favourite of the assistant, made when missing (a second add answers the existing one). */
export async function addFavorite(db: DbOrTx, row: typeof assistantFavorites.$inferInsert): Promise<FavoriteRow> {
  await db.insert(assistantFavorites).values(row).onConflictDoNothing();
  const [r] = await db.select().from(assistantFavorites)
    .where(and(eq(assistantFavorites.userId, row.userId), eq(assistantFavorites.assistantId, row.assistantId)));
  return r;
}

export async function deleteFavorite(db: DbOrTx, companyId: number, userId: number, id: number): Promise<boolean> {
  const r = await db.delete(assistantFavorites).where(and(
    eq(assistantFavorites.companyId, companyId), eq(assistantFavorites.userId, userId), eq(assistantFavorites.id, id),
  )).returning({ id: assistantFavorites.id });
  return r.length > 0;
}

// ---- persona

export async function personaOf(db: DbOrTx, companyId: number, userId: number): Promise<PersonaRow[]> {
  return await db.select().from(assistantPersonas)
    .where(and(eq(assistantPersonas.companyId, companyId), eq(assistantPersonas.userId, userId))).orderBy(asc(assistantPersonas.idx));
}

export async function replacePersona(db: DbOrTx, companyId: number, userId: number, items: Omit<typeof assistantPersonas.$inferInsert, "companyId" | "userId">[]) {
  await db.delete(assistantPersonas).where(and(eq(assistantPersonas.companyId, companyId), eq(assistantPersonas.userId, userId)));
  if (items.length) await db.insert(assistantPersonas).values(items.map((i) => ({ ...i, companyId, userId })));
}

// ---- chats

// Written out: drizzle leaves the column of a one-table select unqualified, which inside the subquery would be m's.
const runningOfChat = sql<number | null>`(select m.id from assistant_messages m where m.chat_id = assistant_chats.id and m.status = 'RUNNING' order by m.id desc limit 1)`;

export type ChatListRow = ChatRow & { runningMessageId: number | null };

export async function chatsOf(db: DbOrTx, companyId: number, userId: number): Promise<ChatListRow[]> {
  const rows = await db.select({ c: assistantChats, running: runningOfChat }).from(assistantChats)
    .where(and(eq(assistantChats.companyId, companyId), eq(assistantChats.userId, userId)))
    .orderBy(desc(assistantChats.updatedAt), desc(assistantChats.id));
  return rows.map((r) => ({ ...r.c, runningMessageId: r.running === null ? null : Number(r.running) }));
}

export async function findChat(db: DbOrTx, companyId: number, userId: number, id: number, lock = false): Promise<ChatListRow | null> {
  const q = db.select({ c: assistantChats, running: runningOfChat }).from(assistantChats)
    .where(and(eq(assistantChats.companyId, companyId), eq(assistantChats.userId, userId), eq(assistantChats.id, id)));
  const [r] = lock ? await q.for("update", { of: assistantChats }) : await q;
  return r ? { ...r.c, runningMessageId: r.running === null ? null : Number(r.running) } : null;
}

export async function insertChat(db: DbOrTx, row: typeof assistantChats.$inferInsert): Promise<ChatRow> {
  const [r] = await db.insert(assistantChats).values(row).returning();
  return r;
}

export async function updateChat(db: DbOrTx, id: number, set: Partial<typeof assistantChats.$inferInsert>): Promise<void> {
  await db.update(assistantChats).set(set).where(eq(assistantChats.id, id));
}

/** Sets the title only while it is still empty (the model's proposal never replaces the user's). */
export async function setTitleIfEmpty(db: DbOrTx, id: number, title: string, now: Date): Promise<boolean> {
  const r = await db.update(assistantChats).set({ title, updatedAt: now })
    .where(and(eq(assistantChats.id, id), eq(assistantChats.title, ""))).returning({ id: assistantChats.id });
  return r.length > 0;
}

export async function deleteChats(db: DbOrTx, companyId: number, userId: number, id?: number): Promise<number[]> {
  const r = await db.delete(assistantChats).where(and(
    eq(assistantChats.companyId, companyId), eq(assistantChats.userId, userId), id === undefined ? undefined : eq(assistantChats.id, id),
  )).returning({ id: assistantChats.id });
  return r.map((x) => x.id);
}

/** RUNNING messages of these chats. */
export async function runningIn(db: DbOrTx, chatIds: number[]): Promise<number[]> {
  if (chatIds.length === 0) return [];
  const r = await db.select({ id: assistantMessages.id }).from(assistantMessages)
    .where(and(inArray(assistantMessages.chatId, chatIds), eq(assistantMessages.status, "RUNNING")));
  return r.map((x) => x.id);
}

// ---- messages

export async function messagesOf(db: DbOrTx, chatId: number): Promise<MessageRow[]> {
  return await db.select().from(assistantMessages).where(eq(assistantMessages.chatId, chatId)).orderBy(asc(assistantMessages.id));
}

export async function findMessage(db: DbOrTx, chatId: number, id: number): Promise<MessageRow | null> {
  const [r] = await db.select().from(assistantMessages).where(and(eq(assistantMessages.chatId, chatId), eq(assistantMessages.id, id)));
  return r ?? null;
}

export async function messageById(db: DbOrTx, id: number): Promise<MessageRow | null> {
  const [r] = await db.select().from(assistantMessages).where(eq(assistantMessages.id, id));
  return r ?? null;
}

/** The last `turns` ended messages of the chat before message `beforeId`, oldest first. */
export async function history(db: DbOrTx, chatId: number, beforeId: number, turns: number): Promise<MessageRow[]> {
  const rows = await db.select().from(assistantMessages)
    .where(and(eq(assistantMessages.chatId, chatId), lt(assistantMessages.id, beforeId), or(eq(assistantMessages.status, "DONE"), eq(assistantMessages.status, "STOPPED"))))
    .orderBy(desc(assistantMessages.id)).limit(turns);
  return rows.reverse();
}

export async function insertMessage(db: DbOrTx, row: typeof assistantMessages.$inferInsert): Promise<MessageRow> {
  const [r] = await db.insert(assistantMessages).values(row).returning();
  return r;
}

/** Writes the answer so far of a RUNNING message; false when it is no longer running (stopped elsewhere). */
export async function flushAnswer(db: DbOrTx, id: number, answer: string, toolCalls: unknown[], now: Date): Promise<boolean> {
  const r = await db.update(assistantMessages).set({ answer, toolCalls, updatedAt: now })
    .where(and(eq(assistantMessages.id, id), eq(assistantMessages.status, "RUNNING"))).returning({ id: assistantMessages.id });
  return r.length > 0;
}

export async function statusOf(db: DbOrTx, id: number): Promise<string | null> {
  const [r] = await db.select({ status: assistantMessages.status }).from(assistantMessages).where(eq(assistantMessages.id, id));
  return r?.status ?? null;
}

/** Ends a RUNNING message; null when it had already ended. */
export async function endMessage(
  db: DbOrTx, id: number, set: { status: string; answer?: string; errorCode?: string | null; toolCalls?: unknown[] }, now: Date,
): Promise<MessageRow | null> {
  const [r] = await db.update(assistantMessages).set({ ...set, updatedAt: now })
    .where(and(eq(assistantMessages.id, id), eq(assistantMessages.status, "RUNNING"))).returning();
  return r ?? null;
}

/** The answer text of a message stopped elsewhere, written by the instance that generated it. */
export async function writeStoppedAnswer(db: DbOrTx, id: number, instanceId: string, answer: string, toolCalls: unknown[]): Promise<void> {
  await db.update(assistantMessages).set({ answer, toolCalls })
    .where(and(eq(assistantMessages.id, id), eq(assistantMessages.status, "STOPPED"), eq(assistantMessages.instanceId, instanceId)));
}

/** RUNNING messages nobody has written to since `before` (their instance died): FAILED. */
export async function failStale(
  db: DbOrTx, before: Date, now: Date, errorCode: string, exceptInstance: string,
): Promise<{ id: number; chatId: number; userId: number }[]> {
  const rows = await db.execute<{ id: string; chat_id: string; user_id: string }>(sql`
    update ${assistantMessages} m set status = 'FAILED', error_code = ${errorCode}, updated_at = ${now.toISOString()}::timestamptz
    from ${assistantChats} c
    where m.status = 'RUNNING' and m.updated_at < ${before.toISOString()}::timestamptz and c.id = m.chat_id
      and m.instance_id is distinct from ${exceptInstance}
    returning m.id, m.chat_id, c.user_id`);
  return rows.map((r) => ({ id: Number(r.id), chatId: Number(r.chat_id), userId: Number(r.user_id) }));
}

export async function usernameOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [r] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return r?.username ?? null;
}

export async function userBrief(db: DbOrTx, companyId: number, userId: number) {
  const [r] = await db.select({ displayName: users.displayName, username: users.username, position: users.position, jobGrade: users.jobGrade, languageType: users.languageType })
    .from(users).where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return r ?? null;
}
