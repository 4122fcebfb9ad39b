// What a user sent, for the per-user hourly send limit (server/modules/mail/outbound/send-limit.ts): one row per
// send (a web send, eachSend included, or a submitted message) with the number of recipients it was handed
// to. Rows older than the window are removed when the same user sends again.
import { bigint, bigserial, index, integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

export const mailSendLog = pgTable("mail_send_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  recipients: integer("recipients").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
}, (t) => [index("mail_send_log_user_idx").on(t.userId, t.sentAt)]);
