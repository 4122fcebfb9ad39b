// etc-1 Clock: the date and time in the reader's language and time zone (the calendar's zone when the account
// uses the calendar, else the browser's); no server data. It ticks each minute, on the minute.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserZone } from "../zone.ts";

export default function Etc1() {
  const { i18n } = useTranslation();
  const timeZone = useUserZone();
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
