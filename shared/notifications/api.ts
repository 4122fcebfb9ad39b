// The bell's HTTP API (issue 32; the spec has no bell: ours). Every call needs a signed-in user; a notification
// is the recipient's own (another's id answers 404 notifications.not_found, as a missing one does).
//
//   GET    /api/notifications?before=&size=&unread=   NotificationPage: newest first; before= an id for the
//                                                     next page; unread=true only the unread
//   GET    /api/notifications/unread-count            { count }
//   POST   /api/notifications/read                    readBody ({ ids } or { all: true }) → 200 { count }
//                                                     (the unread count after); unknown ids are skipped
//   DELETE /api/notifications/{id}                    204
//   GET    /api/notifications/settings                NotificationSettings
//   PUT    /api/notifications/settings                settingsBody (some kinds) → 200 NotificationSettings
//
// Realtime on notificationTopic(username) (ids only, shared/realtime.ts): NOTIFICATION_NEW { id, count } when one
// arrives (count: the unread count after; the bell refetches its list), NOTIFICATION_READ { count } when the
// unread count fell (read or deleted in another tab or device).
// Notifications older than RETENTION_DAYS are removed by a daily job.
import { z } from "zod";
import { NOTIFICATION_KIND_IDS, type NotificationKind } from "./kinds.ts";

export const PAGE_SIZE = 20;
export const PAGE_SIZE_MAX = 50;
export const RETENTION_DAYS = 90;
export const READ_IDS_MAX = 500;
/** A notification's text excerpt (a comment's first words) is cut to this many characters. */
export const EXCERPT_MAX = 200;

export const NOTIFICATION_NEW = "NOTIFICATION_NEW";
export const NOTIFICATION_READ = "NOTIFICATION_READ";
export const notificationTopic = (username: string) => `/topic/notifications/user/${username}`;

export interface Notification {
  id: number;
  kind: NotificationKind;
  /** Who acted; null for the system (a reminder, a completion). */
  actor: { id: number; name: string } | null;
  /** The object's title (document, post, task, event, room, shared item). */
  title: string;
  /** A short excerpt (a reply's or comment's text, a message), or null. */
  excerpt: string | null;
  /** The app path (hash route) that opens the object, e.g. "/approval/doc/12". */
  link: string;
  createdAt: string;
  read: boolean;
}

export interface NotificationPage {
  content: Notification[];
  unreadCount: number;
  /** Whether older ones exist (ask again with before = the last id). */
  hasMore: boolean;
}

export interface NotificationSettings {
  /** For each kind: whether it also goes by mail. */
  mail: Record<NotificationKind, boolean>;
}

export const listQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
  unread: z.enum(["true", "false"]).optional().transform((v) => v === "true"),
});
export type ListQuery = z.infer<typeof listQuery>;

export const readBody = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(READ_IDS_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type ReadBody = z.infer<typeof readBody>;

export const settingsBody = z.object({
  mail: z.partialRecord(z.enum(NOTIFICATION_KIND_IDS as [NotificationKind, ...NotificationKind[]]), z.boolean()),
});
export type SettingsBody = z.infer<typeof settingsBody>;
