// The calendar's notifications in the bell (notifications/notify.ts), after the write committed: calendar.invited
// to the colleagues an event newly names as attendees (store.ts WriteResult.invitedUserIds: users of the same
// company, not the owner nor the organizer), calendar.replied to an internal organizer when an attendee answers.
// No mail from the bell: invitations and answers already go by iTIP mail where they must.
import { DEFAULT_TIMEZONE } from "../../../../shared/calendar/constants.ts";
import { calendarDayLink } from "../../../lib/app-links.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { notify } from "../../notifications/notify.ts";
import type { EventRow, WriteResult } from "./store.ts";
import { dateString, isKnownZone, wallOf } from "./zone.ts";

/** The day view of the event's first day, in its own zone (the default one when its zone is unknown). */
export function eventLink(row: Pick<EventRow, "firstStart" | "tzid">): string {
  const zone = row.tzid && isKnownZone(row.tzid) ? row.tzid : DEFAULT_TIMEZONE;
  return calendarDayLink(dateString(wallOf(row.firstStart.getTime(), zone)));
}

/** calendar.invited to those the write newly invited; actorId: who saved the event. */
export async function bellInvited(deps: AppDeps, companyId: number, actorId: number, written: WriteResult | null | undefined): Promise<void> {
  if (!written?.invitedUserIds.length) return;
  await notify(deps, companyId, {
    kind: "calendar.invited", userIds: written.invitedUserIds, actorId, title: written.row.summary, link: eventLink(written.row),
    objectKey: `calendar:${written.row.id}`,
  }, { mail: false });
}

/** calendar.replied to the event's organizer when they are a user of the company; actorId: who answered. */
export async function bellReplied(deps: AppDeps, companyId: number, actorId: number, row: EventRow): Promise<void> {
  if (row.organizerUserId === null) return;
  await notify(deps, companyId, {
    kind: "calendar.replied", userIds: [row.organizerUserId], actorId, title: row.summary, link: eventLink(row),
    objectKey: `calendar:${row.id}`,
  }, { mail: false });
}
