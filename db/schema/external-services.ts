// Connections to third-party services over OAuth 2.0 (shared/external-services.ts): the administrator's
// settings per company and registration, the users' connections (tokens encrypted at rest), the
// authorisations under way (one row from the popup's start to the provider's answer), and the calendar's
// per-calendar sync state of its EXTERNAL calendars (Google's sync token).
import { bigint, bigserial, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";
import { calendars } from "./calendar.ts";

/** One registration's OAuth client and endpoints, as the company's administrator set them. */
export const externalServiceSettings = pgTable("external_service_settings", {
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  registrationId: text("registration_id").notNull(),
  enabled: boolean("enabled").notNull().default(false),
  clientId: text("client_id").notNull().default(""),
  /** AES-GCM under the server's external key (server/modules/mail/external/crypto.ts); null: not given. */
  clientSecretEnc: text("client_secret_enc"),
  authorizationUri: text("authorization_uri").notNull(),
  tokenUri: text("token_uri").notNull(),
  revocationUri: text("revocation_uri").notNull(),
  userInfoUri: text("user_info_uri").notNull(),
  apiBaseUrl: text("api_base_url").notNull(),
  scopes: text("scopes").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.companyId, t.registrationId] })]);

/** A user's connection to one account at a provider. errorReason: why its last use failed (null: works). */
export const externalConnections = pgTable("external_connections", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  serviceType: text("service_type").notNull(),
  registrationId: text("registration_id").notNull(),
  /** The account at the provider (userinfo sub, email, name). */
  subject: text("subject").notNull(),
  email: text("email").notNull().default(""),
  name: text("name").notNull().default(""),
  accessTokenEnc: text("access_token_enc").notNull(),
  refreshTokenEnc: text("refresh_token_enc"),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  scopes: text("scopes").notNull().default(""),
  errorReason: text("error_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex("external_connections_account_uq").on(t.userId, t.registrationId, t.subject),
  index("external_connections_user_idx").on(t.companyId, t.userId, t.serviceType),
]);

/**
 * An authorisation under way. Made by the signed-in API call (ticketHash: the popup's one-time start address),
 * then at the start the browser's nonce (a cookie), the PKCE verifier and the redirect URI are set; the
 * provider's answer consumes it. Rows past expiresAt are ignored and swept.
 */
export const externalOauthPending = pgTable("external_oauth_pending", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  registrationId: text("registration_id").notNull(),
  ticketHash: text("ticket_hash").notNull(),
  started: boolean("started").notNull().default(false),
  browserNonceHash: text("browser_nonce_hash"),
  codeVerifier: text("code_verifier"),
  redirectUri: text("redirect_uri"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("external_oauth_pending_ticket_uq").on(t.ticketHash)]);

/** An EXTERNAL calendar's link to its Google calendar: Google's sync token and when it was last fetched. */
export const externalCalendarSyncs = pgTable("external_calendar_syncs", {
  calendarId: bigint("calendar_id", { mode: "number" }).primaryKey().references(() => calendars.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  connectionId: bigint("connection_id", { mode: "number" }).notNull().references(() => externalConnections.id, { onDelete: "cascade" }),
  isPrimary: boolean("is_primary").notNull().default(false),
  syncToken: text("sync_token"),
  syncedAt: timestamp("synced_at", { withTimezone: true }),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
}, (t) => [
  index("external_calendar_syncs_connection_idx").on(t.connectionId),
  index("external_calendar_syncs_due_idx").on(t.syncedAt),
]);
