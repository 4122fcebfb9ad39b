// Private subscription feeds (issue 23 "In and out"; table db/schema/calendar-extra.ts calendar_feeds): one
// secret address per user and calendar, for phones and Google/Outlook to subscribe read-only without signing
// in. The token is 32 random bytes (base64url), kept only as its SHA-256: the address is answered once when
// made (POST again makes a new one and the old one stops working), DELETE revokes it. Each fetch is the
// calendar's export (inout/service.ts) with the rights the user has at that moment; anything that no longer
// holds (the token, the user, the company's calendar, the user's access) answers 404, as for a token that
// never existed.
import { and, eq } from "drizzle-orm";
import { calendarFeeds, users } from "../../../../db/schema/index.ts";
import { CALENDAR_PRIVILEGE } from "../../../../shared/calendar/constants.ts";
import type { FeedInfo } from "../../../../shared/calendar/inout.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { companyInfo } from "../../company/service.ts";
import { requireCalendar, viewerOf } from "../calendars/access.ts";
import { exportCalendarFile, type IcsFile } from "./service.ts";

/** Where the feeds are served (outside /api: no sign-in). */
export const FEED_PATH = "/feeds/calendar";

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function feedUrl(deps: AppDeps, token: string): string {
  return `${deps.config.PUBLIC_URL.replace(/\/+$/, "")}${FEED_PATH}/${token}.ics`;
}

async function readable(caller: Caller, calendarId: number) {
  const v = await viewerOf(caller);
  await requireCalendar(caller, v, calendarId, CALENDAR_PRIVILEGE.READ);
  return v;
}

async function feedRow(caller: Caller, calendarId: number) {
  const [row] = await caller.deps.db.select().from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, caller.auth.userId), eq(calendarFeeds.calendarId, calendarId)));
  return row;
}

/** GET feed/{calendarId}: whether the caller has a feed of it (the address itself is not kept). */
export async function feedInfo(caller: Caller, calendarId: number): Promise<FeedInfo> {
  await readable(caller, calendarId);
  const row = await feedRow(caller, calendarId);
  return { calendarId, active: !!row, url: null, createdAt: row?.createdAt.toISOString() ?? null, lastUsedAt: row?.lastUsedAt?.toISOString() ?? null };
}

/** POST feed {calendarId}: a new secret address (any older one of the caller's for this calendar stops working). */
export async function createFeed(caller: Caller, calendarId: number): Promise<FeedInfo> {
  const v = await readable(caller, calendarId);
  const token = newToken();
  const now = caller.deps.clock.now();
  const values = { companyId: v.companyId, calendarId, userId: v.userId, tokenHash: await sha256(token), createdAt: now, lastUsedAt: null };
  await caller.deps.db.insert(calendarFeeds).values(values)
    .onConflictDoUpdate({ target: [calendarFeeds.userId, calendarFeeds.calendarId], set: { tokenHash: values.tokenHash, createdAt: now, lastUsedAt: null } });
  return { calendarId, active: true, url: feedUrl(caller.deps, token), createdAt: now.toISOString(), lastUsedAt: null };
}

/** DELETE feed/{calendarId}: the address stops working; 404 when there is none. */
export async function revokeFeed(caller: Caller, calendarId: number): Promise<void> {
  await readable(caller, calendarId);
  const gone = await caller.deps.db.delete(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, caller.auth.userId), eq(calendarFeeds.calendarId, calendarId))).returning({ id: calendarFeeds.id });
  if (!gone.length) throw notFound();
}

/** GET /feeds/calendar/{token}.ics: the calendar as the token's user may read it now; null answers 404. */
export async function feedFile(deps: AppDeps, tokenText: string, client: { ip: string; userAgent: string }): Promise<IcsFile | null> {
  const token = tokenText.replace(/\.ics$/i, "");
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [feed] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, await sha256(token)));
  if (!feed) return null;
  const [user] = await deps.db.select({ id: users.id, companyId: users.companyId, username: users.username, role: users.role })
    .from(users).where(and(eq(users.id, feed.userId), eq(users.companyId, feed.companyId), eq(users.status, "ACTIVE")));
  if (!user) return null;
  if (!(await companyInfo(deps, user.companyId)).useCalendar) return null;
  const caller: Caller = {
    deps,
    ...client,
    auth: { userId: user.id, companyId: user.companyId, username: user.username, role: user.role, isHr: false, sessionId: "calendar-feed", actorUserId: null },
  };
  try {
    const file = await exportCalendarFile(caller, feed.calendarId);
    await deps.db.update(calendarFeeds).set({ lastUsedAt: deps.clock.now() }).where(eq(calendarFeeds.id, feed.id));
    return file;
  } catch (e) {
    if (e instanceof AppError && (e.status === 404 || e.status === 403)) return null;
    throw e;
  }
}
