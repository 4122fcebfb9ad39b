// Announcements: every signed-in user of the company reads them; administrators write them (the routes check
// the role). "New" means registered after the reader's previous sign-in (users.prev_login_at).
import { announceTopic } from "../../../shared/realtime.ts";
import {
  type Announcement, ANNOUNCEMENT_RECENT_MAX, type AnnouncementInput, type AnnouncementUpdated, hasVisibleContents,
} from "../../../shared/announcements.ts";
import { type Page, pageOf, type PageQuery } from "../../../shared/paging.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { requireUser } from "../users/service.ts";
import * as repo from "./repo.ts";
import { sanitizeContents } from "./sanitize.ts";

/** The reader's previous sign-in; a user who never signed in before sees everything as new. */
async function previousLogin(caller: Caller): Promise<Date> {
  const user = await requireUser(caller.deps.db, caller.auth.companyId, caller.auth.userId);
  return user.prevLoginAt ?? new Date(0);
}

function toAnnouncement(row: repo.AnnouncementRow, prevLogin: Date): Announcement {
  return {
    id: row.id,
    title: row.title,
    contents: row.contents,
    registTimeMillis: row.registeredAt.getTime(),
    updatedTimeMillis: row.updatedAt.getTime(),
    isNew: row.registeredAt.getTime() > prevLogin.getTime(),
  };
}

export async function list(caller: Caller, q: PageQuery): Promise<Page<Announcement>> {
  const [prev, { rows, total }] = await Promise.all([
    previousLogin(caller),
    repo.page(caller.deps.db, caller.auth.companyId, q.pageSize, q.page * q.pageSize),
  ]);
  return pageOf(rows.map((r) => toAnnouncement(r, prev)), total, q);
}

export async function get(caller: Caller, id: number): Promise<Announcement> {
  const row = await repo.find(caller.deps.db, caller.auth.companyId, id);
  if (!row) throw notFound();
  announce(caller, row.id);
  return toAnnouncement(row, await previousLogin(caller));
}

/** Registered after timeMillis (else after the previous sign-in), newest first, at most ANNOUNCEMENT_RECENT_MAX. */
export async function recent(caller: Caller, timeMillis?: number): Promise<Announcement[]> {
  const prev = await previousLogin(caller);
  const after = timeMillis === undefined ? prev : new Date(timeMillis);
  const rows = await repo.registeredAfter(caller.deps.db, caller.auth.companyId, after, ANNOUNCEMENT_RECENT_MAX);
  return rows.map((r) => toAnnouncement(r, prev));
}

export async function isUpdated(caller: Caller, timeMillis?: number): Promise<AnnouncementUpdated> {
  const after = timeMillis === undefined ? await previousLogin(caller) : new Date(timeMillis);
  const { n, latest } = await repo.countAfter(caller.deps.db, caller.auth.companyId, after);
  return { isUpdated: n > 0, count: n, latestTimeMillis: latest?.getTime() ?? null };
}

/** Sanitised contents; what shows nothing once cleaned (only a script, say) counts as missing. */
function cleanContents(input: AnnouncementInput): string {
  const contents = sanitizeContents(input.contents);
  if (!hasVisibleContents(contents)) {
    throw new AppError(400, "announcement.contents_required", undefined, [
      { field: "contents", code: "announcement.contents_required", message: "Enter the contents." },
    ]);
  }
  return contents;
}

export async function create(caller: Caller, input: AnnouncementInput): Promise<Announcement> {
  const contents = cleanContents(input);
  const now = caller.deps.clock.now();
  const row = await repo.insert(caller.deps.db, {
    companyId: caller.auth.companyId,
    title: input.title,
    contents,
    authorUserId: caller.auth.userId,
    registeredAt: now,
    updatedAt: now,
  });
  announce(caller, row.id);
  return toAnnouncement(row, await previousLogin(caller));
}

/** Every signed-in employee's browser hears of the change at once (realtime company topic). */
function announce(caller: Caller, id: number) {
  void caller.deps.realtime.publish(announceTopic(caller.auth.companyId), "ANNOUNCE_UPDATED", { id });
}

export async function update(caller: Caller, id: number, input: AnnouncementInput): Promise<Announcement> {
  const contents = cleanContents(input);
  const row = await repo.update(caller.deps.db, caller.auth.companyId, id, {
    title: input.title,
    contents,
    updatedAt: caller.deps.clock.now(),
  });
  if (!row) throw notFound();
  return toAnnouncement(row, await previousLogin(caller));
}

export async function remove(caller: Caller, id: number): Promise<void> {
  if (!(await repo.remove(caller.deps.db, caller.auth.companyId, id))) throw notFound();
  announce(caller, id);
}
