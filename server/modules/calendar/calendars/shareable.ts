// Calendars as shareable objects (share module, moduleType CALENDAR, objectId = the calendar id): a user's
// DEFAULT, PRIVATE and PUBLIC calendars, shared with people or organisations with permission 1 (title only:
// times and titles of events), 2 (read) or 3 (write). Organisation, holiday, external and project
// calendars have no owner to share them.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { calendars } from "../../../../db/schema/index.ts";
import type { ShareableResolver } from "../../share/registry.ts";

export { CALENDAR_SHARE_MODULE } from "../../../../shared/calendar/constants.ts";

async function shareableCalendar(db: DbOrTx, companyId: number, objectId: string) {
  if (!/^\d{1,15}$/.test(objectId)) return undefined;
  const [row] = await db.select({ ownerUserId: calendars.ownerUserId, title: calendars.title }).from(calendars).where(and(
    eq(calendars.companyId, companyId), eq(calendars.id, Number(objectId)),
    inArray(calendars.type, ["DEFAULT", "PRIVATE", "PUBLIC"]), isNotNull(calendars.ownerUserId),
  ));
  return row;
}

export function calendarShareable(db: DbOrTx): ShareableResolver {
  return {
    exists: async (companyId, objectId) => (await shareableCalendar(db, companyId, objectId)) !== undefined,
    ownerUserId: async (companyId, objectId) => (await shareableCalendar(db, companyId, objectId))?.ownerUserId ?? null,
    title: async (companyId, objectId) => (await shareableCalendar(db, companyId, objectId))?.title ?? null,
    allowsTitleOnly: true,
  };
}
