// "3 minutes ago", "yesterday", or the date for older ones, in the reader's language.
export function relativeTime(iso: string, lng: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  const s = Math.round((at - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(lng, { numeric: "auto" });
  const abs = Math.abs(s);
  if (abs < 60) return rtf.format(0, "second");
  if (abs < 3600) return rtf.format(Math.round(s / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(s / 3600), "hour");
  if (abs < 7 * 86_400) return rtf.format(Math.round(s / 86_400), "day");
  return new Date(at).toLocaleDateString(lng, { year: "numeric", month: "short", day: "numeric" });
}
