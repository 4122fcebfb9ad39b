// The bell's rules (shared/notifications/api.ts): a person reads, pages, marks read and deletes only their own
// notifications (another's id answers 404 notifications.not_found, as a missing one does); when their unread
// count falls, NOTIFICATION_READ { count } goes to their topic so their other tabs and devices follow. The mail
// choices cover every kind, a kind without a choice showing its default.
import { NOTIFICATION_KIND_IDS, NOTIFICATION_KINDS, type NotificationKind } from "../../../shared/notifications/kinds.ts";
import {
  type ListQuery, type Notification, NOTIFICATION_READ, type NotificationPage, type NotificationSettings, notificationTopic,
  type ReadBody, RETENTION_DAYS, type SettingsBody,
} from "../../../shared/notifications/api.ts";
import { NOTIFICATION_ERRORS } from "../../../shared/notifications/errors.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./repo.ts";

const ownerOf = (caller: Caller) => ({ companyId: caller.auth.companyId, userId: caller.auth.userId });

function present(r: repo.NotificationRow): Notification {
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName ?? "" },
    title: r.title,
    excerpt: r.excerpt,
    link: r.link,
    createdAt: r.createdAt.toISOString(),
    read: r.readAt !== null,
  };
}

/** GET /api/notifications: a page newest first (kinds this server no longer knows are left out). */
export async function list(caller: Caller, q: ListQuery): Promise<NotificationPage> {
  const { db } = caller.deps;
  const owner = ownerOf(caller);
  const rows = await repo.listRows(db, owner, { before: q.before, limit: q.size + 1, unread: q.unread });
  const hasMore = rows.length > q.size;
  const page = rows.slice(0, q.size);
  return {
    content: page.filter((r) => r.kind in NOTIFICATION_KINDS).map(present),
    unreadCount: await repo.unreadCount(db, owner),
    hasMore,
  };
}

export async function unreadCount(caller: Caller): Promise<{ count: number }> {
  return { count: await repo.unreadCount(caller.deps.db, ownerOf(caller)) };
}

async function countFell(caller: Caller): Promise<number> {
  const count = await repo.unreadCount(caller.deps.db, ownerOf(caller));
  await caller.deps.realtime.publish(notificationTopic(caller.auth.username), NOTIFICATION_READ, { count });
  return count;
}

/** POST /api/notifications/read: { ids } (unknown or another's skipped) or { all: true }; answers the count after. */
export async function read(caller: Caller, body: ReadBody): Promise<{ count: number }> {
  const changed = await repo.markRead(caller.deps.db, ownerOf(caller), "all" in body ? "all" : body.ids, caller.deps.clock.now());
  if (changed > 0) return { count: await countFell(caller) };
  return await unreadCount(caller);
}

/** DELETE /api/notifications/{id}. */
export async function remove(caller: Caller, id: number): Promise<void> {
  const gone = await repo.deleteOne(caller.deps.db, ownerOf(caller), id);
  if (!gone) throw new AppError(404, NOTIFICATION_ERRORS.notFound);
  if (gone.wasUnread) await countFell(caller);
}

export async function settings(caller: Caller): Promise<NotificationSettings> {
  const chosen = await repo.mailChoices(caller.deps.db, caller.auth.userId);
  const mail = Object.fromEntries(NOTIFICATION_KIND_IDS.map((k) => [k, chosen.get(k) ?? NOTIFICATION_KINDS[k].mail]));
  return { mail: mail as NotificationSettings["mail"] };
}

/** PUT /api/notifications/settings: the kinds given are saved; the others stay as they were. */
export async function saveSettings(caller: Caller, body: SettingsBody): Promise<NotificationSettings> {
  const choices = Object.entries(body.mail).filter((e): e is [string, boolean] => typeof e[1] === "boolean");
  await repo.saveMailChoices(caller.deps.db, caller.auth.userId, choices);
  return await settings(caller);
}

const PURGE_BATCH = 5_000;

/** The daily job: notifications older than RETENTION_DAYS go, in batches (any instance may run it). */
export async function purgeOld(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - RETENTION_DAYS * 86_400_000);
  let total = 0;
  for (;;) {
    const n = await repo.purgeOlderThan(deps.db, cutoff, PURGE_BATCH);
    total += n;
    if (n < PURGE_BATCH) return total;
  }
}
