// Users, organisations (a tree per company) and organisation membership.
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

export const organizations = pgTable("organizations", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  parentId: bigint("parent_id", { mode: "number" }),
  name: text("name").notNull(),
  email: text("email"),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("organizations_company_parent_idx").on(t.companyId, t.parentId)]);

export const users = pgTable("users", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** Sign-in name and mailbox address: loginId@domain, lower case. */
  username: text("username").notNull(),
  accountName: text("account_name").notNull(),
  displayName: text("display_name").notNull(),
  personalEmail: text("personal_email"),
  languageType: text("language_type").notNull().default("ko"),
  theme: text("theme").notNull().default("light"),
  totalQuota: bigint("total_quota", { mode: "number" }).notNull(),
  usedSize: bigint("used_size", { mode: "number" }).notNull().default(0),
  role: text("role").notNull().default("ROLE_USER"),
  isHr: boolean("is_hr").notNull().default(false),
  isOrgChartRestricted: boolean("is_org_chart_restricted").notNull().default(false),
  organId: bigint("organ_id", { mode: "number" }),
  jobGrade: text("job_grade"),
  position: text("position"),
  joinType: text("join_type").notNull().default("NORMAL"),
  status: text("status").notNull().default("ACTIVE"),
  passwordHash: text("password_hash").notNull(),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
  requestPasswordChange: boolean("request_password_change").notNull().default(false),
  bypassTwoFactor: boolean("bypass_two_factor").notNull().default(false),
  twoFactorAuth: boolean("two_factor_auth").notNull().default(false),
  totpSecret: text("totp_secret"),
  totpPendingSecret: text("totp_pending_secret"),
  /** Last TOTP time step accepted, so one code cannot be replayed. */
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  logoutAllSessions: boolean("logout_all_sessions").notNull().default(false),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  prevLoginAt: timestamp("prev_login_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex("users_username_uq").on(t.username),
  index("users_company_idx").on(t.companyId),
]);

export const organizationMembers = pgTable("organization_members", {
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  organId: bigint("organ_id", { mode: "number" }).notNull().references(() => organizations.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  isManager: boolean("is_manager").notNull().default(false),
}, (t) => [
  uniqueIndex("organization_members_pk").on(t.organId, t.userId),
  index("organization_members_user_idx").on(t.userId),
]);

export const userServiceConfigs = pgTable("user_service_configs", {
  userId: bigint("user_id", { mode: "number" }).primaryKey().references(() => users.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  firstScreenModuleType: text("first_screen_module_type").notNull().default("mail"),
  tutorials: jsonb("tutorials").$type<Record<string, boolean>>().notNull().default({}),
});
