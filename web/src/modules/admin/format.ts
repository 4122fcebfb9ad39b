// Number and date formatting in the UI language.
export { formatBytes } from "../../lib/bytes.ts";

export function formatDateTime(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(ms);
}
