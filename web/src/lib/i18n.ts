// i18next with ko (initial and fallback), en and id. Each namespace is its own JSON file per language,
// loaded on first use, so a module island brings its own strings. A large module may split its namespace
// into a folder: locales/<lng>/<ns>/<part>.json holds the keys under "<part>" (mail/compose.json → the
// keys mail:compose.*), so each screen keeps its own file.
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, type Language } from "@shared/locale.ts";
import { errorNamespace, MODULE_ERROR_NAMESPACES } from "./error-namespaces.ts";

type Strings = Record<string, unknown>;
const files = import.meta.glob<{ default: Strings }>(["../locales/*/*.json", "../locales/*/*/*.json"]);

/** The strings of one namespace: its file, and the parts of its folder under their part names. */
async function loadNamespace(lng: string, ns: string): Promise<Strings> {
  const file = files[`../locales/${lng}/${ns}.json`];
  const folder = `../locales/${lng}/${ns}/`;
  const parts = Object.keys(files).filter((k) => k.startsWith(folder) && !k.slice(folder.length).includes("/"));
  const [base, ...loaded] = await Promise.all([file ? file() : Promise.resolve({ default: {} }), ...parts.map((k) => files[k]())]);
  const out: Strings = { ...base.default };
  parts.forEach((k, i) => (out[k.slice(folder.length, -".json".length)] = loaded[i].default));
  return out;
}

const lazyBackend: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, done) {
    loadNamespace(lng, ns).then((strings) => done(null, strings), (e) => done(e, null));
  },
};

const LANG_KEY = "gw.language";

export function storedLanguage(): Language {
  const v = localStorage.getItem(LANG_KEY);
  return (LANGUAGES as readonly string[]).includes(v ?? "") ? (v as Language) : "ko";
}

export async function setLanguage(lng: Language) {
  localStorage.setItem(LANG_KEY, lng);
  document.documentElement.lang = lng;
  await i18next.changeLanguage(lng);
}

/** This tab's language chosen by hand on a public page (login, sign-up), not yet carried into a sign-in. */
const PICKED_KEY = "gw.language.picked";

/** A language the person chose on a public page: shown at once, and it wins at their next sign-in. */
export async function pickLanguage(lng: Language) {
  sessionStorage.setItem(PICKED_KEY, lng);
  await setLanguage(lng);
}

/** The language chosen by hand on a public page since the last sign-in, if any; answers it once. */
export function takePickedLanguage(): Language | null {
  const v = sessionStorage.getItem(PICKED_KEY);
  sessionStorage.removeItem(PICKED_KEY);
  return (LANGUAGES as readonly string[]).includes(v ?? "") ? (v as Language) : null;
}

export const i18nReady = i18next
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: "ko",
    supportedLngs: [...LANGUAGES],
    ns: ["common", "errors"],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  })
  .then(() => {
    document.documentElement.lang = i18next.language;
  });

/**
 * Text for an error code from the server, e.g. "auth.invalid_credentials" → errors:auth.invalid_credentials,
 * "mail.9" → mailErrors:mail.9 (lib/error-namespaces.ts; loaded by loadModuleErrorTexts).
 */
export function errorText(code: string, params?: Record<string, unknown>): string {
  const key = `${errorNamespace(code)}:${code}`;
  if (i18next.exists(key)) return i18next.t(key, params);
  const status = /^common\.(\d{3})$/.exec(code)?.[1];
  return i18next.t(status && i18next.exists(`errors:common.${status}`) ? `errors:common.${status}` : "errors:common.500");
}

/**
 * Loads the modules' own error texts (lib/error-namespaces.ts), for the signed-in app and a module's public
 * pages; once loaded, i18next loads them again with any language switch.
 */
export function loadModuleErrorTexts(): Promise<void> {
  return i18nReady.then(() => i18next.loadNamespaces([...Object.values(MODULE_ERROR_NAMESPACES)]));
}

export default i18next;
