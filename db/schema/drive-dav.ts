// WebDAV of the drive (issue 25; server/modules/drive/dav): its locks and the dead properties clients set.
//
// - drive_dav_locks: RFC 4918 write locks, in the database so every instance behind a load balancer sees
//   them. A lock is on a path of the drive owner's tree ("/" the root, "/docs/report.txt"), lower-cased as
//   names are unique ignoring case, not on an item: a lock may be taken on a name that has no item yet (the
//   client then PUTs it) and a lock on a folder with depth infinity covers whatever comes into it. A lock
//   past expires_at counts for nothing and is removed by the next look at the owner's locks.
// - drive_dav_props: PROPPATCH's dead properties of an item (Clark name → the value as XML), gone with the
//   item, moved with it (same id), copied with a copied file.
import { bigint, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { driveItems } from "./drive.ts";
import { users } from "./users.ts";

export const driveDavLocks = pgTable("drive_dav_locks", {
  /** The lock token without its "opaquelocktoken:" scheme: a random UUID. */
  token: text("token").primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** The owner of the tree the path is in. */
  treeUserId: bigint("tree_user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** "/" or "/a/b", lower-cased NFC names. */
  path: text("path").notNull(),
  /** "0" or "infinity". */
  depth: text("depth").notNull(),
  /** "exclusive" or "shared". */
  scope: text("scope").notNull(),
  /** The client's DAV:owner element as XML ("" when none). */
  ownerXml: text("owner_xml").notNull().default(""),
  /** The user who took the lock. */
  lockedBy: bigint("locked_by", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  timeoutSeconds: bigint("timeout_seconds", { mode: "number" }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
}, (t) => [index("drive_dav_locks_tree_idx").on(t.treeUserId, t.path)]);

export const driveDavProps = pgTable("drive_dav_props", {
  itemId: bigint("item_id", { mode: "number" }).notNull().references(() => driveItems.id, { onDelete: "cascade" }),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  /** Clark notation: "{http://example.com/ns}author". */
  name: text("name").notNull(),
  /** The property element as XML, its namespaces declared on it. */
  value: text("value").notNull(),
}, (t) => [primaryKey({ columns: [t.itemId, t.name] })]);
