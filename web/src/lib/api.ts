// The API client: bearer token on every call; on a 401 one refresh and one retry, with every request made
// meanwhile waiting in the same queue; a refresh the server refuses ends the session (one that fails otherwise
// keeps it, for the next call to try again). A call succeeds only with a status
// of 200-399 and a body without `message` or `errors` (000 §4).
import { OAUTH_BASIC_HEADER, type TokenResponse } from "@shared/oauth.ts";
import type { ErrorBody } from "@shared/errors.ts";
import { clearTokens, getTokens, setTokens } from "./session.ts";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly body: Partial<ErrorBody> = {},
  ) {
    super(code);
  }
  get params() {
    return this.body.params ?? {};
  }
  get fieldErrors() {
    return this.body.errors ?? [];
  }
}

export type Query = Record<string, string | number | boolean | undefined | (string | number)[]>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  form?: Record<string, string | number | boolean>;
  query?: Query;
  /** Do not send the bearer token, and do not refresh on 401 (sign-in, sign-up). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** What happens when the session cannot be renewed; the app installs the real handler at start. */
let onSessionExpired: (reason: "expired") => void = () => {};
let onNotAcceptable: () => void = () => {};
export function setSessionHandlers(h: { expired: typeof onSessionExpired; notAcceptable: typeof onNotAcceptable }) {
  onSessionExpired = h.expired;
  onNotAcceptable = h.notAcceptable;
}

function url(path: string, query?: Query): string {
  const u = new URL(path.startsWith("/") ? path : `/${path}`, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) u.searchParams.append(`${k}[]`, String(item));
    else u.searchParams.set(k, String(v));
  }
  return u.pathname + u.search;
}

async function parse(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time; every caller that hit a 401 meanwhile waits for the same result. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const tokens = getTokens();
    if (!tokens) return false;
    try {
      const res = await fetch("/oauth/token", {
        method: "POST",
        headers: { authorization: OAUTH_BASIC_HEADER, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refreshToken }),
      });
      if (res.ok) {
        const t = (await res.json()) as TokenResponse;
        setTokens({ accessToken: t.access_token, refreshToken: t.refresh_token });
        return true;
      }
      // Only the server's refusal ends the session. A server error, or no answer at all (the network, a page
      // reload cutting the request off), keeps the tokens: the calls waiting fail now, the next one tries again.
      if (res.status === 400 || res.status === 401) {
        clearTokens();
        onSessionExpired("expired");
      }
      return false;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(path: string, o: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = getTokens()?.accessToken;
  if (token && !o.anonymous) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (o.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(o.json);
  } else if (o.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(Object.entries(o.form).map(([k, v]) => [k, String(v)]));
  }
  return await fetch(url(path, o.query), { method: o.method ?? "GET", headers, body, signal: o.signal });
}

export async function api<T = unknown>(path: string, o: RequestOptions = {}): Promise<T> {
  if (refreshing && !o.anonymous) await refreshing;
  const sentWith = getTokens()?.accessToken;
  let res = await send(path, o);
  if (res.status === 401 && !o.anonymous && getTokens()) {
    // A call sent with the old token whose 401 arrives after another call's refresh has finished retries with
    // the new token instead of refreshing a second time.
    const renewed = getTokens()?.accessToken !== sentWith;
    if (renewed || (await refreshSession())) res = await send(path, o);
  }
  const data = await parse(res);
  if (res.status === 406) onNotAcceptable();
  const obj = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  // "No message" (000 §4): an answer may carry message: null as part of its shape (001 §3's drive lists).
  if (res.status >= 200 && res.status < 400 && obj.message == null && obj.errors == null) return data as T;
  const code = typeof obj.code === "string" ? obj.code : `common.${res.status}`;
  throw new ApiError(res.status, code, obj as Partial<ErrorBody>);
}

/**
 * A call whose body or answer is not JSON (a file sent as form data, bytes or a file received): the bearer token,
 * the same refresh queue as api() (one refresh on a 401, a retry with a token another call renewed meanwhile);
 * an error answer becomes an ApiError with the server's code.
 */
export async function authorized(path: string, init: RequestInit = {}): Promise<Response> {
  if (refreshing) await refreshing;
  const sentWith = getTokens()?.accessToken;
  const once = () => {
    const token = getTokens()?.accessToken;
    return fetch(path, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } });
  };
  let res = await once();
  if (res.status === 401 && getTokens()) {
    const renewed = getTokens()?.accessToken !== sentWith;
    if (renewed || (await refreshSession())) res = await once();
  }
  if (!res.ok) {
    const body = await res.json().catch(() => ({})) as Partial<ErrorBody>;
    throw new ApiError(res.status, typeof body.code === "string" ? body.code : `common.${res.status}`, body);
  }
  return res;
}

/** A download's file name: Content-Disposition's filename* (RFC 5987) first, then filename, else the fallback. */
export function downloadName(res: Response, fallback: string): string {
  const cd = res.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="?([^";]+)"?/i.exec(cd)?.[1] ?? fallback;
}

/** The error code of a failed call (one that never got an answer counts as a server error). */
export const codeOf = (e: unknown): string => (e instanceof ApiError ? e.code : "common.500");
/** The parameters of a failed call's error ({} when it never got an answer). */
export const paramsOf = (e: unknown): Record<string, unknown> => (e instanceof ApiError ? e.params : {});

/** Signs in with the password grant; answers the tokens without storing them. */
export async function passwordGrant(username: string, password: string, code?: string): Promise<TokenResponse> {
  const form: Record<string, string> = { grant_type: "password", username, password };
  if (code) form.authentication_code = code;
  const res = await fetch("/oauth/token", {
    method: "POST",
    headers: { authorization: OAUTH_BASIC_HEADER, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  const data = (await parse(res)) as Record<string, unknown>;
  if (res.status !== 200) throw new ApiError(res.status, String(data?.code ?? `common.${res.status}`), data as Partial<ErrorBody>);
  return data as unknown as TokenResponse;
}
