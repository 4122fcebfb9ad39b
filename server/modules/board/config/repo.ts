// Queries of the caller's board config (board_user_configs) and the company's tags (board_tags).
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { boardTags, boardUserConfigs } from "../../../../db/schema/index.ts";

export type ConfigRow = typeof boardUserConfigs.$inferSelect;
export type TagRow = typeof boardTags.$inferSelect;

export async function findConfig(db: DbOrTx, companyId: number, userId: number): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(boardUserConfigs)
    .where(and(eq(boardUserConfigs.companyId, companyId), eq(boardUserConfigs.userId, userId)));
  return row;
}

export async function upsertConfig(
  db: DbOrTx,
  companyId: number,
  userId: number,
  values: Partial<Pick<ConfigRow, "postPageSize" | "replyPageSize" | "viewType" | "digest">>,
): Promise<void> {
  await db.insert(boardUserConfigs).values({ companyId, userId, ...values })
    .onConflictDoUpdate({ target: boardUserConfigs.userId, set: values });
}

export async function tagsOf(db: DbOrTx, companyId: number): Promise<TagRow[]> {
  return await db.select().from(boardTags).where(eq(boardTags.companyId, companyId))
    .orderBy(sql`lower(${boardTags.name})`, asc(boardTags.id));
}

export async function findTag(db: DbOrTx, companyId: number, id: number): Promise<TagRow | undefined> {
  const [row] = await db.select().from(boardTags).where(and(eq(boardTags.companyId, companyId), eq(boardTags.id, id)));
  return row;
}

/** Another tag of the company with this name, in any case. */
export async function tagNamed(db: DbOrTx, companyId: number, name: string, except?: number): Promise<TagRow | undefined> {
  const [row] = await db.select().from(boardTags)
    .where(and(
      eq(boardTags.companyId, companyId),
      sql`lower(${boardTags.name}) = lower(${name})`,
      except === undefined ? sql`true` : sql`${boardTags.id} <> ${except}`,
    ));
  return row;
}

export async function tagCount(db: DbOrTx, companyId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(boardTags).where(eq(boardTags.companyId, companyId));
  return Number(r.n);
}

/** Tag changes of a company (the TAGS_MAX count, the unique name) run one at a time. */
export async function lockTags(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`board-tags:${companyId}`}, 0))`);
}

export async function insertTag(db: DbOrTx, values: typeof boardTags.$inferInsert): Promise<TagRow> {
  const [row] = await db.insert(boardTags).values(values).returning();
  return row;
}

export async function updateTag(db: DbOrTx, companyId: number, id: number, values: { name: string; color: string }): Promise<TagRow> {
  const [row] = await db.update(boardTags).set(values).where(and(eq(boardTags.companyId, companyId), eq(boardTags.id, id))).returning();
  return row;
}

/** Deletes the tag (posts lose it: board_post_tags cascades). */
export async function deleteTag(db: DbOrTx, companyId: number, id: number): Promise<void> {
  await db.delete(boardTags).where(and(eq(boardTags.companyId, companyId), eq(boardTags.id, id)));
}
