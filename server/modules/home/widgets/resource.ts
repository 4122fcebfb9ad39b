// etc-2: the caller's next bookings (not cancelled, not over; the module's own list of "my bookings") and the
// meeting rooms the caller may book that are free from now to an hour later (002 §5 quick booking), from the
// module's resource list, its booker rule and its held bookings.
import type { WidgetDataQuery } from "../../../../shared/home/api.ts";
import type { BookingWidgetData } from "../../../../shared/home/widgets.ts";
import type { Caller } from "../../../lib/context.ts";
import { bookerTest } from "../../resource/access.ts";
import { bookingsOf, heldIn } from "../../resource/booking-repo.ts";
import { resourcesOf } from "../../resource/repo.ts";
import { wallAt } from "../../resource/time.ts";
import { dateString } from "../../calendar/events/zone.ts";
import { resourceDayLink } from "../../../lib/app-links.ts";

const HOUR_MS = 3_600_000;

export async function bookingWidget(caller: Caller, q: WidgetDataQuery): Promise<BookingWidgetData> {
  const { db, clock } = caller.deps;
  const { companyId, userId } = caller.auth;
  const now = clock.now().getTime();
  const [mine, rooms, mayBook] = await Promise.all([
    bookingsOf(db, companyId, userId, now, 0, q.size),
    resourcesOf(db, companyId, "MEETING_ROOM"),
    bookerTest(caller),
  ]);
  const open = rooms.filter((r) => r.status === "IN_USE" && mayBook(r));
  const busy = new Set((await heldIn(db, companyId, open.map((r) => r.id), now, now + HOUR_MS)).map((b) => b.b.resourceId));
  return {
    bookings: mine.rows.map((v) => ({
      id: String(v.b.id),
      title: v.resourceName,
      sub: v.b.title || null,
      at: v.b.startAt.toISOString(),
      link: resourceDayLink(dateString(wallAt(v.b.startAt.getTime()))),
      flag: v.b.status === "REQUESTED",
    })),
    freeRooms: open.filter((r) => !busy.has(r.id)).map((r) => ({ id: r.id, name: r.name, category: r.location || null })),
  };
}
