// Company announcements (000 §3 "Announcement", §7 "Announcements", §9): read by every signed-in user of the
// company, written by administrators (/api/admin/announcements). Contents are rich text, sanitised HTML.
import { z } from "zod";
import { pageQuery, MAX_TIME_MILLIS } from "./paging.ts";

export const ANNOUNCEMENT_TITLE_MAX = 200;
/** Largest contents accepted, in bytes of UTF-8 (100 KB). */
export const ANNOUNCEMENT_CONTENTS_MAX_BYTES = 100 * 1024;
/** Page size of the announcement list dialog (the API's default stays 20). */
export const ANNOUNCEMENT_DIALOG_PAGE_SIZE = 10;
/** Most announcements GET /api/announce/recent answers. */
export const ANNOUNCEMENT_RECENT_MAX = 20;

/** One announcement as every read call answers it. */
export interface Announcement {
  id: number;
  title: string;
  /** Sanitised HTML. */
  contents: string;
  registTimeMillis: number;
  updatedTimeMillis: number;
  /** Registered after the reader's previous sign-in. */
  isNew: boolean;
}

/** GET /api/announce/recent/isUpdated. */
export interface AnnouncementUpdated {
  /** An announcement was registered after the reference time (timeMillis, else the previous sign-in). */
  isUpdated: boolean;
  /** How many were registered after it. */
  count: number;
  /** Registration time of the newest of them; null when there is none. */
  latestTimeMillis: number | null;
}

export const announcementListQuery = pageQuery;

/** GET /api/announce/recent and /recent/isUpdated: timeMillis is optional (default: the previous sign-in). */
export const announcementRecentQuery = z.object({
  timeMillis: z.coerce.number({ message: "announcement.time_invalid" }).int("announcement.time_invalid")
    .min(0, "announcement.time_invalid").max(MAX_TIME_MILLIS, "announcement.time_invalid").optional(),
});

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** POST and PUT /api/admin/announcements: both fields, as the editor always sends them. */
export const announcementBody = z.object({
  title: z.string({ message: "announcement.title_required" }).trim().min(1, "announcement.title_required")
    .max(ANNOUNCEMENT_TITLE_MAX, "announcement.title_too_long"),
  contents: z.string({ message: "announcement.contents_required" }).min(1, "announcement.contents_required")
    .refine((s) => utf8Bytes(s) <= ANNOUNCEMENT_CONTENTS_MAX_BYTES, "announcement.contents_too_large"),
});
export type AnnouncementInput = z.infer<typeof announcementBody>;

/** Whether HTML shows anything: some text, or an image. Used after sanitising, on both sides. */
export function hasVisibleContents(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|\s/g, "") !== "";
}
