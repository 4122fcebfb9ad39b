// User queries. Every lookup by id is scoped by company.
import { and, asc, count, desc, eq, gte, isNull, lt, or } from "drizzle-orm";
import { accessHistory, organizationMembers, organizations, passwordHistory, users, userServiceConfigs } from "../../../db/schema/index.ts";
import type { DbOrTx } from "../../../db/client.ts";

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: DbOrTx, companyId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: DbOrTx, companyId: number, id: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(and(eq(users.companyId, companyId), eq(users.id, id)));
}

/** Records `step` as the last TOTP step used, unless an equal or later one was used already. */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db.update(users).set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function organRelations(db: DbOrTx, companyId: number, userId: number) {
  return await db
    .select({ organId: organizationMembers.organId, organName: organizations.name, manager: organizationMembers.isManager })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organId))
    .where(and(eq(organizationMembers.companyId, companyId), eq(organizationMembers.userId, userId)))
    .orderBy(asc(organizations.sortOrder), asc(organizations.id));
}

export async function findServiceConfig(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(userServiceConfigs).where(eq(userServiceConfigs.userId, userId));
  return row;
}

export async function upsertServiceConfig(
  db: DbOrTx,
  values: { userId: number; companyId: number; firstScreenModuleType: string; tutorials: Record<string, boolean> },
) {
  await db.insert(userServiceConfigs).values(values).onConflictDoUpdate({
    target: userServiceConfigs.userId,
    set: { firstScreenModuleType: values.firstScreenModuleType, tutorials: values.tutorials },
  });
}

export async function insertPasswordHistory(db: DbOrTx, values: typeof passwordHistory.$inferInsert) {
  await db.insert(passwordHistory).values(values);
}

export async function passwordHashesSince(db: DbOrTx, userId: number, since: Date): Promise<string[]> {
  const rows = await db
    .select({ h: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(and(eq(passwordHistory.userId, userId), gte(passwordHistory.changedAt, since)));
  return rows.map((r) => r.h);
}

export async function passwordHistoryPage(db: DbOrTx, userId: number, since: Date, limit: number, offset: number) {
  const where = and(eq(passwordHistory.userId, userId), gte(passwordHistory.changedAt, since));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: passwordHistory.id, changeType: passwordHistory.changeType, ip: passwordHistory.ip, changedAt: passwordHistory.changedAt })
      .from(passwordHistory)
      .where(where)
      .orderBy(desc(passwordHistory.changedAt), desc(passwordHistory.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(passwordHistory).where(where),
  ]);
  return { rows, total: n };
}

export async function insertAccessHistory(db: DbOrTx, values: typeof accessHistory.$inferInsert) {
  await db.insert(accessHistory).values(values);
}

export async function accessHistoryPage(db: DbOrTx, userId: number, since: Date, limit: number, offset: number) {
  const where = and(eq(accessHistory.userId, userId), gte(accessHistory.at, since));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: accessHistory.id, action: accessHistory.action, ip: accessHistory.ip, userAgent: accessHistory.userAgent, at: accessHistory.at })
      .from(accessHistory)
      .where(where)
      .orderBy(desc(accessHistory.at), desc(accessHistory.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(accessHistory).where(where),
  ]);
  return { rows, total: n };
}
