// Number and date formatting in the UI language.
import { formatBytes as sharedFormatBytes } from "../../lib/bytes.ts";

/** One decimal below 10 of a unit (KB and up), none otherwise. */
export function formatBytes(bytes: number, lng: string): string {
  return sharedFormatBytes(bytes, lng, (v, unit) => (v < 10 && unit > 0 ? 1 : 0));
}

export function formatDateTime(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(ms);
}
