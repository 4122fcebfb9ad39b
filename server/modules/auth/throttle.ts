// Throttling of guesses (sign-in per account and client address, link passwords, code mails): attempts
// counted per key in a sliding window (15 minutes unless a limit names its own). An attempt is RESERVED before the slow check runs — its row is
// inserted first and the count includes it — so parallel requests cannot all slip under the limit; the row
// of an attempt that succeeds is removed again, a failed one stays as the failure record.
import { and, asc, count, eq, gte, inArray, lt, max as newest, or } from "drizzle-orm";
import { loginFailures } from "../../../db/schema/index.ts";
import {
  LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_MINUTES,
} from "../../../shared/auth.ts";
import type { AppDeps } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;
/** The longest window any key may use: records older than this count for nothing and are purged. */
export const MAX_WINDOW_MS = 24 * 60 * 60_000;

export const accountKey = (username: string) => `u:${username}`;
export const ipKey = (ip: string) => `ip:${ip}`;
export const accountIpKey = (username: string, ip: string) => `uip:${username}|${ip}`;

export interface Limit {
  key: string;
  max: number;
  /** The sliding window of this key; LOGIN_WINDOW_MINUTES when not given, at most MAX_WINDOW_MS. */
  windowMs?: number;
}

/** A reserved attempt: `release()` when it succeeded (or did not count), keep it when it failed. */
export interface Attempt {
  release(): Promise<void>;
}

async function waitSeconds(deps: AppDeps, { key, max, windowMs = WINDOW_MS }: Limit, now: Date): Promise<number> {
  const since = new Date(now.getTime() - windowMs);
  const n = (await deps.db.select({ n: count() }).from(loginFailures).where(and(eq(loginFailures.key, key), gte(loginFailures.at, since))))[0].n;
  if (n <= max) return 0;
  // The window frees a place when the oldest of the attempts beyond `max` (counting back from the newest)
  // leaves it: the (n - max)-th oldest in the window.
  const rows = await deps.db.select({ at: loginFailures.at }).from(loginFailures)
    .where(and(eq(loginFailures.key, key), gte(loginFailures.at, since)))
    .orderBy(asc(loginFailures.at), asc(loginFailures.id)).offset(n - max - 1).limit(1);
  const first = rows[0]?.at ?? now;
  return Math.max(1, Math.ceil((new Date(first).getTime() + windowMs - now.getTime()) / 1000));
}

/** Removes the attempts of these keys that have left their windows, in one statement. */
async function pruneOld(deps: AppDeps, keys: Pick<Limit, "key" | "windowMs">[], now: Date) {
  await deps.db.delete(loginFailures).where(or(
    ...keys.map((l) => and(eq(loginFailures.key, l.key), lt(loginFailures.at, new Date(now.getTime() - (l.windowMs ?? WINDOW_MS))))),
  ));
}

/**
 * Reserves one attempt on every key; throws 429 `code` (params retryAfterSeconds and retryAt, the ISO time;
 * the error renderer adds Retry-After) when any key already holds
 * `max` attempts in the window. Old rows of these keys are pruned on the way.
 */
export async function reserveAttempt(
  deps: AppDeps,
  limits: Limit[],
  code: `${string}.${string}` = "auth.too_many_attempts",
): Promise<Attempt> {
  const now = deps.clock.now();
  const keys = limits.map((l) => l.key);
  await pruneOld(deps, limits, now);
  const ids = (await deps.db.insert(loginFailures).values(keys.map((key) => ({ key, at: now }))).returning({ id: loginFailures.id }))
    .map((r) => r.id);
  const release = async () => {
    await deps.db.delete(loginFailures).where(inArray(loginFailures.id, ids));
  };
  const waits = await Promise.all(limits.map((l) => waitSeconds(deps, l, now)));
  const wait = Math.max(...waits);
  if (wait > 0) {
    await release();
    throw new AppError(429, code, { retryAfterSeconds: wait, retryAt: new Date(now.getTime() + wait * 1000).toISOString() });
  }
  return { release };
}

/**
 * Sign-in: one attempt on the account from this client address (the lock a few wrong passwords cause, so a
 * stranger elsewhere cannot lock the owner out), on the account from all addresses together (a much higher
 * ceiling against guessing from many addresses), and on the client address for every account.
 */
export function reserveSignIn(deps: AppDeps, username: string, ip: string): Promise<Attempt> {
  return reserveAttempt(deps, [
    { key: accountIpKey(username, ip), max: LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP },
    { key: accountKey(username), max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
    { key: ipKey(ip), max: LOGIN_MAX_FAILURES_PER_IP },
  ]);
}

/** After a successful sign-in: the account's failures (from this address and in total) are forgotten. */
export async function clearAccountFailures(deps: AppDeps, username: string, ip: string) {
  await deps.db.delete(loginFailures).where(inArray(loginFailures.key, [accountKey(username), accountIpKey(username, ip)]));
}

/** Attempts of `key` within the last `windowMs`: how many, and when the newest was. */
export async function recentAttempts(deps: AppDeps, key: string, windowMs = WINDOW_MS): Promise<{ n: number; last: Date | null }> {
  const [row] = await deps.db.select({ n: count(), last: newest(loginFailures.at) }).from(loginFailures)
    .where(and(eq(loginFailures.key, key), gte(loginFailures.at, new Date(deps.clock.now().getTime() - windowMs))));
  return { n: row.n, last: row.last ? new Date(row.last) : null };
}

/** Records one attempt of `key` now, pruning the key's attempts older than `windowMs`. */
export async function recordAttempt(deps: AppDeps, key: string, windowMs = WINDOW_MS) {
  const now = deps.clock.now();
  await pruneOld(deps, [{ key, windowMs }], now);
  await deps.db.insert(loginFailures).values({ key, at: now });
}

export async function forgetAttempts(deps: AppDeps, keys: string[]) {
  await deps.db.delete(loginFailures).where(inArray(loginFailures.key, keys));
}

/**
 * The hourly job: removes records past every window. Reservations prune only their own keys, so records of
 * addresses and accounts never seen again would otherwise stay for good. Answers how many went.
 */
export async function purgeOldAttempts(deps: AppDeps): Promise<number> {
  const gone = await deps.db.delete(loginFailures).where(lt(loginFailures.at, new Date(deps.clock.now().getTime() - MAX_WINDOW_MS)))
    .returning({ id: loginFailures.id });
  return gone.length;
}
