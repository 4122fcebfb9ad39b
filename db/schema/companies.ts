// Companies, their domains and per-module configuration.
import { bigint, bigserial, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const companies = pgTable("companies", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: text("name").notNull(),
  planType: text("plan_type").notNull().default("FREE"),
  domainStatus: text("domain_status").notNull().default("AVAILABLE"),
  /** The verified address the company signed up with; one company per address. */
  signupEmail: text("signup_email"),
  useHome: boolean("use_home").notNull().default(true),
  useFlow: boolean("use_flow").notNull().default(true),
  useCalendar: boolean("use_calendar").notNull().default(true),
  useContact: boolean("use_contact").notNull().default(true),
  useCustomer: boolean("use_customer").notNull().default(true),
  useDrive: boolean("use_drive").notNull().default(true),
  useBoard: boolean("use_board").notNull().default(true),
  useWiki: boolean("use_wiki").notNull().default(true),
  useToDo: boolean("use_todo").notNull().default(true),
  useLeave: boolean("use_leave").notNull().default(true),
  useApproval: boolean("use_approval").notNull().default(true),
  useResource: boolean("use_resource").notNull().default(true),
  useMailHistory: boolean("use_mail_history").notNull().default(true),
  useTeamChat: boolean("use_team_chat").notNull().default(true),
  useMessenger: boolean("use_messenger").notNull().default(true),
  customizeUI: jsonb("customize_ui").$type<Record<string, unknown>>().notNull().default({}),
  logo: text("logo"),
  footer: text("footer"),
  pageTitle: text("page_title"),
  securityMfa: boolean("security_mfa").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("companies_signup_email_uq").on(t.signupEmail)]);

export const companyDomains = pgTable("company_domains", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  domain: text("domain").notNull(),
  status: text("status").notNull().default("AVAILABLE"),
  isPrimary: boolean("is_primary").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("company_domains_domain_uq").on(t.domain), index("company_domains_company_idx").on(t.companyId)]);

export const companyConfigs = pgTable("company_configs", {
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  module: text("module").notNull(),
  config: jsonb("config").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex("company_configs_pk").on(t.companyId, t.module)]);
