// Callers of one API base for tests: `raw` answers the response, `ok` expects a status and answers the body,
// `fails` expects an error status and code. Paths are relative to the base ("form/list", "leaves/templates").
import { expect } from "vitest";
import type { TestApp } from "./test-app.ts";

export function apiCaller(t: TestApp, base: string) {
  const url = (path: string) => `${base}/${path.replace(/^\//, "")}`;
  const raw = (method: string, path: string, who: { token: string }, json?: unknown) =>
    t.call(method, url(path), { token: who.token, json });
  // deno-lint-ignore no-explicit-any -- a test reads any JSON body
  const ok = async <T = any>(status: number, method: string, path: string, who: { token: string }, json?: unknown): Promise<T> => {
    const r = await raw(method, path, who, json);
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
    return r.body as T;
  };
  /** Expects an error answer with the status and code; returns the body. */
  const fails = async (status: number, code: string, method: string, path: string, who: { token: string }, json?: unknown) => {
    const r = await raw(method, path, who, json);
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
    expect(r.body.code, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(code);
    return r.body;
  };
  return { url, raw, ok, fails };
}
