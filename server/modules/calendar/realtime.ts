// Realtime for the calendar: CALENDAR_CHANGED on the topic of each affected user (shared/calendar/constants.ts
// calendarTopic) with ids only, so their open views refetch. Affected: the calendar's owner, the users it is
// shared with (directly or through an organisation), its subscribers and those who keep a state of it, the
// members of an organisation calendar's organisation, and the event's internal attendees.
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { CALENDAR_SHARE_MODULE, calendarTopic } from "../../../shared/calendar/constants.ts";
import type { AppDeps } from "../../lib/context.ts";

/** User ids who see any of these calendars. */
export async function audienceOf(db: DbOrTx, companyId: number, calendarIds: number[]): Promise<number[]> {
  if (!calendarIds.length) return [];
  const ids = sql.join(calendarIds.map((id) => sql`${id}`), sql`, `);
  const texts = sql.join(calendarIds.map((id) => sql`${String(id)}`), sql`, `);
  const rows = await db.execute<{ user_id: string }>(sql`
    select owner_user_id as user_id from calendars where company_id = ${companyId} and id in (${ids}) and owner_user_id is not null
    union select s.user_id from calendar_user_states s where s.company_id = ${companyId} and s.calendar_id in (${ids})
    union select om.user_id from calendars c join organization_members om on om.organ_id = c.organ_id and om.company_id = c.company_id
      where c.company_id = ${companyId} and c.id in (${ids}) and c.type = 'ORGANIZATION'
    union select sm.member_id from shares sh join share_members sm on sm.share_id = sh.id
      where sh.company_id = ${companyId} and sh.module_type = ${CALENDAR_SHARE_MODULE} and sh.object_id in (${texts}) and sm.member_type = 'USER'
    union select om.user_id from shares sh join share_members sm on sm.share_id = sh.id
      join organization_members om on om.organ_id = sm.member_id and om.company_id = sh.company_id
      where sh.company_id = ${companyId} and sh.module_type = ${CALENDAR_SHARE_MODULE} and sh.object_id in (${texts}) and sm.member_type = 'ORGANIZATION'`);
  return rows.map((r) => Number(r.user_id));
}

/** Publishes CALENDAR_CHANGED to these users (best effort, after the write committed). */
export async function publishToUsers(deps: AppDeps, companyId: number, userIds: number[], data: { calendarId?: number; eventId?: number }) {
  const unique = [...new Set(userIds)];
  if (!unique.length) return;
  const rows = await deps.db.execute<{ username: string }>(sql`
    select username from users where company_id = ${companyId} and id in (${sql.join(unique.map((id) => sql`${id}`), sql`, `)})`);
  const payload: Record<string, number> = {};
  if (data.calendarId !== undefined) payload.calendarId = data.calendarId;
  if (data.eventId !== undefined) payload.eventId = data.eventId;
  await Promise.all(rows.map((r) => deps.realtime.publish(calendarTopic(r.username), "CALENDAR_CHANGED", payload)));
}
