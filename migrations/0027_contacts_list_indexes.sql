DROP INDEX "contact_cards_owner_sort_idx";--> statement-breakpoint
DROP INDEX "contact_cards_owner_consonant_idx";--> statement-breakpoint
DROP INDEX "contact_cards_owner_created_idx";--> statement-breakpoint
DROP INDEX "contact_cards_owner_trash_idx";--> statement-breakpoint
CREATE INDEX "contact_cards_owner_important_idx" ON "contact_cards" USING btree ("company_id","owner_user_id","sort_key" collate "C","id") WHERE deleted_at is null and important;--> statement-breakpoint
CREATE INDEX "contact_cards_owner_sort_idx" ON "contact_cards" USING btree ("company_id","owner_user_id","sort_key" collate "C","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_cards_owner_consonant_idx" ON "contact_cards" USING btree ("company_id","owner_user_id","consonant","sort_key" collate "C","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_cards_owner_created_idx" ON "contact_cards" USING btree ("company_id","owner_user_id","created_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contact_cards_owner_trash_idx" ON "contact_cards" USING btree ("company_id","owner_user_id","deleted_at") WHERE deleted_at is not null;