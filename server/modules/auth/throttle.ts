// Sign-in throttling: failures counted per account and per client address in a sliding window.
import { and, count, eq, gte, inArray, lt, min } from "drizzle-orm";
import { loginFailures } from "../../../db/schema/index.ts";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_MINUTES } from "../../../shared/auth.ts";
import type { AppDeps } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;

export const accountKey = (username: string) => `u:${username}`;
export const ipKey = (ip: string) => `ip:${ip}`;

async function blockedFor(deps: AppDeps, key: string, max: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const [row] = await deps.db
    .select({ n: count(), first: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gte(loginFailures.at, since)));
  if (row.n < max || !row.first) return 0;
  return Math.max(1, Math.ceil((new Date(row.first).getTime() + WINDOW_MS - now.getTime()) / 1000));
}

/** Throws 429 auth.too_many_attempts while either the account or the address is over its limit. */
export async function assertNotThrottled(deps: AppDeps, username: string, ip: string) {
  const now = deps.clock.now();
  const [a, b] = await Promise.all([
    blockedFor(deps, accountKey(username), LOGIN_MAX_FAILURES_PER_ACCOUNT, now),
    blockedFor(deps, ipKey(ip), LOGIN_MAX_FAILURES_PER_IP, now),
  ]);
  const wait = Math.max(a, b);
  if (wait > 0) throw new AppError(429, "auth.too_many_attempts", { retryAfterSeconds: wait });
}

export async function recordFailure(deps: AppDeps, username: string, ip: string) {
  const now = deps.clock.now();
  await deps.db.insert(loginFailures).values([{ key: accountKey(username), at: now }, { key: ipKey(ip), at: now }]);
  // Forget what fell out of the window for these keys.
  await deps.db.delete(loginFailures).where(and(
    inArray(loginFailures.key, [accountKey(username), ipKey(ip)]),
    lt(loginFailures.at, new Date(now.getTime() - WINDOW_MS)),
  ));
}

/**
 * The same sliding-window throttle for any failure key (e.g. "link:<id>:<ip>" for share-link passwords):
 * throws 429 `code` once `max` failures of the key fall in the window.
 */
export async function assertKeyNotThrottled(deps: AppDeps, key: string, max: number, code: `${string}.${string}` = "auth.too_many_attempts") {
  const wait = await blockedFor(deps, key, max, deps.clock.now());
  if (wait > 0) throw new AppError(429, code, { retryAfterSeconds: wait });
}

export async function recordKeyFailure(deps: AppDeps, key: string) {
  const now = deps.clock.now();
  await deps.db.insert(loginFailures).values({ key, at: now });
  await deps.db.delete(loginFailures).where(and(eq(loginFailures.key, key), lt(loginFailures.at, new Date(now.getTime() - WINDOW_MS))));
}

export async function clearAccountFailures(deps: AppDeps, username: string) {
  await deps.db.delete(loginFailures).where(eq(loginFailures.key, accountKey(username)));
}
