// CALENDAR_CHANGED on /topic/calendar/user/{username} (shared/calendar/constants.ts calendarTopic; the server
// publishes it to everyone who sees the changed calendar or is invited, with ids only): the kept months
// refetch (the payload names no dates, so every kept month is affected; at most 4, queries.ts), and the
// changed event's detail and the tree. The realtime client is the shell's; this adds a subscription.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { calendarTopic } from "@shared/calendar/constants.ts";
import { userDetailQuery } from "../../app/queries.ts";
import { refreshEvents } from "./queries.ts";

export function useCalendarRealtime() {
  const qc = useQueryClient();
  const username = useQuery(userDetailQuery).data?.username;
  useEffect(() => {
    if (!username) return;
    let off: (() => void) | undefined;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void import("../../lib/realtime.ts").then((rt) => {
      if (!live) return;
      off = rt.subscribe(calendarTopic(username), (event, data) => {
        if (event !== "CALENDAR_CHANGED" && event !== "EVENT_DELETED") return;
        // A burst of changes (an import, a series split) refetches once.
        clearTimeout(timer);
        const calendarOnly = data && "calendarId" in data && !("eventId" in data);
        timer = setTimeout(() => void refreshEvents(qc, { tree: !!calendarOnly }), 150);
      });
    });
    return () => {
      live = false;
      clearTimeout(timer);
      off?.();
    };
  }, [username, qc]);
}
