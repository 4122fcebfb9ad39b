// The maildrop lock (RFC 1939 §8: one POP3 session per mailbox at a time, else -ERR [IN-USE]). It lives in
// PostgreSQL (mail_pop3_locks), so it holds across server instances on one database: a row per locked mailbox
// with the holding session's token and the end of a lease the session renews while it lives. A session that
// ends deletes its row; the row of a session whose instance died stays until its lease runs out, and then any
// session may take it over. Times are the database's own (now()), so the instances' clocks do not matter.
// QUIT's UPDATE state applies the DELE marks only while the row is still the session's (heldIn, in the
// UPDATE's transaction): a session that lost its lock (its instance stalled past the lease, and another
// session took the mailbox) removes nothing.
import { and, eq, sql } from "drizzle-orm";
import { mailPop3Locks } from "../../../../db/schema/mail-clients.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { AppDeps } from "../../../lib/context.ts";

/** How long a lock lasts without renewal: how long a mailbox stays locked after its instance died. */
export const LEASE_SECONDS = 180;
/** How often a live session renews its lease. */
const RENEW_MS = 60_000;

const lease = () => sql`now() + make_interval(secs => ${LEASE_SECONDS})`;

/** QUIT found the lock gone: the DELE marks were not applied. */
export class MaildropLockLost extends Error {
  constructor() {
    super("the maildrop lock is no longer this session's");
  }
}

export class MaildropLock {
  #timer: ReturnType<typeof setInterval> | undefined;
  #released: Promise<void> | null = null;

  private constructor(private readonly deps: AppDeps, readonly userId: number, private readonly token: string) {}

  /** Takes the user's maildrop lock; null while a live session (on any instance) holds it. */
  static async take(deps: AppDeps, user: { userId: number; companyId: number }): Promise<MaildropLock | null> {
    const { userId, companyId } = user;
    const token = crypto.randomUUID();
    const got = await deps.db.insert(mailPop3Locks).values({ userId, companyId, token, expiresAt: lease() })
      .onConflictDoUpdate({
        target: mailPop3Locks.userId,
        set: { token, expiresAt: lease() },
        setWhere: sql`${mailPop3Locks.expiresAt} <= now()`,
      })
      .returning({ userId: mailPop3Locks.userId });
    if (!got.length) return null;
    const lock = new MaildropLock(deps, userId, token);
    lock.#timer = setInterval(() => {
      lock.renew().then((held) => {
        if (held || lock.#released) return;
        clearInterval(lock.#timer);
        deps.log.warn(`pop3: the maildrop lock of user ${userId} was lost`);
      }, (e) => deps.log.warn(`pop3: renewing the maildrop lock of user ${userId} failed: ${(e as Error).message}`));
    }, RENEW_MS);
    Deno.unrefTimer(lock.#timer as unknown as number);
    return lock;
  }

  /** Extends the lease; false when the row is no longer this session's. */
  async renew(): Promise<boolean> {
    if (this.#released) return false;
    const rows = await this.deps.db.update(mailPop3Locks).set({ expiresAt: lease() })
      .where(this.#mine()).returning({ userId: mailPop3Locks.userId });
    return rows.length > 0;
  }

  /** In a transaction: whether the lock is still this session's; its row then stays locked until the end. */
  async heldIn(tx: DbOrTx): Promise<boolean> {
    const rows = await tx.select({ userId: mailPop3Locks.userId }).from(mailPop3Locks).where(this.#mine()).for("update");
    return rows.length > 0;
  }

  /** Ends the lock (its row goes); once, however often it is called. */
  release(): Promise<void> {
    clearInterval(this.#timer);
    return this.#released ??= this.deps.db.delete(mailPop3Locks).where(this.#mine()).then(() => {});
  }

  #mine() {
    return and(eq(mailPop3Locks.userId, this.userId), eq(mailPop3Locks.token, this.token));
  }
}
