// CALENDAR_CHANGED on /topic/calendar/user/{username} (shared/calendar/constants.ts calendarTopic; the server
// publishes it to everyone who sees the changed calendar or is invited, with ids only): the kept months
// refetch (the payload names no dates, so every kept month is affected; at most 4, queries.ts), and the
// changed event's detail and the tree. The realtime client is the shell's; this adds a subscription.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { calendarTopic } from "@shared/calendar/constants.ts";
import { useUserTopic } from "../../app/use-user-topic.ts";
import { refreshEvents } from "./queries.ts";

export function useCalendarRealtime() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useUserTopic(calendarTopic, (event, data) => {
    if (event !== "CALENDAR_CHANGED" && event !== "EVENT_DELETED") return;
    // A burst of changes (an import, a series split) refetches once.
    clearTimeout(timer.current);
    const calendarOnly = data && "calendarId" in data && !("eventId" in data);
    timer.current = setTimeout(() => void refreshEvents(qc, { tree: !!calendarOnly }), 150);
  });
}
