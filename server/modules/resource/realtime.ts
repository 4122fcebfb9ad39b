// Realtime of resource booking, after the write committed and best effort: RESOURCE_CHANGED with
// { resourceIds } on the company's topic (every open grid refetches), and RESOURCE_NOTICE with
// { bookingId, notice } on a person's own topic (an approver's new request, a booker's decision or cancel), and
// the same notice in the bell (resource.requested, confirmed, rejected, cancelled): one per person and booking
// title, so a repeated booking's occurrences make one notification.
import { sql } from "drizzle-orm";
import type { NotificationKind } from "../../../shared/notifications/kinds.ts";
import { notify } from "../notifications/notify.ts";
import {
  RESOURCE_CHANGED, RESOURCE_NOTICE, type ResourceNotice, resourceTopic, resourceUserTopic,
} from "../../../shared/resource/constants.ts";
import type { AppDeps } from "../../lib/context.ts";

export async function publishResourceChanged(deps: AppDeps, companyId: number, resourceIds: number[]): Promise<void> {
  const ids = [...new Set(resourceIds)];
  if (!ids.length) return;
  await deps.realtime.publish(resourceTopic(companyId), RESOURCE_CHANGED, { resourceIds: ids.join(",").slice(0, 64) });
}

export interface Notice {
  userId: number;
  bookingId: number;
  notice: ResourceNotice;
  /** The bell's title when the booking is gone by the time the notice goes (a deleted resource's bookings). */
  title?: string;
}

const BELL_KIND: Record<ResourceNotice, NotificationKind> = {
  REQUESTED: "resource.requested", CONFIRMED: "resource.confirmed", REJECTED: "resource.rejected", CANCELLED: "resource.cancelled",
};

/** A booking as the bell names it: its title and the resource's name. */
export const bellTitle = (title: string, resource: string) => title ? `${title} (${resource})` : resource;

/** The bell's notifications of these notices (actorId: who acted). */
async function bellNotices(deps: AppDeps, companyId: number, notices: Notice[], actorId: number | null): Promise<void> {
  const ids = [...new Set(notices.map((n) => n.bookingId))];
  const rows = await deps.db.execute<{ id: string; title: string; resource: string }>(sql`
    select b.id, b.title, r.name as resource from resource_bookings b join resources r on r.id = b.resource_id
    where b.company_id = ${companyId} and b.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const titles = new Map(rows.map((r) => [Number(r.id), bellTitle(r.title, r.resource)]));
  const groups = new Map<string, { notice: ResourceNotice; title: string; bookingId: number; userIds: Set<number> }>();
  for (const n of notices) {
    const title = n.title ?? titles.get(n.bookingId);
    if (title === undefined) continue;
    const key = `${n.notice}\u0000${title}`;
    const g = groups.get(key) ?? { notice: n.notice, title, bookingId: n.bookingId, userIds: new Set<number>() };
    g.userIds.add(n.userId);
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    await notify(deps, companyId, {
      kind: BELL_KIND[g.notice], userIds: [...g.userIds], actorId, title: g.title,
      link: g.notice === "REQUESTED" ? "/resource/approvals" : "/resource/mine", objectKey: `resource:${g.bookingId}`,
    });
  }
}

export async function sendNotices(deps: AppDeps, companyId: number, notices: Notice[], actorId: number | null = null): Promise<void> {
  if (!notices.length) return;
  try {
    const ids = [...new Set(notices.map((n) => n.userId))];
    const rows = await deps.db.execute<{ id: string; username: string }>(sql`
      select id, username from users where company_id = ${companyId} and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    const names = new Map(rows.map((r) => [Number(r.id), r.username]));
    await Promise.all(notices.flatMap((n) => {
      const username = names.get(n.userId);
      return username ? [deps.realtime.publish(resourceUserTopic(username), RESOURCE_NOTICE, { bookingId: n.bookingId, notice: n.notice })] : [];
    }));
    await bellNotices(deps, companyId, notices, actorId);
  } catch (e) {
    deps.log.error("resource: sending notices failed", e);
  }
}
