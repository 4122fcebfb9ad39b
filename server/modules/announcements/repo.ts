// Queries of announcements, always scoped by the company.
import { and, count, desc, eq, gt, max } from "drizzle-orm";
import { announcements } from "../../../db/schema/announcements.ts";
import type { DbOrTx } from "../../../db/client.ts";

export type AnnouncementRow = typeof announcements.$inferSelect;

const newestFirst = [desc(announcements.registeredAt), desc(announcements.id)];

export async function page(db: DbOrTx, companyId: number, limit: number, offset: number) {
  const where = eq(announcements.companyId, companyId);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(announcements).where(where).orderBy(...newestFirst).limit(limit).offset(offset),
    db.select({ n: count() }).from(announcements).where(where),
  ]);
  return { rows, total: n };
}

export async function find(db: DbOrTx, companyId: number, id: number): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(and(eq(announcements.companyId, companyId), eq(announcements.id, id)));
  return row;
}

export async function registeredAfter(db: DbOrTx, companyId: number, after: Date, limit: number): Promise<AnnouncementRow[]> {
  return await db.select().from(announcements)
    .where(and(eq(announcements.companyId, companyId), gt(announcements.registeredAt, after)))
    .orderBy(...newestFirst).limit(limit);
}

export async function countAfter(db: DbOrTx, companyId: number, after: Date): Promise<{ n: number; latest: Date | null }> {
  const [row] = await db.select({ n: count(), latest: max(announcements.registeredAt) }).from(announcements)
    .where(and(eq(announcements.companyId, companyId), gt(announcements.registeredAt, after)));
  return { n: row.n, latest: row.latest ? new Date(row.latest) : null };
}

export async function insert(db: DbOrTx, values: typeof announcements.$inferInsert): Promise<AnnouncementRow> {
  const [row] = await db.insert(announcements).values(values).returning();
  return row;
}

export async function update(
  db: DbOrTx, companyId: number, id: number, values: Pick<AnnouncementRow, "title" | "contents" | "updatedAt">,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db.update(announcements).set(values)
    .where(and(eq(announcements.companyId, companyId), eq(announcements.id, id))).returning();
  return row;
}

export async function remove(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const rows = await db.delete(announcements).where(and(eq(announcements.companyId, companyId), eq(announcements.id, id)))
    .returning({ id: announcements.id });
  return rows.length > 0;
}
