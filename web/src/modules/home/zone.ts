// The user's time zone: the calendar's (its settings) when the account uses the calendar, else the browser's.
// The clock and every time the dashboard shows use it.
import { useQuery } from "@tanstack/react-query";
import { userDetailQuery } from "../../app/queries.ts";
import { configQuery as calendarConfigQuery, displayZone } from "../calendar/queries.ts";

export function useUserZone(): string {
  const usesCalendar = useQuery(userDetailQuery).data?.usedModules.includes("calendar") ?? false;
  const cal = useQuery({ ...calendarConfigQuery, enabled: usesCalendar });
  return usesCalendar && cal.data ? displayZone(cal.data) : Intl.DateTimeFormat().resolvedOptions().timeZone;
}
