// A local stand-in for Google's OAuth 2.0, Calendar API v3 and Drive API v3, real HTTP on loopback, for the external
// calendar tests (Google cannot be reached from here). It speaks what the suite uses, as Google does:
//   GET  /o/oauth2/v2/auth            consent: redirects to redirect_uri with code (or error=access_denied),
//                                     at once or, with consentPage, after a small page's Allow / Deny links
//   POST /token                       grant_type authorization_code (client secret, redirect_uri, PKCE S256)
//                                     and refresh_token; a revoked grant answers 400 invalid_grant
//   POST /revoke                      revokes the grant of a refresh or access token
//   GET  /v1/userinfo                 sub, email, name
//   GET  /calendar/v3/users/me/calendarList          pages of CALENDAR_PAGE items (pageToken)
//   GET  /calendar/v3/calendars/{id}/events          singleEvents; timeMin/timeMax (full) or syncToken
//                                     (changes since, deletions as status "cancelled"); pages of eventsPage
//                                     items; a stale syncToken answers 410 Gone
//   GET  /drive/v3/files, /files/{id}, /files/{id}/export         Drive API v3 (tests/support/google-drive-standin.ts)
// Switches: refuseConsent, dropCalendarScope (the grant lacks the calendar scope), expireAccessTokens() (the
// tokens given so far answer 401 until refreshed), revokeGrant() (every grant: a refresh answers invalid_grant),
// invalidateSyncTokens(). Counters tell how often tokens were refreshed and codes exchanged.
import { type DriveStandin, driveStandin } from "./google-drive-standin.ts";

export interface StandinTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

export interface StandinEvent {
  id: string;
  summary: string;
  description?: string;
  location?: string;
  start: StandinTime;
  end: StandinTime;
}

export interface StandinCalendar {
  id: string;
  summary: string;
  backgroundColor: string;
  selected?: boolean;
  primary?: boolean;
}

interface StoredEvent extends StandinEvent {
  status: "confirmed" | "cancelled";
  seq: number;
}

export const CALENDAR_PAGE = 2;
const CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar.readonly";

const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const random = () => b64url(crypto.getRandomValues(new Uint8Array(18)));
const sha256 = async (s: string) => b64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s))));

export interface GoogleStandin {
  base: string;
  clientId: string;
  clientSecret: string;
  endpoints: { authorizationUri: string; tokenUri: string; revocationUri: string; userInfoUri: string; apiBaseUrl: string };
  /** The Drive API's base (the google-drive registration's apiBaseUrl). */
  driveApiBaseUrl: string;
  drive: DriveStandin;
  account: { sub: string; email: string; name: string };
  switches: { refuseConsent: boolean; dropCalendarScope: boolean; dropDriveScope: boolean; consentPage: boolean; eventsPage: number };
  counts: { codeExchanges: number; refreshes: number; revocations: number; apiCalls: number; unauthorized: number };
  /** The query of every events.list call, in order. */
  eventRequests: URLSearchParams[];
  addCalendar(c: StandinCalendar): void;
  putEvent(calendarId: string, e: StandinEvent): void;
  deleteEvent(calendarId: string, id: string): void;
  expireAccessTokens(): void;
  revokeGrant(): void;
  invalidateSyncTokens(): void;
  close(): Promise<void>;
}

