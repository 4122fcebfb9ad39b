// How the approval screens write dates, amounts and which box a drafter's document sits in.
import type { BoxKey, DocumentStatus } from "@shared/approval/constants.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/** YYYY-MM-DD in the viewer's time zone (002 §9 keeps dates as YYYY-MM-DD). */
export function formatDay(ms: number | null | undefined): string {
  if (ms == null) return "";
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** YYYY-MM-DD HH:mm. */
export function formatMinute(ms: number | null | undefined): string {
  if (ms == null) return "";
  const d = new Date(ms);
  return `${formatDay(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A number with thousands separators (amounts and counts in documents). */
export function formatNumber(n: number, lng: string): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 4 }).format(n);
}

/** The drafter's box of a document in a state (recent drafts link there). */
export const DRAFT_BOX_OF: Record<DocumentStatus, BoxKey> = {
  TEMP: "dt",
  IN_PROGRESS: "dd",
  COMPLETED: "dc",
  REJECTED: "dr",
  RETRIEVED: "de",
  RETURNED: "dn",
};
