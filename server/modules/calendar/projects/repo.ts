// The user's state of their project calendars (db/schema/calendar-projects.ts): listed, checked, colour.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendarProjectStates } from "../../../../db/schema/calendar-projects.ts";

export type ProjectStateRow = typeof calendarProjectStates.$inferSelect;
export type ProjectStatePatch = Partial<Pick<ProjectStateRow, "subscribed" | "checked" | "color">>;

/** The user's states, by project id. */
export async function statesOf(db: DbOrTx, companyId: number, userId: number): Promise<Map<number, ProjectStateRow>> {
  const rows = await db.select().from(calendarProjectStates)
    .where(and(eq(calendarProjectStates.companyId, companyId), eq(calendarProjectStates.userId, userId)));
  return new Map(rows.map((r) => [r.projectId, r]));
}

export async function upsertState(db: DbOrTx, companyId: number, userId: number, projectId: number, patch: ProjectStatePatch, now: Date) {
  await db.insert(calendarProjectStates).values({ companyId, userId, projectId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: [calendarProjectStates.userId, calendarProjectStates.projectId], set: { ...patch, updatedAt: now } });
}

/** Listed or not, for several projects in one statement. */
export async function setSubscribed(db: DbOrTx, companyId: number, userId: number, listed: Map<number, boolean>, now: Date) {
  if (!listed.size) return;
  await db.insert(calendarProjectStates)
    .values([...listed].map(([projectId, subscribed]) => ({ companyId, userId, projectId, subscribed, updatedAt: now })))
    .onConflictDoUpdate({
      target: [calendarProjectStates.userId, calendarProjectStates.projectId],
      set: { subscribed: sql`excluded.subscribed`, updatedAt: now },
    });
}

/** Every user's state of a project (the project was deleted). */
export async function deleteProject(db: DbOrTx, companyId: number, projectId: number) {
  await db.delete(calendarProjectStates)
    .where(and(eq(calendarProjectStates.companyId, companyId), eq(calendarProjectStates.projectId, projectId)));
}
