// The columns every module's attached-file table shares (wiki, to-do and flow files): who uploaded it, its name,
// size, type and blob key (the blob collector and the backup find *_blob_key; users.used_size counts size by
// uploader through each table's triggers: from migration 0056 on, the shared uploaded_files_size_* functions),
// and when. Each table adds its id, company and owner column.
import { bigint, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const uploadedFileColumns = () => ({
  uploaderId: bigint("uploader_id", { mode: "number" }).notNull().references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  contentType: text("content_type").notNull(),
  blobKey: text("blob_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
