ALTER TABLE "mail_followups" ADD COLUMN "forwarded_at" timestamp with time zone;--> statement-breakpoint
-- Drafts are now taken inside the send's transaction (compose/drafts.ts takeDraft); a draft an earlier version
-- left in SENDING (a crash in the middle of its send) is a draft again.
UPDATE "mails" SET "mail_type" = 'DRAFT' WHERE "mail_type" = 'SENDING';
