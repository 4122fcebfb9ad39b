// Holidays as calendar objects, for the HOLIDAY calendar's views, export, subscription and CalDAV: one
// all-day, transparent VEVENT per holiday, with a UID and text that stay the same from one call to the next
// (so ETags and synced copies do not churn), its summary in the reader's language.
import ICAL from "ical.js";
import { PRODID } from "../ics/types.ts";
import { holidays, type Holiday } from "./index.ts";

export interface HolidayObject {
  uid: string;
  date: string;
  /** VCALENDAR text with the one VEVENT (CRLF lines). */
  text: string;
}

const compact = (date: string) => date.replaceAll("-", "");

/** The object of one holiday; `index` tells two holidays of one day apart (2025-05-05). */
export function holidayObject(h: Holiday, index = 0, locale: "ko" | "en" | "id" = "ko"): HolidayObject {
  const uid = `kr-holiday-${compact(h.date)}-${index}@groupware`;
  const start = ICAL.Time.fromDateString(h.date);
  const end = start.clone();
  end.adjust(1, 0, 0, 0);
  const cal = new ICAL.Component("vcalendar");
  cal.updatePropertyWithValue("prodid", PRODID);
  cal.updatePropertyWithValue("version", "2.0");
  const v = new ICAL.Component("vevent");
  v.updatePropertyWithValue("uid", uid);
  v.updatePropertyWithValue("dtstamp", ICAL.Time.fromDateTimeString(`${h.date.slice(0, 4)}-01-01T00:00:00Z`));
  v.updatePropertyWithValue("dtstart", start);
  v.updatePropertyWithValue("dtend", end);
  v.updatePropertyWithValue("summary", h.names[locale]);
  v.updatePropertyWithValue("transp", "TRANSPARENT");
  const categories = new ICAL.Property("categories", v);
  categories.setValues(h.substitute ? ["HOLIDAY", "SUBSTITUTE"] : ["HOLIDAY"]);
  v.addProperty(categories);
  cal.addSubcomponent(v);
  return { uid, date: h.date, text: cal.toString().replace(/\r?\n/g, "\r\n") + "\r\n" };
}

/** The objects of a year's holidays (holidays(year): RangeError where it has none). */
export function holidayObjects(year: number, locale: "ko" | "en" | "id" = "ko"): HolidayObject[] {
  const seen = new Map<string, number>();
  return holidays(year).map((h) => {
    const index = seen.get(h.date) ?? 0;
    seen.set(h.date, index + 1);
    return holidayObject(h, index, locale);
  });
}
