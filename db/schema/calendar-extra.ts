// Calendar additions beside the core's tables (issue 23 "In and out"): private subscription feeds. A feed
// is one user's secret, revocable address of one calendar's read-only .ics (phones, Google and Outlook
// subscribe to it without signing in). Only the token's SHA-256 is kept; the address is shown once when made
// (a new one replaces it). What the feed shows is checked again at every fetch with the user's rights of the
// moment: a user who left, lost access or a company without the calendar gets 404.
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { calendars } from "./calendar.ts";

export const calendarFeeds = pgTable("calendar_feeds", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  calendarId: bigint("calendar_id", { mode: "number" }).notNull().references(() => calendars.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** SHA-256 (hex) of the secret token in the address. */
  tokenHash: text("token_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
}, (t) => [
  uniqueIndex("calendar_feeds_token_uq").on(t.tokenHash),
  uniqueIndex("calendar_feeds_user_calendar_uq").on(t.userId, t.calendarId),
  index("calendar_feeds_calendar_idx").on(t.calendarId),
]);
