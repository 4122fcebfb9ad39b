// Sign-up verification codes.
import { and, desc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { signupVerifications } from "../../../db/schema/index.ts";
import type { DbOrTx } from "../../../db/client.ts";

export type VerificationRow = typeof signupVerifications.$inferSelect;

export async function latestFor(db: DbOrTx, email: string): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(signupVerifications).where(eq(signupVerifications.email, email))
    .orderBy(desc(signupVerifications.createdAt)).limit(1);
  return row;
}

export async function countSince(db: DbOrTx, email: string, since: Date): Promise<number> {
  const rows = await db.select({ id: signupVerifications.id }).from(signupVerifications)
    .where(and(eq(signupVerifications.email, email), gte(signupVerifications.createdAt, since)));
  return rows.length;
}

export async function insert(db: DbOrTx, values: typeof signupVerifications.$inferInsert) {
  await db.insert(signupVerifications).values(values);
}

export async function update(db: DbOrTx, id: string, values: Partial<typeof signupVerifications.$inferInsert>) {
  await db.update(signupVerifications).set(values).where(eq(signupVerifications.id, id));
}

export async function findByToken(db: DbOrTx, email: string, tokenHash: string) {
  const [row] = await db.select().from(signupVerifications).where(and(
    eq(signupVerifications.email, email),
    eq(signupVerifications.tokenHash, tokenHash),
    isNull(signupVerifications.usedAt),
  ));
  return row;
}

/** Marks the token spent; false when another request spent it first. */
export async function spend(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db.update(signupVerifications).set({ usedAt: now })
    .where(and(eq(signupVerifications.id, id), isNull(signupVerifications.usedAt))).returning({ id: signupVerifications.id });
  return rows.length === 1;
}

export async function remove(db: DbOrTx, id: string) {
  await db.delete(signupVerifications).where(eq(signupVerifications.id, id));
}

/** Counts one try at the code, atomically; null when the code is used up or verified already. */
export async function claimTry(db: DbOrTx, id: string, max: number): Promise<number | null> {
  const rows = await db.update(signupVerifications)
    .set({ attempts: sql`${signupVerifications.attempts} + 1` })
    .where(and(eq(signupVerifications.id, id), lt(signupVerifications.attempts, max), isNull(signupVerifications.verifiedAt)))
    .returning({ attempts: signupVerifications.attempts });
  return rows[0]?.attempts ?? null;
}
