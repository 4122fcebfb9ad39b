// Moving in from another mail server (server/modules/mail/import/, `deno task mail:import-imap`): per source
// folder copied into a user's mailbox, the source folder's UIDVALIDITY and the highest UID copied so far. The
// row is written in the same transaction as the messages it counts, so an import that stops anywhere resumes
// after the last committed message and a second run copies nothing twice.
import { bigint, bigserial, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { mailFolders } from "./mail.ts";
import { users } from "./users.ts";

export const mailImapImports = pgTable("mail_imap_imports", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  companyId: bigint("company_id", { mode: "number" }).notNull().references(() => companies.id, { onDelete: "cascade" }),
  userId: bigint("user_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  /** The source account, "login@host:port" lower-cased. */
  source: text("source").notNull(),
  /** The source folder's name (decoded from modified UTF-7), with the source's delimiter. */
  sourcePath: text("source_path").notNull(),
  /** The suite folder it is copied into; null once the user deleted that folder (a new run files by name again). */
  folderId: bigint("folder_id", { mode: "number" }).references(() => mailFolders.id, { onDelete: "set null" }),
  /** UIDVALIDITY of the source folder when lastUid was copied (up to 2^32-1). */
  uidValidity: bigint("uid_validity", { mode: "number" }).notNull(),
  /** Every message of the source folder with a UID up to this one is copied (or was skipped for good). */
  lastUid: bigint("last_uid", { mode: "number" }).notNull().default(0),
  /**
   * Messages with a UID below this one may have been copied already under an earlier UIDVALIDITY (or, on a
   * first run into a folder that held mail, by other means): each is compared with the folder's messages
   * (same bytes) before it is copied. 0: none.
   */
  verifyBelowUid: bigint("verify_below_uid", { mode: "number" }).notNull().default(0),
  /** Messages copied from this source folder over all runs. */
  copiedCount: integer("copied_count").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex("mail_imap_imports_source_uq").on(t.userId, t.source, t.sourcePath)]);
