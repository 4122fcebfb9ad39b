CREATE TABLE "mail_client_passwords" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_folders" ADD COLUMN "uid_next" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_folders" ADD COLUMN "highest_modseq" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_folders" ADD COLUMN "imap_subscribed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "uid" bigint;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "modseq" bigint;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "imap_flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "pop3_fetched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_client_passwords" ADD CONSTRAINT "mail_client_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_client_passwords" ADD CONSTRAINT "mail_client_passwords_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mails_folder_uid_uq" ON "mails" USING btree ("folder_id","uid") WHERE uid is not null;--> statement-breakpoint
CREATE INDEX "mails_imap_pending_idx" ON "mails" USING btree ("folder_id") WHERE uid is null or modseq is null;--> statement-breakpoint
-- IMAP state follows every change made anywhere (web, rules, ingest, jobs): a mail moved to another folder
-- loses its UID and MODSEQ, a change of read, important, tags or IMAP flags loses its MODSEQ. The IMAP layer
-- hands out new ones lazily, under the folder row's lock and only to committed rows, so a client never sees a
-- UID or MODSEQ lower than one it has already seen in that folder (server/modules/mail/imap/store/uids.ts).
CREATE FUNCTION mails_imap_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.folder_id IS DISTINCT FROM OLD.folder_id THEN
    NEW.uid := NULL;
    NEW.modseq := NULL;
  ELSIF NEW.read IS DISTINCT FROM OLD.read OR NEW.important IS DISTINCT FROM OLD.important
     OR NEW.tags IS DISTINCT FROM OLD.tags OR NEW.imap_flags IS DISTINCT FROM OLD.imap_flags THEN
    NEW.modseq := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER mails_imap_changes BEFORE UPDATE OF folder_id, read, important, tags, imap_flags ON mails
  FOR EACH ROW EXECUTE FUNCTION mails_imap_changes();
