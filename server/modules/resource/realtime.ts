// Realtime of resource booking, after the write committed and best effort: RESOURCE_CHANGED with
// { resourceIds } on the company's topic (every open grid refetches), and RESOURCE_NOTICE with
// { bookingId, notice } on a person's own topic (an approver's new request, a booker's decision or cancel).
import { sql } from "drizzle-orm";
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
}

export async function sendNotices(deps: AppDeps, companyId: number, notices: Notice[]): Promise<void> {
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
  } catch (e) {
    deps.log.error("resource: sending notices failed", e);
  }
}
