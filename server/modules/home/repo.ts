// The home dashboard's queries (home_configs, home_bookmarks, home_company_defaults). Every query is scoped by
// the company and, for a person's rows, by their user id; the services decide.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { homeBookmarks, homeCompanyDefaults, homeConfigs } from "../../../db/schema/home.ts";
import type { Widget } from "../../../shared/home/widgets.ts";

export type ConfigRow = typeof homeConfigs.$inferSelect;
export type BookmarkRow = typeof homeBookmarks.$inferSelect;

export async function findConfig(db: DbOrTx, companyId: number, userId: number): Promise<ConfigRow | undefined> {
  const [row] = await db.select().from(homeConfigs).where(and(eq(homeConfigs.companyId, companyId), eq(homeConfigs.userId, userId)));
  return row;
}

/** The company's own default layout, when an admin set one. */
export async function companyDefault(db: DbOrTx, companyId: number): Promise<Widget[] | null> {
  const [row] = await db.select({ widgets: homeCompanyDefaults.widgets }).from(homeCompanyDefaults)
    .where(eq(homeCompanyDefaults.companyId, companyId));
  return row?.widgets ?? null;
}

export async function setCompanyDefault(db: DbOrTx, companyId: number, widgets: Widget[] | null, now: Date): Promise<void> {
  if (widgets === null) {
    await db.delete(homeCompanyDefaults).where(eq(homeCompanyDefaults.companyId, companyId));
    return;
  }
  await db.insert(homeCompanyDefaults).values({ companyId, widgets, updatedAt: now })
    .onConflictDoUpdate({ target: homeCompanyDefaults.companyId, set: { widgets, updatedAt: now } });
}

/** The user's layout (null: back to the company's default). */
export async function setWidgets(db: DbOrTx, companyId: number, userId: number, widgets: Widget[] | null, now: Date): Promise<void> {
  await db.insert(homeConfigs).values({ userId, companyId, widgets, updatedAt: now })
    .onConflictDoUpdate({ target: homeConfigs.userId, set: { widgets, updatedAt: now }, where: eq(homeConfigs.companyId, companyId) });
}

export async function setNotepad(db: DbOrTx, companyId: number, userId: number, notepad: string, now: Date): Promise<void> {
  await db.insert(homeConfigs).values({ userId, companyId, notepad, notepadUpdatedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: homeConfigs.userId,
      set: { notepad, notepadUpdatedAt: now, updatedAt: now },
      where: eq(homeConfigs.companyId, companyId),
    });
}

export async function bookmarksOf(db: DbOrTx, companyId: number, userId: number): Promise<BookmarkRow[]> {
  return await db.select().from(homeBookmarks)
    .where(and(eq(homeBookmarks.companyId, companyId), eq(homeBookmarks.userId, userId))).orderBy(asc(homeBookmarks.id));
}

/** Adds a bookmark unless the user already keeps `max` (undefined then). One statement, under the user's
 *  advisory lock so two adds at once cannot both pass the count. */
export async function insertBookmark(
  db: Db, v: { companyId: number; userId: number; link: string; title: string; now: Date }, max: number,
): Promise<BookmarkRow | undefined> {
  return await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`home_bookmarks:${v.userId}`}, 0))`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(homeBookmarks)
      .where(and(eq(homeBookmarks.companyId, v.companyId), eq(homeBookmarks.userId, v.userId)));
    if (n >= max) return undefined;
    const [row] = await tx.insert(homeBookmarks)
      .values({ companyId: v.companyId, userId: v.userId, link: v.link, title: v.title, createdAt: v.now }).returning();
    return row;
  });
}

export async function updateBookmark(
  db: DbOrTx, companyId: number, userId: number, id: number, v: { link: string; title: string },
): Promise<BookmarkRow | undefined> {
  const [row] = await db.update(homeBookmarks).set(v)
    .where(and(eq(homeBookmarks.companyId, companyId), eq(homeBookmarks.userId, userId), eq(homeBookmarks.id, id))).returning();
  return row;
}

export async function deleteBookmark(db: DbOrTx, companyId: number, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(homeBookmarks)
    .where(and(eq(homeBookmarks.companyId, companyId), eq(homeBookmarks.userId, userId), eq(homeBookmarks.id, id)))
    .returning({ id: homeBookmarks.id });
  return rows.length > 0;
}

/** The active users of the company whose home shows the company's default layout (no layout of their own). */
export async function usersOnDefault(db: DbOrTx, companyId: number): Promise<string[]> {
  const rows = await db.execute<{ username: string }>(sql`
    select u.username from users u left join home_configs h on h.user_id = u.id
    where u.company_id = ${companyId} and u.status = 'ACTIVE' and h.widgets is null`);
  return rows.map((r) => r.username);
}
