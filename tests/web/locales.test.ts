// The UI strings (web/src/locales/<ko|en|id>/<namespace>.json, or a namespace folder <namespace>/<part>.json
// read as the keys under <part>, as web/src/lib/i18n.ts loads them): every namespace exists in the three
// languages with the same keys, no empty text and the same {{interpolation}} names; every server error code
// has a text.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { ERROR_MESSAGES } from "../../shared/errors.ts";
import { LANGUAGES } from "../../shared/users.ts";
import { errorNamespace, MODULE_ERROR_NAMESPACES } from "../../web/src/lib/error-namespaces.ts";

const ROOT = new URL("../../web/src/locales/", import.meta.url);
/** i18next plural forms: "items_one" and "items_other" are one key; Korean and Indonesian only need _other. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

function load(lng: string, ns: string): Tree {
  const file = new URL(`${lng}/${ns}.json`, ROOT);
  const tree: Tree = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const folder = new URL(`${lng}/${ns}/`, ROOT);
  if (existsSync(folder)) {
    for (const part of readdirSync(folder).filter((f) => f.endsWith(".json"))) {
      tree[part.replace(/\.json$/, "")] = JSON.parse(readFileSync(new URL(part, folder), "utf8"));
    }
  }
  return tree;
}

/** The namespaces of one language: its JSON files and its namespace folders. */
function namespacesOf(lng: string): string[] {
  const dir = new URL(`${lng}/`, ROOT);
  return readdirSync(dir).flatMap((f) =>
    f.endsWith(".json") ? [f.replace(/\.json$/, "")] : statSync(new URL(f, dir)).isDirectory() ? [f] : []
  );
}

/**
 * Leaf paths with their texts. Arrays (read with returnObjects) count by index, so every language has as
 * many items; a value that is neither text, object nor array is reported as a problem.
 */
function leaves(tree: object, prefix = "", out = new Map<string, string>(), problems: string[] = []) {
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(path, v);
    else if (v && typeof v === "object") leaves(v, path, out, problems);
    else problems.push(`${path}: not a text`);
  }
  return { texts: out, problems };
}

/** Interpolation names of a text: {{name}}, {{- name}}, {{count, number}} → name, name, count. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{-?\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
}

/** Base key → sorted union of interpolation names over its plural forms. */
function keyInfo(texts: Map<string, string>): Map<string, string> {
  const info = new Map<string, Set<string>>();
  for (const [path, text] of texts) {
    const base = path.replace(PLURAL_SUFFIX, "");
    const names = info.get(base) ?? new Set<string>();
    // The plural count is only required where the language has plural forms.
    for (const n of placeholders(text)) if (!(n === "count" && PLURAL_SUFFIX.test(path))) names.add(n);
    info.set(base, names);
  }
  return new Map([...info].map(([k, v]) => [k, [...v].sort().join(",")]));
}

const namespaces = [...new Set(LANGUAGES.flatMap(namespacesOf))].sort();

describe("locale files", () => {
  test("there are namespaces, common and errors among them", () => {
    expect(namespaces).toEqual(expect.arrayContaining(["common", "errors"]));
  });

  for (const ns of namespaces) {
    describe(ns, () => {
      test("exists in ko, en and id", () => {
        const missing = LANGUAGES.filter((lng) => !namespacesOf(lng).includes(ns));
        expect(missing).toEqual([]);
      });

      test("has only non-empty texts", () => {
        for (const lng of LANGUAGES) {
          const { texts, problems } = leaves(load(lng, ns));
          const empty = [...texts].filter(([, v]) => v.trim() === "").map(([k]) => `${lng}:${ns}:${k}`);
          expect([...problems.map((p) => `${lng}:${ns}:${p}`), ...empty]).toEqual([]);
        }
      });

      test("has the same parts in every language", () => {
        const parts = (lng: string) => {
          const folder = new URL(`${lng}/${ns}/`, ROOT);
          return existsSync(folder) ? readdirSync(folder).sort() : [];
        };
        for (const lng of LANGUAGES) expect({ lng, parts: parts(lng) }).toEqual({ lng, parts: parts("ko") });
      });

      test("has the same keys and interpolation names in every language", () => {
        const ko = keyInfo(leaves(load("ko", ns)).texts);
        for (const lng of LANGUAGES.filter((l) => l !== "ko")) {
          const other = keyInfo(leaves(load(lng, ns)).texts);
          const onlyKo = [...ko.keys()].filter((k) => !other.has(k));
          const onlyOther = [...other.keys()].filter((k) => !ko.has(k));
          const placeholdersDiffer = [...ko].filter(([k, names]) => other.has(k) && other.get(k) !== names)
            .map(([k, names]) => `${k}: ko {{${names}}} ${lng} {{${other.get(k)}}}`);
          expect({ lng, missing: onlyKo, extra: onlyOther, placeholdersDiffer })
            .toEqual({ lng, missing: [], extra: [], placeholdersDiffer: [] });
        }
      });
    });
  }
});

describe("error codes", () => {
  const codes = Object.keys(ERROR_MESSAGES);

  /** errorText() reads <namespace>:<code> (web/src/lib/error-namespaces.ts), whose keys nest at the code's first dot. */
  function lookup(tree: Tree, code: string): unknown {
    const dot = code.indexOf(".");
    const group = tree[code.slice(0, dot)];
    return group && typeof group === "object" ? (group as Record<string, unknown>)[code.slice(dot + 1)] : undefined;
  }

  for (const lng of LANGUAGES) {
    test(`every code of shared/errors.ts has a ${lng} text`, () => {
      const text = (c: string) => lookup(load(lng, errorNamespace(c)), c);
      const missing = codes.filter((c) => typeof text(c) !== "string" || !String(text(c)).trim());
      expect(missing).toEqual([]);
    });
  }

  test("a module's error namespace holds only that module's codes, and errors none of them", () => {
    for (const lng of LANGUAGES) {
      for (const [module, ns] of Object.entries(MODULE_ERROR_NAMESPACES)) {
        expect({ lng, ns, groups: Object.keys(load(lng, ns)) }).toEqual({ lng, ns, groups: [module] });
        expect({ lng, inErrors: module in load(lng, "errors") }).toEqual({ lng, inErrors: false });
      }
    }
  });
});
