ALTER TABLE "mail_folders" ADD COLUMN "imap_recent_uid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- \Recent marks lived in each server process's memory before (mail/imap/store/recent.ts), started at a
-- folder's first look after a start: what already had a UID was not recent then, nor is it now.
UPDATE "mail_folders" SET "imap_recent_uid" = "uid_next" - 1;
