// Sharing of any module object (mail folder, address book, calendar, drive item, ...) with users or whole
// organisations, and share links that open an object without signing in.
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { users } from "./users.ts";

/** One share record per shared object; its owner (the organiser) is the only one who may edit it. */
export const shares = pgTable("shares", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  moduleType: text("module_type").notNull(),
  /** The shared object's id in its module (text: some modules use composite or string ids). */
  objectId: text("object_id").notNull(),
  ownerUserId: bigint("owner_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("shares_object_uq").on(t.companyId, t.moduleType, t.objectId), index("shares_owner_idx").on(t.ownerUserId)]);

export const shareMembers = pgTable("share_members", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  shareId: bigint("share_id", { mode: "number" }).notNull().references(() => shares.id, { onDelete: "cascade" }),
  /** USER or ORGANIZATION */
  memberType: text("member_type").notNull(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  /** 1 title only (calendar), 2 read, 3 edit */
  permission: integer("permission").notNull(),
  /** For an organisation: whether its sub-organisations' members are included. */
  includeSubOrganizations: boolean("include_sub_organizations").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex("share_members_uq").on(t.shareId, t.memberType, t.memberId),
  index("share_members_member_idx").on(t.companyId, t.memberType, t.memberId),
]);

export const shareLinks = pgTable("share_links", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  moduleType: text("module_type").notNull(),
  objectId: text("object_id").notNull(),
  /** The unguessable part of the public URL (32 random bytes, base64url). */
  token: text("token").notNull(),
  /** READ or EDIT */
  permission: text("permission").notNull(),
  /** ANYONE, COMPANY (employees signed in) or PASSWORD */
  accessMode: text("access_mode").notNull(),
  passwordHash: text("password_hash"),
  downloadLimitCount: integer("download_limit_count"),
  downloadCount: integer("download_count").notNull().default(0),
  startAt: timestamp("start_at", { withTimezone: true }),
  expiryAt: timestamp("expiry_at", { withTimezone: true }),
  createdByUserId: bigint("created_by_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("share_links_token_uq").on(t.token), index("share_links_object_idx").on(t.companyId, t.moduleType, t.objectId)]);

/** Email verification for opening a link: a code mailed to an address, checked once. */
export const shareLinkVerifications = pgTable("share_link_verifications", {
  id: uuid("id").primaryKey(),
  linkId: bigint("link_id", { mode: "number" }).notNull().references(() => shareLinks.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
}, (t) => [index("share_link_verifications_link_idx").on(t.linkId, t.email)]);
