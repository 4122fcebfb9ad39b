// Sizes in mail (a row's mail, attachments, the quota, the spam log) in the UI language's number format:
// "6.3 KB" in ko and en, "6,3 KB" in id; one decimal below 100 of a unit, none for bytes.
import { formatBytes } from "../../lib/bytes.ts";

export function sizeText(bytes: number, lng: string): string {
  return formatBytes(bytes, lng, (v, unit) => (unit === 0 || v >= 100 ? 0 : 1));
}
