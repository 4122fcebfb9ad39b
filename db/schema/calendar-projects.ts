// Project calendars (001 §3 "Calendar" type PROJECT, "Calendar config and others" subscribedProject, §7
// api/calendar/project; issue 23). A project calendar is a flow project the user is a member of, seen through
// server/modules/calendar/projects (the flow module hands the projects and their dated tasks over; nothing of
// them is copied here). What is kept is the user's own state of each: shown in the tree or not (subscribe),
// checked or not (updateTreeStatus), their colour (update). No row: shown, checked, the default colour.
// project_id has no foreign key: the projects live in the flow module's tables (issue 30), which remove a
// deleted project's rows here through the calendar's service (projects/service.ts forgetProject).
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

export const calendarProjectStates = pgTable("calendar_project_states", {
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  projectId: bigint("project_id", { mode: "number" }).notNull(),
  /** Listed in the user's tree (subscribedProject). */
  subscribed: boolean("subscribed").notNull().default(true),
  /** Its items show in the views. */
  checked: boolean("checked").notNull().default(true),
  /** The user's colour; null: the project's default (shared/calendar/projects.ts projectDefaultColor). */
  color: text("color"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex("calendar_project_states_pk").on(t.userId, t.projectId),
  index("calendar_project_states_project_idx").on(t.companyId, t.projectId),
]);
