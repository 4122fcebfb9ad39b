// Dates of posts in the language shown: today's as the time (14:05), this year's without the year, older ones
// in full; a full date and time for titles and the trash's deletion time.
import i18next from "i18next";

const locale = () => (i18next.language === "ko" ? "ko-KR" : i18next.language === "id" ? "id-ID" : "en-GB");

export function shortDate(ms: number, now = Date.now()): string {
  const d = new Date(ms);
  const n = new Date(now);
  if (d.toDateString() === n.toDateString()) return d.toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit", hour12: false });
  if (d.getFullYear() === n.getFullYear()) return d.toLocaleDateString(locale(), { month: "short", day: "numeric" });
  return d.toLocaleDateString(locale(), { year: "numeric", month: "2-digit", day: "2-digit" });
}

export function fullDate(ms: number): string {
  return new Date(ms).toLocaleString(locale(), { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false });
}
