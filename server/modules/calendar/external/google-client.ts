// Google Calendar API v3, the two calls the suite needs, through a connection (the external-services layer
// adds the token, refreshes it and keeps calls to the configured hosts):
//   GET {api}/users/me/calendarList?pageToken            → every page of the user's calendars
//   GET {api}/calendars/{id}/events?singleEvents=true&timeMin&timeMax&pageToken (full) or &syncToken (incremental)
// A 410 Gone on an incremental sync means the token is stale: FullSyncRequired, the caller starts over.
import type { AppDeps } from "../../../lib/context.ts";
import { type ConnectionRow, connectionFetch } from "../../external-services/connections.ts";
import { ExternalServiceError, jsonOf } from "../../external-services/http.ts";
import { providerOf } from "../../external-services/settings.ts";

export interface GoogleCalendar {
  id: string;
  summary?: string;
  summaryOverride?: string;
  backgroundColor?: string;
  selected?: boolean;
  primary?: boolean;
  deleted?: boolean;
  timeZone?: string;
}

export interface GoogleTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

export interface GoogleEvent {
  id: string;
  status?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: GoogleTime;
  end?: GoogleTime;
}

export class FullSyncRequired extends Error {}

/** Pages followed at most (250 items each): a runaway nextPageToken cannot loop for ever. */
const MAX_PAGES = 200;

async function getJson(deps: AppDeps, conn: ConnectionRow, url: URL): Promise<Record<string, unknown>> {
  const res = await connectionFetch(deps, conn, url.toString());
  const body = await jsonOf(res);
  if (res.ok && body) return body;
  if (res.status === 410) throw new FullSyncRequired();
  const reason = JSON.stringify(body?.error ?? "");
  // Google answers its rate limits with 403 (usageLimits) as well as 429: both pass with time.
  if (res.status === 403 && /rateLimit|quotaExceeded|usageLimits/i.test(reason)) throw new ExternalServiceError("NETWORK_ERROR", reason);
  if (res.status === 403 && /insufficient|scope|forbidden/i.test(reason)) throw new ExternalServiceError("INVALID_SCOPE", reason);
  if (res.status >= 500 || res.status === 429) throw new ExternalServiceError("NETWORK_ERROR", `status ${res.status}`);
  throw new ExternalServiceError("UNKNOWN", `status ${res.status} ${reason}`);
}

async function apiBase(deps: AppDeps, conn: ConnectionRow): Promise<string> {
  try {
    return (await providerOf(deps, conn.companyId, conn.registrationId)).apiBaseUrl.replace(/\/+$/, "");
  } catch {
    throw new ExternalServiceError("UNKNOWN", "the service is not configured");
  }
}

/** calendarList, all pages. */
export async function calendarList(deps: AppDeps, conn: ConnectionRow): Promise<GoogleCalendar[]> {
  const base = await apiBase(deps, conn);
  const out: GoogleCalendar[] = [];
  let pageToken: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const url = new URL(`${base}/users/me/calendarList`);
    url.searchParams.set("maxResults", "250");
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const body = await getJson(deps, conn, url);
    for (const item of (body.items as GoogleCalendar[] | undefined) ?? []) if (item && typeof item.id === "string") out.push(item);
    pageToken = typeof body.nextPageToken === "string" ? body.nextPageToken : undefined;
    if (!pageToken) break;
  }
  return out;
}

export interface EventsPage {
  items: GoogleEvent[];
  nextSyncToken: string | null;
}

/**
 * events.list, all pages: a full sync of [timeMin, timeMax) (singleEvents: a series comes as its occurrences),
 * or the changes since `syncToken` (then without the window, as Google requires).
 */
export async function listEvents(
  deps: AppDeps, conn: ConnectionRow, calendarId: string, opts: { syncToken: string } | { timeMin: Date; timeMax: Date },
): Promise<EventsPage> {
  const base = await apiBase(deps, conn);
  const items: GoogleEvent[] = [];
  let pageToken: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const url = new URL(`${base}/calendars/${encodeURIComponent(calendarId)}/events`);
    url.searchParams.set("singleEvents", "true");
    url.searchParams.set("maxResults", "250");
    if ("syncToken" in opts) url.searchParams.set("syncToken", opts.syncToken);
    else {
      url.searchParams.set("timeMin", opts.timeMin.toISOString());
      url.searchParams.set("timeMax", opts.timeMax.toISOString());
    }
    if (pageToken) url.searchParams.set("pageToken", pageToken);
    const body = await getJson(deps, conn, url);
    for (const item of (body.items as GoogleEvent[] | undefined) ?? []) if (item && typeof item.id === "string") items.push(item);
    pageToken = typeof body.nextPageToken === "string" ? body.nextPageToken : undefined;
    if (!pageToken) return { items, nextSyncToken: typeof body.nextSyncToken === "string" ? body.nextSyncToken : null };
  }
  return { items, nextSyncToken: null };
}
