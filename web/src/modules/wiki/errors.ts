// Texts of the wiki's outcomes. A failed call shows its wiki.* code's text (wikiErrors: every code of
// shared/wiki/errors.ts) when the server gave one, else the island's text for what failed (a key of wiki.json
// or a part, e.g. "side.createFailed"), else the common text of its status. Successes are keys of the wiki
// namespace too (001 §8 "Wiki": wiki:common.favoriteAdded, favoriteRemoved, linkCopied …).
import i18next from "i18next";
import { codeOf, paramsOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";

/** A text of the wiki namespace ("common.favoriteAdded", "side.moved" …). */
export const wikiText = (key: string, params?: Record<string, unknown>) => i18next.t(`wiki:${key}`, params ?? {});

/** The text of a failed call: its wiki code's, else `fallback`'s (a wiki key), else the common text. */
export function wikiErrorText(e: unknown, fallback?: string): string {
  const code = codeOf(e);
  if (code.startsWith("wiki.") && i18next.exists(`wikiErrors:${code}`)) return errorText(code, paramsOf(e));
  if (!fallback || code === "common.validation" || code === "common.rate_limited") return errorText(code, paramsOf(e));
  return wikiText(fallback);
}

/** The toast of a failed call. */
export function failed(e: unknown, fallback?: string) {
  snackbar("ERROR", wikiErrorText(e, fallback));
}

/** The toast of a success (a wiki key); `carry` when the action navigates. */
export function succeeded(key: string, opts: { carry?: boolean; params?: Record<string, unknown> } = {}) {
  snackbar("SUCCESS", wikiText(key, opts.params), { carry: opts.carry });
}