export function startGoogleStandin(account = { sub: "1077", email: "kim.google@gmail.test", name: "Kim Google" }): GoogleStandin {
  const clientId = `client-${random()}.apps.standin`;
  const clientSecret = random();
  const calendars: StandinCalendar[] = [];
  const events = new Map<string, Map<string, StoredEvent>>();
  const codes = new Map<string, { redirectUri: string; challenge: string; scope: string }>();
  const consents = new Map<string, URL>();
  /** Each code exchange is a grant; revoking a token revokes its grant (its refresh and access tokens). */
  const access = new Map<string, { expired: boolean; scope: string; grant: number }>();
  const refreshTokens = new Map<string, { scope: string; grant: number }>();
  let grants = 0;
  let seq = 0;
  let syncGeneration = 1;

  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const apiError = (status: number, message: string, reason: string) => json({ error: { code: status, message, errors: [{ reason, message }] } }, status);

  function redirectBack(req: URL, params: Record<string, string>) {
    const to = new URL(req.searchParams.get("redirect_uri")!);
    for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
    const state = req.searchParams.get("state");
    if (state) to.searchParams.set("state", state);
    return new Response(null, { status: 302, headers: { location: to.toString() } });
  }

  function decide(req: URL, allow: boolean) {
    if (!allow || self.switches.refuseConsent) return redirectBack(req, { error: "access_denied" });
    const code = random();
    let scope = (req.searchParams.get("scope") ?? "").split(/\s+/).filter(Boolean);
    if (self.switches.dropCalendarScope) scope = scope.filter((s) => s !== CALENDAR_SCOPE);
    if (self.switches.dropDriveScope) scope = scope.filter((s) => !s.startsWith("https://www.googleapis.com/auth/drive"));
    codes.set(code, { redirectUri: req.searchParams.get("redirect_uri")!, challenge: req.searchParams.get("code_challenge") ?? "", scope: scope.join(" ") });
    return redirectBack(req, { code });
  }

  function authorize(url: URL): Response {
    const p = url.searchParams;
    if (p.get("client_id") !== clientId || p.get("response_type") !== "code" || !p.get("redirect_uri") || p.get("code_challenge_method") !== "S256") {
      return new Response("invalid_request", { status: 400 });
    }
    if (!self.switches.consentPage) return decide(url, true);
    const id = random();
    consents.set(id, url);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google stand-in</title>
<style>body{font:15px system-ui,sans-serif;margin:24px}a{display:inline-block;margin:8px 12px 0 0;padding:8px 16px;border:1px solid #888;border-radius:6px;text-decoration:none}</style></head>
<body><main><h1>Google stand-in</h1><p>${account.email} · ${account.name}</p><p>Groupware wants to see your ${/drive/.test(url.searchParams.get("scope") ?? "") ? "files" : "calendars"}.</p>
<a href="/o/oauth2/v2/decide?id=${id}&allow=1">Allow</a><a href="/o/oauth2/v2/decide?id=${id}&allow=0">Deny</a></main></body></html>`;
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  }

  function issue(scope: string, grant: number, withRefresh: boolean) {
    const token = `ya29.${random()}`;
    access.set(token, { expired: false, scope, grant });
    const out: Record<string, unknown> = { access_token: token, expires_in: 3599, token_type: "Bearer", scope };
    if (withRefresh) {
      const refresh = `1//${random()}`;
      refreshTokens.set(refresh, { scope, grant });
      out.refresh_token = refresh;
    }
    return out;
  }

  async function token(req: Request): Promise<Response> {
    const form = new URLSearchParams(await req.text());
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    const basic = /^Basic (.+)$/.exec(req.headers.get("authorization") ?? "");
    if (basic) [id, secret] = atob(basic[1]).split(":").map(decodeURIComponent);
    if (id !== clientId || secret !== clientSecret) return json({ error: "invalid_client" }, 401);
    if (form.get("grant_type") === "authorization_code") {
      const c = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!c || c.redirectUri !== form.get("redirect_uri") || c.challenge !== await sha256(form.get("code_verifier") ?? "")) {
        return json({ error: "invalid_grant", error_description: "Bad Request" }, 400);
      }
      self.counts.codeExchanges++;
      return json(issue(c.scope, ++grants, true));
    }
    if (form.get("grant_type") === "refresh_token") {
      const r = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!r) return json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
      self.counts.refreshes++;
      return json(issue(r.scope, r.grant, false));
    }
    return json({ error: "unsupported_grant_type" }, 400);
  }

  /** The bearer's grant, or the 401 Google answers. */
  function bearer(req: Request): { scope: string } | Response {
    const t = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
    const a = access.get(t);
    if (!a || a.expired) {
      self.counts.unauthorized++;
      return apiError(401, "Request had invalid authentication credentials.", "authError");
    }
    return a;
  }

  function listEvents(url: URL, calendarId: string, scope: string): Response {
    if (!scope.split(" ").includes(CALENDAR_SCOPE)) return apiError(403, "Request had insufficient authentication scopes.", "insufficientPermissions");
    const store = events.get(calendarId);
    if (!store) return apiError(404, "Not Found", "notFound");
    const p = url.searchParams;
    self.eventRequests.push(new URLSearchParams(p));
    const syncToken = p.get("syncToken");
    let list = [...store.values()];
    if (syncToken) {
      const m = /^s(\d+)g(\d+)$/.exec(syncToken);
      if (!m || Number(m[2]) !== syncGeneration) return apiError(410, "Sync token is no longer valid, a full sync is required.", "fullSyncRequired");
      if (p.has("timeMin") || p.has("timeMax")) return apiError(400, "Sync token cannot be used with timeMin.", "invalid");
      list = list.filter((e) => e.seq > Number(m[1]));
    } else {
      const min = Date.parse(p.get("timeMin") ?? "") || -Infinity;
      const max = Date.parse(p.get("timeMax") ?? "") || Infinity;
      const ms = (t: StandinTime) => Date.parse(t.dateTime ?? `${t.date}T00:00:00Z`);
      list = list.filter((e) => e.status === "confirmed" && ms(e.start) < max && ms(e.end) > min);
    }
    list.sort((a, b) => a.seq - b.seq);
    const offset = Number(p.get("pageToken") ?? 0) || 0;
    const size = Math.min(Number(p.get("maxResults") ?? 250) || 250, self.switches.eventsPage);
    const page = list.slice(offset, offset + size);
    const body: Record<string, unknown> = {
      kind: "calendar#events",
      items: page.map(({ seq: _s, ...e }) => (e.status === "cancelled" ? { id: e.id, status: "cancelled" } : { kind: "calendar#event", ...e })),
    };
    if (offset + size < list.length) body.nextPageToken = String(offset + size);
    else body.nextSyncToken = `s${seq}g${syncGeneration}`;
    return json(body);
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname;
    if (path === "/o/oauth2/v2/auth" && req.method === "GET") return authorize(url);
    if (path === "/o/oauth2/v2/decide" && req.method === "GET") {
      const original = consents.get(url.searchParams.get("id") ?? "");
      consents.delete(url.searchParams.get("id") ?? "");
      return original ? decide(original, url.searchParams.get("allow") === "1") : new Response("expired", { status: 400 });
    }
    if (path === "/token" && req.method === "POST") return await token(req);
    if (path === "/revoke" && req.method === "POST") {
      const t = new URLSearchParams(await req.text()).get("token") ?? "";
      const grant = (refreshTokens.get(t) ?? access.get(t))?.grant;
      if (grant === undefined) return json({ error: "invalid_token" }, 400);
      self.counts.revocations++;
      for (const [k, r] of refreshTokens) if (r.grant === grant) refreshTokens.delete(k);
      for (const a of access.values()) if (a.grant === grant) a.expired = true;
      return new Response(null, { status: 200 });
    }
    const auth = bearer(req);
    if (auth instanceof Response) return auth;
    self.counts.apiCalls++;
    const driveAnswer = self.drive.handle(url, auth.scope);
    if (driveAnswer) return driveAnswer;
    if (path === "/v1/userinfo") return json({ sub: account.sub, email: account.email, email_verified: true, name: account.name });
    if (path === "/calendar/v3/users/me/calendarList") {
      if (!auth.scope.split(" ").includes(CALENDAR_SCOPE)) return apiError(403, "Request had insufficient authentication scopes.", "insufficientPermissions");
      const offset = Number(url.searchParams.get("pageToken") ?? 0) || 0;
      const items = calendars.slice(offset, offset + CALENDAR_PAGE).map((c) => ({ kind: "calendar#calendarListEntry", accessRole: "owner", timeZone: "Asia/Seoul", ...c }));
      const body: Record<string, unknown> = { kind: "calendar#calendarList", items };
      if (offset + CALENDAR_PAGE < calendars.length) body.nextPageToken = String(offset + CALENDAR_PAGE);
      return json(body);
    }
    const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(path);
    if (m) return listEvents(url, decodeURIComponent(m[1]), auth.scope);
    return apiError(404, "Not Found", "notFound");
  }

  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, handle);
  const base = `http://127.0.0.1:${server.addr.port}`;
  const self: GoogleStandin = {
    base,
    clientId,
    clientSecret,
    endpoints: {
      authorizationUri: `${base}/o/oauth2/v2/auth`,
      tokenUri: `${base}/token`,
      revocationUri: `${base}/revoke`,
      userInfoUri: `${base}/v1/userinfo`,
      apiBaseUrl: `${base}/calendar/v3`,
    },
    driveApiBaseUrl: `${base}/drive/v3`,
    drive: driveStandin(base, account),
    account,
    switches: { refuseConsent: false, dropCalendarScope: false, dropDriveScope: false, consentPage: false, eventsPage: 3 },
    counts: { codeExchanges: 0, refreshes: 0, revocations: 0, apiCalls: 0, unauthorized: 0 },
    eventRequests: [],
    addCalendar(c) {
      calendars.push(c);
      events.set(c.id, new Map());
    },
    putEvent(calendarId, e) {
      events.get(calendarId)!.set(e.id, { ...e, status: "confirmed", seq: ++seq });
    },
    deleteEvent(calendarId, id) {
      const store = events.get(calendarId)!;
      const e = store.get(id)!;
      store.set(id, { ...e, status: "cancelled", seq: ++seq });
    },
    expireAccessTokens() {
      for (const a of access.values()) a.expired = true;
    },
    revokeGrant() {
      refreshTokens.clear();
      for (const a of access.values()) a.expired = true;
    },
    invalidateSyncTokens() {
      syncGeneration++;
    },
    close: () => server.shutdown(),
  };
  return self;
}
