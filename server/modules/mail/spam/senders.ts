// The block and allow lists (shared/mail/spam-lists.ts): the user's own entries, which they add (directly or
// by "unsubscribe") and remove, and the company's block list, which the company's admin manages and users
// only see. Duplicates answer 409; a list holds at most MAX_SENDER_LIST_ENTRIES.
import { and, asc, count, eq, inArray, isNull, or } from "drizzle-orm";
import { mailSenderLists } from "../../../../db/schema/index.ts";
import {
  MAX_SENDER_LIST_ENTRIES, type SenderEntry, type SenderKind, type SenderList,
} from "../../../../shared/mail/spam-lists.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { companyDomainNames } from "../../company/service.ts";

type Row = typeof mailSenderLists.$inferSelect;

const toEntry = (r: Row): SenderEntry => ({
  id: r.id,
  kind: r.kind as SenderKind,
  pattern: r.pattern,
  company: r.userId === null,
  createdAt: r.createdAt.toISOString(),
});

/** Whose list: a user's (userId) or the company's (null). */
const owner = (companyId: number, userId: number | null) =>
  and(eq(mailSenderLists.companyId, companyId), userId === null ? isNull(mailSenderLists.userId) : eq(mailSenderLists.userId, userId))!;

/** The user's entries of one kind, then the company's (read-only), each oldest first. */
export async function listSenders(caller: Caller, kind: SenderKind): Promise<SenderList> {
  const { companyId, userId } = caller.auth;
  const rows = await caller.deps.db.select().from(mailSenderLists)
    .where(and(eq(mailSenderLists.companyId, companyId), eq(mailSenderLists.kind, kind),
      or(eq(mailSenderLists.userId, userId), isNull(mailSenderLists.userId))))
    .orderBy(asc(mailSenderLists.userId), asc(mailSenderLists.id));
  const own = rows.filter((r) => r.userId !== null);
  return { kind, senders: [...own, ...rows.filter((r) => r.userId === null)].map(toEntry) };
}

/** Adds a pattern to a list (the user's, or the company's when userId is null). */
export async function addSender(db: DbOrTx, companyId: number, userId: number | null, kind: SenderKind, pattern: string): Promise<SenderEntry> {
  const [{ n }] = await db.select({ n: count() }).from(mailSenderLists)
    .where(and(owner(companyId, userId), eq(mailSenderLists.kind, kind)));
  if (n >= MAX_SENDER_LIST_ENTRIES) throw new AppError(400, "mail.sender_list_full");
  try {
    const [row] = await db.insert(mailSenderLists).values({ companyId, userId, kind, pattern }).returning();
    return toEntry(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(409, "mail.sender_duplicate");
    throw e;
  }
}

/** Adds to the caller's own list; their own address cannot be blocked. */
export function addOwnSender(caller: Caller, kind: SenderKind, pattern: string): Promise<SenderEntry> {
  if (kind === "BLOCK" && pattern === caller.auth.username.toLowerCase()) throw new AppError(400, "mail.sender_self");
  return addSender(caller.deps.db, caller.auth.companyId, caller.auth.userId, kind, pattern);
}

/** Removes entries of one list; any id not on it (another user's, the company's, missing) answers 404. */
export async function removeSenders(db: DbOrTx, companyId: number, userId: number | null, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const gone = await tx.delete(mailSenderLists)
      .where(and(owner(companyId, userId), inArray(mailSenderLists.id, unique))).returning({ id: mailSenderLists.id });
    if (gone.length !== unique.length) throw notFound();
  });
}

/**
 * Adds to the company's block list (admin). The company's own domains, and addresses at them, cannot be blocked:
 * every colleague's mail to every colleague would go to spam, and users cannot recover what the company blocks.
 */
export async function addCompanySender(caller: Caller, pattern: string): Promise<SenderEntry> {
  // A domain pattern covers its subdomains too (inbound/sender-lists.ts): "@co.kr" would block "acme.co.kr".
  const domain = pattern.slice(pattern.lastIndexOf("@") + 1);
  const covers = (own: string) => own === domain || (pattern.startsWith("@") && own.endsWith(`.${domain}`));
  if ((await companyDomainNames(caller.deps, caller.auth.companyId)).some(covers)) {
    throw new AppError(400, "mail.sender_own_domain");
  }
  return addSender(caller.deps.db, caller.auth.companyId, null, "BLOCK", pattern);
}

/** The company's block list (admin). */
export async function listCompanySenders(caller: Caller): Promise<SenderList> {
  const rows = await caller.deps.db.select().from(mailSenderLists)
    .where(and(owner(caller.auth.companyId, null), eq(mailSenderLists.kind, "BLOCK"))).orderBy(asc(mailSenderLists.id));
  return { kind: "BLOCK", senders: rows.map(toEntry) };
}
