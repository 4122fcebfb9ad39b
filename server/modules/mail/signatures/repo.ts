// Queries of the signatures (db mail_signatures): every one scoped by the user (and company) of the caller.
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailSignatures } from "../../../../db/schema/mail-settings.ts";
import { users } from "../../../../db/schema/users.ts";
import type { Signature, SignatureBody, SignatureUse, SignStyle } from "../../../../shared/mail/signatures.ts";

export interface Owner {
  userId: number;
  companyId: number;
}

const COLUMNS = {
  id: mailSignatures.id,
  title: mailSignatures.title,
  signStyle: mailSignatures.signStyle,
  contents: mailSignatures.contents,
  useNewMail: mailSignatures.useNewMail,
  useReplyForward: mailSignatures.useReplyForward,
};

const mine = (o: Owner) => and(eq(mailSignatures.userId, o.userId), eq(mailSignatures.companyId, o.companyId));
const oneOfMine = (o: Owner, id: number) => and(mine(o), eq(mailSignatures.id, id));
const asSignature = (r: { signStyle: string } & Omit<Signature, "signStyle">): Signature => ({ ...r, signStyle: r.signStyle as SignStyle });

export async function listSignatures(db: DbOrTx, o: Owner): Promise<Signature[]> {
  const rows = await db.select(COLUMNS).from(mailSignatures).where(mine(o)).orderBy(asc(mailSignatures.id));
  return rows.map(asSignature);
}

/** Locks the user's row so that two adds at once cannot pass the limit together. */
export async function lockOwner(tx: DbOrTx, o: Owner): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, o.userId)).for("update");
}

export async function countSignatures(db: DbOrTx, o: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailSignatures).where(mine(o));
  return Number(row?.n ?? 0);
}

export async function insertSignature(db: DbOrTx, o: Owner, values: SignatureBody, now: Date): Promise<Signature> {
  const [row] = await db.insert(mailSignatures).values({ ...o, ...values, createdAt: now }).returning(COLUMNS);
  return asSignature(row);
}

export async function updateSignature(db: DbOrTx, o: Owner, id: number, values: SignatureBody): Promise<Signature | null> {
  const [row] = await db.update(mailSignatures).set(values).where(oneOfMine(o, id)).returning(COLUMNS);
  return row ? asSignature(row) : null;
}

/** Sets one default on or off; turning it on clears it on the user's other signatures. */
export async function setUse(tx: DbOrTx, o: Owner, id: number, use: SignatureUse, on: boolean): Promise<boolean> {
  const column = use === "useNewMail" ? mailSignatures.useNewMail : mailSignatures.useReplyForward;
  const [row] = await tx.update(mailSignatures).set({ [use]: on }).where(oneOfMine(o, id)).returning({ id: mailSignatures.id });
  if (!row) return false;
  if (on) await tx.update(mailSignatures).set({ [use]: false }).where(and(mine(o), ne(mailSignatures.id, id), eq(column, true)));
  return true;
}

export async function findSignature(db: DbOrTx, o: Owner, id: number): Promise<Signature | null> {
  const [row] = await db.select(COLUMNS).from(mailSignatures).where(oneOfMine(o, id));
  return row ? asSignature(row) : null;
}

export async function deleteSignature(db: DbOrTx, o: Owner, id: number): Promise<boolean> {
  const rows = await db.delete(mailSignatures).where(oneOfMine(o, id)).returning({ id: mailSignatures.id });
  return rows.length > 0;
}
