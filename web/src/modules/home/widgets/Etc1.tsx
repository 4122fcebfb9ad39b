// etc-1 Clock: the date and time in the reader's language and time zone (the calendar's zone when the account
// uses the calendar, else the browser's); no server data. It ticks each minute, on the minute.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { userDetailQuery } from "../../../app/queries.ts";
import { configQuery as calendarConfigQuery, displayZone } from "../../calendar/queries.ts";

export default function Etc1() {
  const { i18n } = useTranslation();
  const usesCalendar = useQuery(userDetailQuery).data?.usedModules.includes("calendar") ?? false;
  const cal = useQuery({ ...calendarConfigQuery, enabled: usesCalendar });
  const timeZone = usesCalendar && cal.data ? displayZone(cal.data) : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(new Date());
      timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
    };
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
    return () => clearTimeout(timer);
  }, []);
  const lng = i18n.language;
  return (
    <div className="hm-clock">
      <time className="hm-clock-time" dateTime={now.toISOString()}>
        {new Intl.DateTimeFormat(lng, { hour: "numeric", minute: "2-digit", timeZone }).format(now)}
      </time>
      <span className="hm-clock-date">
        {new Intl.DateTimeFormat(lng, { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone }).format(now)}
      </span>
    </div>
  );
}
