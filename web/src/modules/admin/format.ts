// Number and date formatting in the UI language.
import type { Language } from "@shared/locale.ts";
import { dateFormat } from "../../lib/intl-format.ts";
export { formatBytes } from "../../lib/bytes.ts";

/** Each language in its own name, as the language choices show it. */
export const LANGUAGE_NAMES: Record<Language, string> = { ko: "한국어", en: "English", id: "Bahasa Indonesia" };

export function formatDateTime(ms: number, lng: string): string {
  return dateFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(ms);
}
