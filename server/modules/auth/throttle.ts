// Throttling of guesses (sign-in per account and per client address, link passwords, code mails): attempts
// counted per key in a sliding window. An attempt is RESERVED before the slow check runs — its row is
// inserted first and the count includes it — so parallel requests cannot all slip under the limit; the row
// of an attempt that succeeds is removed again, a failed one stays as the failure record.
import { and, count, eq, gte, inArray, lt, min } from "drizzle-orm";
import { loginFailures } from "../../../db/schema/index.ts";
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_MINUTES } from "../../../shared/auth.ts";
import type { AppDeps } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;

export const accountKey = (username: string) => `u:${username}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export interface Limit {
  key: string;
  max: number;
}

/** A reserved attempt: `release()` when it succeeded (or did not count), keep it when it failed. */
export interface Attempt {
  release(): Promise<void>;
}

async function waitSeconds(deps: AppDeps, key: string, max: number, now: Date): Promise<number> {
  const [row] = await deps.db
    .select({ n: count(), first: min(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gte(loginFailures.at, new Date(now.getTime() - WINDOW_MS))));
  if (row.n <= max || !row.first) return 0;
  return Math.max(1, Math.ceil((new Date(row.first).getTime() + WINDOW_MS - now.getTime()) / 1000));
}

/**
 * Reserves one attempt on every key; throws 429 `code` (with retryAfterSeconds) when any key already holds
 * `max` attempts in the window. Old rows of these keys are pruned on the way.
 */
export async function reserveAttempt(
  deps: AppDeps,
  limits: Limit[],
  code: `${string}.${string}` = "auth.too_many_attempts",
): Promise<Attempt> {
  const now = deps.clock.now();
  const keys = limits.map((l) => l.key);
  await deps.db.delete(loginFailures).where(and(inArray(loginFailures.key, keys), lt(loginFailures.at, new Date(now.getTime() - WINDOW_MS))));
  const ids = (await deps.db.insert(loginFailures).values(keys.map((key) => ({ key, at: now }))).returning({ id: loginFailures.id }))
    .map((r) => r.id);
  const release = async () => {
    await deps.db.delete(loginFailures).where(inArray(loginFailures.id, ids));
  };
  const waits = await Promise.all(limits.map((l) => waitSeconds(deps, l.key, l.max, now)));
  const wait = Math.max(...waits);
  if (wait > 0) {
    await release();
    throw new AppError(429, code, { retryAfterSeconds: wait });
  }
  return { release };
}

/** Sign-in: one attempt on the account and on the client address. */
export function reserveSignIn(deps: AppDeps, username: string, ip: string): Promise<Attempt> {
  return reserveAttempt(deps, [
    { key: accountKey(username), max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
    { key: ipKey(ip), max: LOGIN_MAX_FAILURES_PER_IP },
  ]);
}

export async function clearAccountFailures(deps: AppDeps, username: string) {
  await deps.db.delete(loginFailures).where(eq(loginFailures.key, accountKey(username)));
}
