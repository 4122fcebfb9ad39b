// The bell (issue 32, shared/notifications/): what each module recorded for a person, and which kinds they also
// want by mail.
// - notifications: one row per recipient; kind "<module>.<event>" (shared/notifications/kinds.ts); title the
//   object's title at the time; link the app path; object_key "<module>:<id>" (e.g. "approval:12") lets a
//   module find its notifications again (a deleted object's are removed). read_at null = unread.
//   Rows older than RETENTION_DAYS are removed by the daily job.
// - notification_mail_settings: a person's own choice per kind (a missing row: the kind's default).
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const notifications = pgTable("notifications", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  actorId: bigint("actor_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  title: text("title").notNull(),
  excerpt: text("excerpt"),
  link: text("link").notNull(),
  objectKey: text("object_key"),
  createdAt: ts("created_at").notNull().defaultNow(),
  readAt: ts("read_at"),
}, (t) => [
  index("notifications_user").on(t.userId, t.id),
  index("notifications_user_unread").on(t.userId).where(sql`read_at is null`),
  index("notifications_object").on(t.companyId, t.objectKey),
  index("notifications_created").on(t.createdAt),
]);

export const notificationMailSettings = pgTable("notification_mail_settings", {
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  mail: boolean("mail").notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.kind] })]);
