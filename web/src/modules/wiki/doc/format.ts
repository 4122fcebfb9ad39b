// Dates as the document page shows them.
import { dateFormat } from "../../../lib/intl-format.ts";

/** A date and time in the UI language (2026. 3. 9. 오후 2:05). */
export function dateTime(ms: number, lng: string): string {
  return dateFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(ms);
}
