CREATE TABLE "mail_imap_vanished" (
	"folder_id" bigint NOT NULL,
	"uid" bigint NOT NULL,
	"modseq" bigint,
	CONSTRAINT "mail_imap_vanished_folder_id_uid_pk" PRIMARY KEY("folder_id","uid")
);
--> statement-breakpoint
ALTER TABLE "mail_folders" ADD COLUMN "imap_vanished_floor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_imap_vanished" ADD CONSTRAINT "mail_imap_vanished_folder_id_mail_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."mail_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_imap_vanished_modseq_idx" ON "mail_imap_vanished" USING btree ("folder_id","modseq");--> statement-breakpoint
CREATE INDEX "mail_imap_vanished_pending_idx" ON "mail_imap_vanished" USING btree ("folder_id") WHERE modseq is null;--> statement-breakpoint
-- Removals before this migration were not recorded: what vanished up to now is unknown (QRESYNC answers such
-- old MODSEQs as RFC 7162 §3.2.5.2 allows), and HIGHESTMODSEQ moves on so every client's MODSEQ is below it.
UPDATE "mail_folders" SET "highest_modseq" = "highest_modseq" + 1, "imap_vanished_floor" = "highest_modseq" + 1;
--> statement-breakpoint
-- Every UID that leaves a folder, whatever the path (IMAP EXPUNGE/MOVE, the web's move, trash, delete and
-- purge, rules, POP3 DELE, jobs), is recorded here: a deleted row, a row moved to another folder, or a row
-- whose UID was cleared (MOVE into the mailbox itself). Only rows that had a UID (an IMAP session saw them).
-- The MODSEQ is handed out lazily with the folder's other changes, under the folder row's lock
-- (server/modules/mail/imap/store/vanished.ts). A folder deleted in the same statement (a cascade) is skipped.
CREATE FUNCTION mails_imap_vanished() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO mail_imap_vanished (folder_id, uid)
      SELECT o.folder_id, o.uid FROM old_rows o
       WHERE o.uid IS NOT NULL AND EXISTS (SELECT 1 FROM mail_folders f WHERE f.id = o.folder_id)
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO mail_imap_vanished (folder_id, uid)
      SELECT o.folder_id, o.uid FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE o.uid IS NOT NULL AND (n.folder_id <> o.folder_id OR n.uid IS DISTINCT FROM o.uid)
         AND EXISTS (SELECT 1 FROM mail_folders f WHERE f.id = o.folder_id)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mails_imap_vanished_delete AFTER DELETE ON mails REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mails_imap_vanished();
--> statement-breakpoint
CREATE TRIGGER mails_imap_vanished_update AFTER UPDATE ON mails REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mails_imap_vanished();
