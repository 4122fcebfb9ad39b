// Browser-test helper: the UI's own strings (web/src/locales) for a language, so one journey can be walked in
// ko, en and id with the labels a person of that language sees. "mail:compose.send" reads
// locales/<lng>/mail/compose.json → send; "auth:login.id" reads locales/<lng>/auth.json → login.id.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { signInDirect } from "./login-page.ts";
import { USER_PASSWORD } from "./mail.ts";

const ROOT = new URL("../../../web/src/locales/", import.meta.url).pathname;
export type Lang = "ko" | "en" | "id";

function dig(o: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), o);
}

/** A translator for `lng`: tr("ns:dotted.key", { name: "x" }) with {{name}} filled in; throws on a missing key. */
export function strings(lng: Lang) {
  const cache = new Map<string, unknown>();
  const load = (file: string) => {
    if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(`${ROOT}${lng}/${file}`, "utf8")));
    return cache.get(file);
  };
  return (key: string, vars: Record<string, string | number> = {}): string => {
    const [ns, rest] = key.split(":");
    const parts = rest.split(".");
    const v = ns === "mail" ? dig(load(`mail/${parts[0]}.json`), parts.slice(1)) : dig(load(`${ns}.json`), parts);
    if (typeof v !== "string") throw new Error(`no string ${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k] ?? `{{${k}}}`));
  };
}

/**
 * Signs in (support/login-page.ts signInDirect: the account's language is the page's) and waits for the first
 * mail list page; or, given `to`, opens that address. `tr` is the language the caller walks in.
 */
export async function signInIn(base: string, page: Page, _tr: ReturnType<typeof strings>, loginId: string, domain: string, to?: string) {
  await signInDirect(page, base, { loginId, domain, password: USER_PASSWORD }, to);
  if (!to) await page.waitForURL(/#\/mail\/\d+\/1$/);
}
