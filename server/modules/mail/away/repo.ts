// Queries of the away reply config (mail_away_configs): one row per user.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailAwayConfigs } from "../../../../db/schema/mail-settings.ts";

export type AwayRow = typeof mailAwayConfigs.$inferSelect;

export async function awayOf(db: DbOrTx, userId: number): Promise<AwayRow | undefined> {
  const [row] = await db.select().from(mailAwayConfigs).where(eq(mailAwayConfigs.userId, userId));
  return row;
}

export async function saveAway(db: DbOrTx, row: typeof mailAwayConfigs.$inferInsert): Promise<AwayRow> {
  const { userId: _u, companyId: _c, ...set } = row;
  const [saved] = await db.insert(mailAwayConfigs).values(row).onConflictDoUpdate({ target: mailAwayConfigs.userId, set }).returning();
  return saved;
}
