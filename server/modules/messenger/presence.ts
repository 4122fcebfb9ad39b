// Presence: a user is online while they have an open /ws socket subscribed to the messenger's company topic on
// some instance (socket-rule.ts: the messenger's window subscribes to it). Each instance keeps one
// messenger_presence row per user with its socket count (written on the first socket's open and the last one's
// close, the count refreshed on the others) and refreshes seen_at every minute; a row older than
// PRESENCE_STALE_MS (an instance that died) counts as offline. PRESENCE { userId, online } goes to the company's
// topic when the user's first socket anywhere opens and when their last one closes.
import { and, eq, gt, inArray, lt, ne } from "drizzle-orm";
import { messengerPresence } from "../../../db/schema/messenger.ts";
import type { PresenceAnswer } from "../../../shared/messenger/api.ts";
import { PRESENCE_STALE_MS } from "../../../shared/messenger/constants.ts";
import type { AppDeps, AuthInfo, Caller } from "../../lib/context.ts";
import { publishPresence } from "./realtime.ts";

const HEARTBEAT_MS = 60_000;

interface Tracker {
  counts: Map<number, number>;
  /** Per user: the write in progress, so open and close of one user apply in order. */
  chains: Map<number, Promise<void>>;
  heartbeat?: ReturnType<typeof setInterval>;
}

const trackers = new WeakMap<AppDeps, Tracker>();

function trackerOf(deps: AppDeps): Tracker {
  let t = trackers.get(deps);
  if (!t) trackers.set(deps, t = { counts: new Map(), chains: new Map() });
  return t;
}

const fresh = (deps: AppDeps) => new Date(deps.clock.now().getTime() - PRESENCE_STALE_MS);

function queue(deps: AppDeps, userId: number, work: () => Promise<void>): Promise<void> {
  const t = trackerOf(deps);
  const next = (t.chains.get(userId) ?? Promise.resolve()).then(work).catch((e) => deps.log.warn(`messenger presence: ${e}`));
  t.chains.set(userId, next);
  void next.finally(() => {
    if (t.chains.get(userId) === next) t.chains.delete(userId);
  });
  return next;
}

async function onlineElsewhere(deps: AppDeps, userId: number): Promise<boolean> {
  const [r] = await deps.db.select({ id: messengerPresence.userId }).from(messengerPresence).where(and(
    eq(messengerPresence.userId, userId), ne(messengerPresence.instanceId, deps.realtime.instanceId),
    gt(messengerPresence.sockets, 0), gt(messengerPresence.seenAt, fresh(deps)),
  )).limit(1);
  return !!r;
}

export function socketOpened(deps: AppDeps, auth: AuthInfo): Promise<void> {
  const t = trackerOf(deps);
  const count = (t.counts.get(auth.userId) ?? 0) + 1;
  t.counts.set(auth.userId, count);
  startHeartbeat(deps, t);
  return queue(deps, auth.userId, async () => {
    const sockets = t.counts.get(auth.userId) ?? 0;
    if (sockets === 0) return;
    const now = deps.clock.now();
    const [prev] = await deps.db.select({ sockets: messengerPresence.sockets }).from(messengerPresence)
      .where(and(eq(messengerPresence.userId, auth.userId), eq(messengerPresence.instanceId, deps.realtime.instanceId)));
    await deps.db.insert(messengerPresence).values({
      userId: auth.userId, instanceId: deps.realtime.instanceId, companyId: auth.companyId, sockets, seenAt: now,
    }).onConflictDoUpdate({ target: [messengerPresence.userId, messengerPresence.instanceId], set: { sockets, seenAt: now } });
    if (!prev?.sockets && !(await onlineElsewhere(deps, auth.userId))) await publishPresence(deps, auth.companyId, auth.userId, true);
  });
}

export function socketClosed(deps: AppDeps, auth: AuthInfo): Promise<void> {
  const t = trackerOf(deps);
  const count = Math.max(0, (t.counts.get(auth.userId) ?? 0) - 1);
  if (count) t.counts.set(auth.userId, count);
  else t.counts.delete(auth.userId);
  return queue(deps, auth.userId, async () => {
    const sockets = t.counts.get(auth.userId) ?? 0;
    const where = and(eq(messengerPresence.userId, auth.userId), eq(messengerPresence.instanceId, deps.realtime.instanceId));
    if (sockets > 0) {
      await deps.db.update(messengerPresence).set({ sockets, seenAt: deps.clock.now() }).where(where);
      return;
    }
    const gone = await deps.db.delete(messengerPresence).where(where).returning();
    if (gone.length && !(await onlineElsewhere(deps, auth.userId))) await publishPresence(deps, auth.companyId, auth.userId, false);
  });
}

function startHeartbeat(deps: AppDeps, t: Tracker) {
  if (t.heartbeat) return;
  t.heartbeat = setInterval(() => {
    if (!t.counts.size) {
      clearInterval(t.heartbeat);
      t.heartbeat = undefined;
      return;
    }
    deps.db.update(messengerPresence).set({ seenAt: deps.clock.now() }).where(eq(messengerPresence.instanceId, deps.realtime.instanceId))
      .catch((e) => deps.log.warn(`messenger presence heartbeat: ${e}`));
  }, HEARTBEAT_MS);
  Deno.unrefTimer(t.heartbeat);
}

/** Resolves once the presence writes started so far are done (tests). */
export async function presenceSettled(deps: AppDeps): Promise<void> {
  const t = trackerOf(deps);
  while (t.chains.size) await Promise.all([...t.chains.values()]);
}

/** GET presence?userIds=1,2: those of them online now (the company's users only). */
export async function presence(caller: Caller, userIds: number[]): Promise<PresenceAnswer> {
  if (!userIds.length) return { online: [] };
  const rows = await caller.deps.db.selectDistinct({ id: messengerPresence.userId }).from(messengerPresence).where(and(
    eq(messengerPresence.companyId, caller.auth.companyId), inArray(messengerPresence.userId, userIds),
    gt(messengerPresence.sockets, 0), gt(messengerPresence.seenAt, fresh(caller.deps)),
  ));
  const on = new Set(rows.map((r) => r.id));
  return { online: userIds.filter((id) => on.has(id)) };
}



/** The job: rows of instances that stopped without closing their sockets (stale for an hour) are removed. */
export async function purgeStalePresence(deps: AppDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - 60 * 60_000);
  return (await deps.db.delete(messengerPresence).where(lt(messengerPresence.seenAt, before)).returning({ id: messengerPresence.userId })).length;
}
