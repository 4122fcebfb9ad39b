// "Try again in N minutes, at HH:MM" for a refusal that says when (params.retryAfterSeconds of a 429: a
// locked sign-in, a throttled password), in the page language; null when the answer names no time.
import i18next from "./i18n.ts";

export function retryAfterText(params: Record<string, unknown> | undefined, now = Date.now()): string | null {
  const seconds = Number(params?.retryAfterSeconds);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const at = new Date(now + seconds * 1000);
  const time = new Intl.DateTimeFormat(i18next.language, { hour: "2-digit", minute: "2-digit" }).format(at);
  return i18next.t("common:retry.after", { count: Math.max(1, Math.ceil(seconds / 60)), time });
}
