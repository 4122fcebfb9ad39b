// The invitation events of an opened mail (GET api/mails/view/calendar, or the api/share/mails variant for
// a shared folder's mail). Asked only for mails whose view item says hasCalendar.
import { queryOptions } from "@tanstack/react-query";
import type { MailCalendar } from "@shared/mail/calendar.ts";
import { api } from "../../../../lib/api.ts";

export function mailCalendarQuery(mailId: number, ownerId?: number) {
  return queryOptions({
    queryKey: ["mail", "calendar", mailId, ownerId ?? null] as const,
    queryFn: ({ signal }) =>
      api<MailCalendar>(ownerId ? "/api/share/mails/view/calendar" : "/api/mails/view/calendar", {
        signal,
        query: { mailId, ownerId },
      }),
    staleTime: 5 * 60_000,
  });
}
