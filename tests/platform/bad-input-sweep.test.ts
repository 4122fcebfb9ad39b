// Every route of the API, taken from the app's own route table (so a new module is covered without a line
// here), gets text the database cannot store: a NUL in each path parameter, a NUL under every field name the
// shared/ schemas know in the query, and a NUL or a lone surrogate under those names in a JSON and a form body.
// The URL cases answer 400 common.validation before any route runs; no case may answer 5xx or log an error.
import { readdir } from "node:fs/promises";
import { afterAll, describe, expect, test } from "vitest";
import { createTestApp, login, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
const co = await signupCompany(t, { domain: "sweep.test" });
let token = co.token;

const errors: string[] = [];
const logError = t.deps.log.error;
t.deps.log.error = (msg, extra) => {
  errors.push(`${msg} ${extra instanceof Error ? extra.message : String(extra ?? "")}`);
  logError(msg, extra);
};
afterAll(() => {
  t.deps.log.error = logError;
});

/** The field names of every zod object schema exported from shared/ (walked through wrappers and unions). */
async function sharedFieldNames(): Promise<string[]> {
  const root = new URL("../../shared/", import.meta.url);
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith(".ts"));
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown) => {
    const def = (schema as { _zod?: { def?: Record<string, unknown> } } | null)?._zod?.def;
    if (!def || seen.has(schema)) return;
    seen.add(schema);
    if (def.type === "object") {
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(k);
        walk(v);
      }
    }
    for (const inner of [def.innerType, def.in, def.out, def.element, def.left, def.right, def.schema]) walk(inner);
    for (const o of (def.options as unknown[] | undefined) ?? []) walk(o);
  };
  for (const f of files) {
    const mod = await import(new URL(f, root).href);
    for (const v of Object.values(mod)) walk(v);
  }
  return [...names].sort();
}

const FIELDS = await sharedFieldNames();
const routes = [...new Map(
  t.app.routes.filter((r) => r.method !== "ALL").map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
).values()];

/** The route's path with each parameter (":id", ":id{re}", "*") replaced by `value`. */
function fill(path: string, value: string): string {
  return path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, value).replace(/\*/g, value);
}

type Body = { json?: unknown; form?: Record<string, string> };
const allFields = (value: string) => Object.fromEntries(FIELDS.map((k) => [k, value]));

async function send(method: string, path: string, body: Body = {}) {
  const r = await t.call(method, path, { token, ...body });
  // A route that signs out (logout, all sessions) must not leave the rest of the sweep signed out.
  if (r.status === 401 || (await t.call("GET", "/api/tokenChecker", { token })).status === 401) {
    token = (await login(t, co.username, co.password)).access_token;
  }
  return r;
}

describe("bad input on every route", () => {
  test("the route table and the field names are found (the sweep is not empty)", () => {
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.some((r) => r.path === "/api/mails/search")).toBe(true);
    for (const f of ["subject", "content", "accountName", "query", "searchWord", "folderId", "title", "footer"]) {
      expect(FIELDS).toContain(f);
    }
  });

  test("a NUL in any path parameter or any query field answers 400 common.validation", async () => {
    const wrong: string[] = [];
    const query = "?" + FIELDS.map((k) => `${encodeURIComponent(k)}=a%00b`).join("&");
    for (const r of routes) {
      const cases = [fill(r.path, "1") + query];
      if (/[:*]/.test(r.path)) cases.push(fill(r.path, "a%00b"));
      for (const path of cases) {
        const res = await send(r.method, path);
        if (res.status !== 400 || res.body?.code !== "common.validation") wrong.push(`${r.method} ${path.slice(0, 80)} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("a NUL or a lone surrogate in a JSON or form body, or a non-object body, answers no 5xx", async () => {
    const wrong: string[] = [];
    const bodies: Body[] = [
      { json: allFields("a\u0000b") },
      { json: allFields("\ud800") },
      { form: allFields("a\u0000b") },
      { json: null },
      { json: ["a\u0000b"] },
    ];
    for (const r of routes) {
      if (r.method === "GET" || r.method === "HEAD") continue; // no body
      // Ids of no row (404 before anything changes), other parameters plain words.
      const path = fill(r.path, "987654321");
      for (const b of bodies) {
        const res = await send(r.method, path, b);
        if (res.status >= 500) wrong.push(`${r.method} ${path} ${JSON.stringify(b).slice(0, 40)} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("the percent-encoded bytes of a lone surrogate in a path parameter answer no 5xx", async () => {
    const wrong: string[] = [];
    for (const r of routes.filter((r) => /[:*]/.test(r.path))) {
      const res = await send(r.method, fill(r.path, "%ED%A0%80"));
      if (res.status >= 500) wrong.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  test("nothing above logged an error", () => {
    expect(errors).toEqual([]);
  });
});
